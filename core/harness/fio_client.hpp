// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/fio_json_reader.hpp"
#include "data/measurement.hpp"
#include "harness/fio_client_json.hpp"

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

namespace iolens::core {

/// One fio server (`fio --server` running on a VM or host) and the job it runs.
struct FioClientHost {
    /// Name or address as fio's --client takes it ("vm1", "10.0.0.5", "ip6:fe80::1"); no comma.
    std::string address;
    int port = 0;        ///< server port, 1..65535; 0 = fio's default (8765)
    std::string jobText; ///< the job file this host runs (fio's ini format)
};

/// Where and how runFioClient works.
struct FioClientOptions {
    std::string fioProgram = "fio"; ///< fio executable, looked up in PATH
    /// Folder for the job files (host0.fio, host1.fio, ...), the raw JSON (client.json) and fio's
    /// messages (client.log); created if missing. Files of an earlier run are overwritten.
    std::filesystem::path workDirectory;
    double timeoutSeconds = 0.0; ///< > 0: stop fio (SIGTERM, then SIGKILL) after this long
    /// Set to stop fio within ~0.1 s (Ctrl-C, a dialog's Cancel); the result is then `cancelled`.
    const std::atomic<bool>* cancel = nullptr;
    FioImportOptions import; ///< scheduler of the measured device (vms is set from the hosts)
};

/// What one client run measured: each host alone and the multi-VM aggregate.
struct FioClientResult {
    bool cancelled = false;           ///< stopped through FioClientOptions::cancel: no results
    std::vector<FioHostResult> hosts; ///< in the order the hosts were given
    Measurement aggregate;            ///< aggregateOverHosts(hosts): vms = hosts.size()
    std::filesystem::path jsonFile;   ///< fio's JSON output, kept
    std::filesystem::path logFile;    ///< fio's stderr
};

/// fio's --client value of a host: "ADDRESS" or "ADDRESS,PORT".
std::string fioClientAddress(const FioClientHost& host);

/// The command line: fio --client=H1 JOB1 --client=H2 JOB2 ... --output-format=json, one
/// job file per host (jobFiles.size() == hosts.size()). Throws ConfigError for an empty or
/// comma-holding address, a port outside 1..65535, or the same address and port twice.
std::vector<std::string> fioClientArguments(const std::string& fioProgram,
    const std::vector<FioClientHost>& hosts, const std::vector<std::filesystem::path>& jobFiles);

/// Writes the job files, runs fio as a client of every host at once (blocking until it ends),
/// keeps its JSON and parses it. The hosts must run the same workload (see aggregateOverHosts)
/// and, if their job files have [global] sections, identical ones: fio's client output keeps
/// only one "global options" object (ConfigError otherwise). Throws Error with fio's last
/// messages if fio fails or times out (a server not listening), ConfigError if fio is not
/// installed (ChildProcess), DataError if a host is missing from the output or the output is
/// malformed. Runs fio through ChildProcess: it dies with the calling thread.
FioClientResult runFioClient(
    const std::vector<FioClientHost>& hosts, const FioClientOptions& options);

} // namespace iolens::core

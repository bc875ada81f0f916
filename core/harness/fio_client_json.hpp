// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/fio_json_reader.hpp"
#include "data/measurement.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace iolens::core {

/// fio's default server port (fio --server without a port, --client=HOST without one).
inline constexpr int kFioDefaultPort = 8765;

/// The result of one host (one fio server, e.g. one VM) of a client run.
struct FioHostResult {
    std::string host;        ///< as fio reports it: the name or address given to --client
    int port = 0;            ///< the server's port
    int jobs = 0;            ///< client_stats entries of this host (1 per job with group_reporting)
    Measurement measurement; ///< this host alone, parsed as parseFioJson parses a local run
};

/// Reads the JSON that `fio --client=H1 job1 --client=H2 job2 ... --output-format=json` prints:
/// "client_stats" holds one entry per job per host, each with "hostname" and "port", plus an
/// "All clients" entry (when there are several hosts) that is skipped here, since
/// aggregateOverHosts computes the aggregate the paper's way. The entries of one host are
/// combined by parseFioJson (bandwidth and IOPS summed, latency weighted by I/Os), with the
/// top-level "global options" under each entry's "job options" (fio's client keeps only one
/// [global] section for all hosts, so hosts must share it). Hosts come in the order they first
/// appear. Text before the first '{' and after the last '}' is ignored (fio prints a blank line
/// first). Throws DataError naming `source`, the host and the field for malformed output or a
/// job that reports an error.
std::vector<FioHostResult> parseFioClientJson(
    std::string_view text, const std::string& source, const FioImportOptions& options = {});

/// The multi-VM measurement of hosts (ICPE'13 section 6.3, one host = one VM), vms = their
/// count, by combineVmResults (harness/multi_vm.hpp), the rule of the emulated multi-VM runs:
/// throughputs and IOPS summed; response times (mean and p99) averaged over the hosts that
/// report them, unweighted: each VM counts once, as the one-VM model predicts one VM's response
/// time (fio's own "All clients" mean is weighted by I/Os instead). Configuration: threads and
/// file-set size summed over hosts; scheduler, request size, pattern and read % from the first
/// host (each must agree across hosts, else ConfigError naming both); measuredAt the earliest
/// host's; split "multivm". hosts not empty (StateError).
Measurement aggregateOverHosts(const std::vector<FioHostResult>& hosts);

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/fio_client.hpp"

#include "common/error.hpp"
#include "common/text_file.hpp"
#include "common/text_trim.hpp"
#include "harness/child_process.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <sstream>
#include <thread>

namespace iolens::core {

namespace {

namespace fs = std::filesystem;

int effectivePort(const FioClientHost& host)
{
    return host.port == 0 ? kFioDefaultPort : host.port;
}

// The host name fio reports in client_stats: the address without fio's "ip:"/"ip6:" prefix.
std::string reportedName(const std::string& address)
{
    for (const char* prefix : {"ip:", "ip6:"})
        if (address.starts_with(prefix))
            return address.substr(std::string(prefix).size());
    return address;
}

// The option lines of a job file's [global] section(s), without blanks and comments.
std::vector<std::string> globalSection(const std::string& jobText)
{
    std::vector<std::string> lines;
    std::istringstream in(jobText);
    bool inGlobal = false;
    for (std::string line; std::getline(in, line);) {
        line = std::string(trimmed(line));
        if (line.empty() || line.front() == ';' || line.front() == '#')
            continue;
        if (line.front() == '[')
            inGlobal = line == "[global]";
        else if (inGlobal)
            lines.push_back(line);
    }
    return lines;
}

void checkSameGlobals(const std::vector<FioClientHost>& hosts)
{
    for (std::size_t i = 1; i < hosts.size(); ++i)
        if (globalSection(hosts[i].jobText) != globalSection(hosts[0].jobText))
            throw ConfigError("fio client: the job files of " + fioClientAddress(hosts[0]) + " and "
                + fioClientAddress(hosts[i])
                + " have different [global] sections; fio's client output keeps only one, so "
                  "put per-host options in the job sections");
}

std::string lastMessages(const fs::path& log)
{
    std::string text;
    try {
        text = readTextFile(log.string());
    } catch (const Error&) {
        return "(no messages)";
    }
    constexpr std::size_t kTail = 800;
    if (text.size() > kTail)
        text = "..." + text.substr(text.size() - kTail);
    return text.empty() ? "(no messages)" : std::string(trimmed(text));
}

// Puts the parsed hosts in the order given, and fails for a host without a result.
std::vector<FioHostResult> inGivenOrder(std::vector<FioHostResult> parsed,
    const std::vector<FioClientHost>& hosts, const fs::path& json)
{
    std::vector<FioHostResult> ordered;
    for (const FioClientHost& host : hosts) {
        const auto found = std::find_if(parsed.begin(), parsed.end(), [&](const FioHostResult& r) {
            return r.host == reportedName(host.address) && r.port == effectivePort(host);
        });
        if (found == parsed.end())
            throw DataError(json.string() + ": no result of host " + fioClientAddress(host));
        ordered.push_back(std::move(*found));
        parsed.erase(found);
    }
    if (!parsed.empty())
        throw DataError(json.string() + ": a result of host " + parsed.front().host + ","
            + std::to_string(parsed.front().port) + ", which was not asked for");
    return ordered;
}

} // namespace

std::string fioClientAddress(const FioClientHost& host)
{
    return host.port == 0 ? host.address : host.address + "," + std::to_string(host.port);
}

std::vector<std::string> fioClientArguments(const std::string& fioProgram,
    const std::vector<FioClientHost>& hosts, const std::vector<fs::path>& jobFiles)
{
    if (hosts.empty() || jobFiles.size() != hosts.size())
        throw ConfigError("fio client: " + std::to_string(hosts.size()) + " hosts and "
            + std::to_string(jobFiles.size()) + " job files; need one job file per host, >= 1");
    std::vector<std::string> args {fioProgram};
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        const FioClientHost& host = hosts[i];
        if (host.address.empty() || host.address.find(',') != std::string::npos)
            throw ConfigError("fio client: host " + std::to_string(i + 1) + ": address '"
                + host.address + "' is empty or holds a comma (give the port separately)");
        if (host.port < 0 || host.port > 65535)
            throw ConfigError("fio client: host '" + host.address + "': port "
                + std::to_string(host.port) + " is outside 1..65535");
        for (std::size_t j = 0; j < i; ++j)
            if (reportedName(hosts[j].address) == reportedName(host.address)
                && effectivePort(hosts[j]) == effectivePort(host))
                throw ConfigError("fio client: host " + fioClientAddress(host) + " is given twice");
        args.push_back("--client=" + fioClientAddress(host));
        args.push_back(jobFiles[i].string());
    }
    args.push_back("--output-format=json");
    return args;
}

FioClientResult runFioClient(
    const std::vector<FioClientHost>& hosts, const FioClientOptions& options)
{
    if (options.workDirectory.empty())
        throw ConfigError("fio client: no work directory given");
    checkSameGlobals(hosts);
    fs::create_directories(options.workDirectory);
    std::vector<fs::path> jobFiles;
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        jobFiles.push_back(options.workDirectory / ("host" + std::to_string(i) + ".fio"));
        writeTextFileAtomically(jobFiles.back().string(), hosts[i].jobText);
    }
    const std::vector<std::string> args = fioClientArguments(options.fioProgram, hosts, jobFiles);
    FioClientResult result;
    result.jsonFile = options.workDirectory / "client.json";
    result.logFile = options.workDirectory / "client.log";
    ChildProcess fio(args.front(), {args.begin() + 1, args.end()}, result.jsonFile, result.logFile);
    const auto start = std::chrono::steady_clock::now();
    std::optional<int> status;
    while (!(status = fio.poll())) {
        if (options.cancel && options.cancel->load()) {
            fio.stop();
            result.cancelled = true;
            return result;
        }
        if (options.timeoutSeconds > 0.0
            && std::chrono::steady_clock::now() - start
                > std::chrono::duration<double>(options.timeoutSeconds)) {
            fio.stop();
            throw Error("fio client: no result after " + std::to_string(options.timeoutSeconds)
                + " s, stopped: " + lastMessages(result.logFile));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (*status != 0)
        throw Error("fio client: exit status " + std::to_string(*status) + ": "
            + lastMessages(result.logFile));
    FioImportOptions import = options.import;
    import.vms = 1; // each host alone is one VM; the aggregate carries the count
    result.hosts = inGivenOrder(parseFioClientJson(readTextFile(result.jsonFile.string()),
                                    result.jsonFile.string(), import),
        hosts, result.jsonFile);
    result.aggregate = aggregateOverHosts(result.hosts);
    return result;
}

} // namespace iolens::core

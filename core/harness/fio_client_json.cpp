// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/fio_client_json.hpp"

#include "common/error.hpp"
#include "harness/multi_vm.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace iolens::core {

namespace {

using nlohmann::json;

constexpr const char* kAllClients = "All clients";

std::string hostLabel(const std::string& host, int port)
{
    return host + "," + std::to_string(port);
}

// One host's entries, gathered in output order.
struct HostEntries {
    std::string host;
    int port = 0;
    json jobs = json::array();
};

json parseRoot(std::string_view text, const std::string& source)
{
    const std::size_t first = text.find('{');
    const std::size_t last = text.rfind('}');
    if (first == std::string_view::npos || last == std::string_view::npos || last < first)
        throw DataError(source + ": no JSON object in fio's output");
    try {
        return json::parse(text.substr(first, last - first + 1));
    } catch (const json::parse_error& e) {
        throw DataError(source + ": not valid JSON (" + e.what() + ")");
    }
}

HostEntries& entriesOf(std::vector<HostEntries>& hosts, const json& entry, std::size_t index,
    const std::string& source)
{
    const std::string field = "client_stats[" + std::to_string(index) + "]";
    if (!entry.contains("hostname") || !entry.at("hostname").is_string())
        throw DataError(source + ": field '" + field + ".hostname': missing or not text");
    if (!entry.contains("port") || !entry.at("port").is_number_integer())
        throw DataError(source + ": field '" + field + ".port': missing or not a whole number");
    const std::string host = entry.at("hostname").get<std::string>();
    const int port = entry.at("port").get<int>();
    const auto found = std::find_if(hosts.begin(), hosts.end(),
        [&](const HostEntries& h) { return h.host == host && h.port == port; });
    if (found != hosts.end())
        return *found;
    hosts.push_back({host, port, json::array()});
    return hosts.back();
}

void requireSame(
    bool same, const std::string& what, const FioHostResult& first, const FioHostResult& other)
{
    if (!same)
        throw ConfigError("aggregateOverHosts: the hosts ran different workloads: " + what + " of "
            + hostLabel(first.host, first.port) + " differs from "
            + hostLabel(other.host, other.port));
}

} // namespace

std::vector<FioHostResult> parseFioClientJson(
    std::string_view text, const std::string& source, const FioImportOptions& options)
{
    const json root = parseRoot(text, source);
    if (!root.contains("client_stats") || !root.at("client_stats").is_array())
        throw DataError(source + ": field 'client_stats': missing (not fio --client output?)");
    const json globals
        = root.contains("global options") ? root.at("global options") : json::object();
    std::vector<HostEntries> hosts;
    const json& stats = root.at("client_stats");
    for (std::size_t i = 0; i < stats.size(); ++i) {
        json entry = stats[i];
        if (entry.value("jobname", std::string()) == kAllClients)
            continue;
        HostEntries& host = entriesOf(hosts, entry, i, source);
        if (entry.contains("error") && entry.at("error") != 0)
            throw DataError(source + ": host " + hostLabel(host.host, host.port) + ", job '"
                + entry.value("jobname", std::string("?")) + "' failed with error "
                + entry.at("error").dump() + " (see fio's messages)");
        // A job's own options win over [global], as in fio itself.
        json merged = globals;
        if (entry.contains("job options"))
            merged.update(entry.at("job options"));
        entry["job options"] = merged;
        host.jobs.push_back(std::move(entry));
    }
    if (hosts.empty())
        throw DataError(source + ": field 'client_stats': no host results");
    std::vector<FioHostResult> results;
    for (HostEntries& host : hosts) {
        json single {{"jobs", std::move(host.jobs)}};
        if (root.contains("timestamp"))
            single["timestamp"] = root.at("timestamp");
        FioHostResult result;
        result.host = host.host;
        result.port = host.port;
        result.jobs = static_cast<int>(single.at("jobs").size());
        // parseFioJson names fields as jobs[i] within this host's entries.
        result.measurement = parseFioJson(
            single.dump(), source + " (host " + hostLabel(host.host, host.port) + ")", options);
        results.push_back(std::move(result));
    }
    return results;
}

Measurement aggregateOverHosts(const std::vector<FioHostResult>& hosts)
{
    if (hosts.empty())
        throw StateError("aggregateOverHosts: no hosts");
    const FioHostResult& first = hosts.front();
    Configuration config = first.measurement.config;
    config.threads = 0;
    config.filesetBytes = 0;
    config.vms = static_cast<int>(hosts.size());
    std::vector<Measurement> perHost;
    for (const FioHostResult& host : hosts) {
        const Configuration& c = host.measurement.config;
        requireSame(
            c.scheduler == first.measurement.config.scheduler, "the scheduler", first, host);
        requireSame(c.requestBytes == first.measurement.config.requestBytes, "the request size",
            first, host);
        requireSame(c.pattern == first.measurement.config.pattern, "the pattern", first, host);
        requireSame(c.readPct == first.measurement.config.readPct, "the read share", first, host);
        config.threads += c.threads;
        config.filesetBytes += c.filesetBytes;
        perHost.push_back(host.measurement);
    }
    // The same rule as the emulated multi-VM runs (harness/multi_vm.hpp), so that real and
    // emulated multi-VM rows mean the same.
    Measurement total = combineVmResults(perHost, config);
    total.split = "multivm";
    return total;
}

} // namespace iolens::core

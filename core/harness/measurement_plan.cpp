// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/measurement_plan.hpp"

#include "common/error.hpp"
#include "common/json_text.hpp"
#include "common/text_file.hpp"
#include "common/units.hpp"
#include "harness/plan_field_reader.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <random>
#include <set>

namespace iolens::core {

namespace {

using nlohmann::json;

constexpr std::int64_t kDirectAlignment = 4096; // O_DIRECT wants sector-aligned requests

// Reads the sections of one plan (workload, designs, hosts) through PlanFieldReader, so every
// error names the file and the JSON path of the field.
class PlanReader : public PlanFieldReader {
public:
    using PlanFieldReader::PlanFieldReader;

    WorkloadSettings workload(const json& root) const
    {
        WorkloadSettings w;
        if (!root.contains("workload"))
            return w;
        const json& o = root.at("workload");
        if (!o.is_object())
            fail("workload", "expected an object");
        onlyKeys(o, "workload.",
            {"ramp_seconds", "runtime_seconds", "repetitions", "direct", "ioengine"},
            "workload's keys");
        w.rampSeconds = number(o, "ramp_seconds", "workload.", w.rampSeconds);
        w.runtimeSeconds = number(o, "runtime_seconds", "workload.", w.runtimeSeconds);
        if (w.rampSeconds < 0.0 || w.rampSeconds != std::floor(w.rampSeconds))
            fail("workload.ramp_seconds", "expected whole seconds >= 0");
        if (w.runtimeSeconds < 1.0 || w.runtimeSeconds != std::floor(w.runtimeSeconds))
            fail("workload.runtime_seconds", "expected whole seconds >= 1");
        if (o.contains("repetitions"))
            w.repetitions = count(o.at("repetitions"), "workload.repetitions", 1);
        if (o.contains("direct")) {
            if (!o.at("direct").is_boolean())
                fail("workload.direct", "expected true or false");
            w.direct = o.at("direct").get<bool>();
        }
        w.ioengine = text(o, "ioengine", "workload.", w.ioengine);
        if (w.ioengine.empty() || w.ioengine.find_first_of(" =\t") != std::string::npos)
            fail("workload.ioengine", "not an fio ioengine name");
        return w;
    }

    std::vector<Configuration> factorial(const json& root) const
    {
        if (!root.contains("factors") || !root.at("factors").is_object())
            fail("factors", "the full_factorial design needs an object of factor lists");
        std::vector<Configuration> configs {Configuration {}};
        configs.front().scheduler = std::string(kCurrentScheduler);
        for (const auto& [factor, values] : root.at("factors").items()) {
            const json& list = array(root.at("factors"), factor, "factors.");
            std::vector<Configuration> next;
            for (const Configuration& base : configs)
                for (std::size_t i = 0; i < list.size(); ++i) {
                    Configuration c = base;
                    setFactor(
                        c, factor, list[i], "factors." + factor + "[" + std::to_string(i) + "]");
                    next.push_back(c);
                }
            configs = std::move(next);
        }
        return configs;
    }

    std::vector<Configuration> list(const json& root) const
    {
        if (!root.contains("configurations"))
            fail("configurations", "the list design needs a list of configurations");
        const json& items = array(root, "configurations", "");
        std::vector<Configuration> configs;
        for (std::size_t i = 0; i < items.size(); ++i) {
            const std::string path = "configurations[" + std::to_string(i) + "]";
            if (!items[i].is_object())
                fail(path, "expected an object");
            Configuration c;
            c.scheduler = std::string(kCurrentScheduler);
            for (const auto& [factor, value] : items[i].items())
                setFactor(c, factor, value, path + "." + factor);
            configs.push_back(c);
        }
        return configs;
    }

    std::vector<Configuration> random(const json& root) const;

    // The "hosts" list: fio's "HOST[,PORT]" per entry, names and addresses unique.
    std::vector<PlanHost> hosts(const json& root) const
    {
        std::vector<PlanHost> out;
        if (!root.contains("hosts"))
            return out;
        const json& list = array(root, "hosts", "");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string path = "hosts[" + std::to_string(i) + "]";
            if (!list[i].is_object())
                fail(path, "expected {\"name\", \"address\"}");
            onlyKeys(list[i], path + ".", {"name", "address"}, "a host's keys");
            PlanHost host;
            const std::string address = text(list[i], "address", path + ".", "");
            const std::size_t comma = address.find(',');
            host.address = address.substr(0, comma);
            if (host.address.empty() || host.address == "ip:" || host.address == "ip6:")
                fail(path + ".address", "expected fio's HOST or HOST,PORT, e.g. \"10.0.0.5,8765\"");
            if (comma != std::string::npos) {
                const std::string port = address.substr(comma + 1);
                if (port.empty() || port.size() > 5
                    || port.find_first_not_of("0123456789") != std::string::npos
                    || std::stoi(port) < 1 || std::stoi(port) > 65535)
                    fail(path + ".address", "port '" + port + "' is not a number from 1 to 65535");
                host.port = std::stoi(port);
            }
            host.name = text(list[i], "name", path + ".", address);
            for (const PlanHost& other : out)
                if (other.name == host.name
                    || (other.address == host.address && other.port == host.port))
                    fail(path, "host '" + host.name + "' (" + address + ") is listed twice");
            out.push_back(host);
        }
        return out;
    }

    // With hosts, one host is one VM: every configuration gets vms = hosts; a scheduler cannot
    // be switched remotely, so at most one scheduler value (a label) is allowed.
    void applyHosts(MeasurementPlan& plan, std::vector<Configuration>& configs) const
    {
        const int n = static_cast<int>(plan.hosts.size());
        if (!plan.target.device.empty())
            fail("target.device",
                "not with hosts: iolens cannot switch a remote host's I/O "
                "scheduler");
        std::set<std::string> schedulers;
        for (Configuration& c : configs) {
            if (c.vms != 1 && c.vms != n)
                fail("hosts",
                    "with " + std::to_string(n)
                        + " hosts every configuration runs "
                          "on "
                        + std::to_string(n) + " VMs; the plan asks for " + std::to_string(c.vms)
                        + " (drop the 'vms' factor)");
            c.vms = n;
            schedulers.insert(c.scheduler);
        }
        if (schedulers.size() > 1)
            fail("factors.scheduler",
                "with hosts at most one scheduler: iolens cannot switch "
                "a remote host's I/O scheduler");
    }
};

// A [lo, hi] range of a random design; sizes are read as sizes, the rest as numbers.
struct Range {
    double lo = 0.0;
    double hi = 0.0;
};

std::vector<Configuration> PlanReader::random(const json& root) const
{
    if (!root.contains("random") || !root.at("random").is_object())
        fail("random", "the random design needs {\"count\", \"seed\", \"ranges\"}");
    const json& r = root.at("random");
    onlyKeys(r, "random.", {"count", "seed", "ranges"}, "random's keys");
    const int samples = count(r.contains("count") ? r.at("count") : json(), "random.count", 1);
    const auto seed = static_cast<std::uint64_t>(
        count(r.contains("seed") ? r.at("seed") : json(0), "random.seed", 0));
    const json ranges = r.contains("ranges") ? r.at("ranges") : json::object();
    if (!ranges.is_object())
        fail("random.ranges", "expected an object of [low, high] ranges");
    onlyKeys(ranges, "random.ranges.", {"fileset", "request", "read_pct", "threads", "vms"},
        "random.ranges' keys");
    const auto range = [&](const std::string& key, bool isSize, Range fallback) {
        if (!ranges.contains(key))
            return fallback;
        const std::string path = "random.ranges." + key;
        const json& v = ranges.at(key);
        if (!v.is_array() || v.size() != 2)
            fail(path, "expected [low, high]");
        Range out {isSize ? double(size(v[0], path + "[0]")) : number(v[0], path + "[0]"),
            isSize ? double(size(v[1], path + "[1]")) : number(v[1], path + "[1]")};
        if (out.lo > out.hi || out.lo < 0.0)
            fail(path, "low is above high or negative");
        return out;
    };
    const Range fileset = range("fileset", true, {-1.0, -1.0});
    const Range request = range("request", true, {-1.0, -1.0});
    if (fileset.lo <= 0.0 || request.lo <= 0.0)
        fail("random.ranges", "the random design needs 'fileset' and 'request' ranges");
    const Range readPct = range("read_pct", false, {0.0, 100.0});
    const Range threads = range("threads", false, {1.0, 1.0});
    const Range vms = range("vms", false, {1.0, 1.0});
    if (readPct.hi > 100.0)
        fail("random.ranges.read_pct", "a percentage goes up to 100");
    if (threads.lo < 1.0 || vms.lo < 1.0 || threads.hi > 1e6 || vms.hi > 1e6)
        fail("random.ranges", "threads and vms range from 1 to 1000000");

    // The categorical factors come from "factors" lists (default: current scheduler, random).
    std::vector<std::string> schedulers {std::string(kCurrentScheduler)};
    std::vector<Pattern> patterns {Pattern::Random};
    if (root.contains("factors") && root.at("factors").is_object()) {
        const json& f = root.at("factors");
        // The other factors are drawn from random.ranges; a list of them here would be ignored.
        for (const auto& [factor, values] : f.items())
            if (factor != "scheduler" && factor != "pattern")
                fail("factors." + factor,
                    "the random design takes only scheduler and pattern from factors; give "
                    "the others as random.ranges");
        if (f.contains("scheduler")) {
            schedulers.clear();
            for (const json& s : array(f, "scheduler", "factors."))
                schedulers.push_back(s.is_string() ? s.get<std::string>() : s.dump());
        }
        if (f.contains("pattern")) {
            patterns.clear();
            const json& list = array(f, "pattern", "factors.");
            for (std::size_t i = 0; i < list.size(); ++i) {
                Configuration c;
                setFactor(c, "pattern", list[i], "factors.pattern[" + std::to_string(i) + "]");
                patterns.push_back(c.pattern);
            }
        }
    }
    std::mt19937_64 rng(seed);
    const auto uniform = [&rng](double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(rng);
    };
    // Sizes are drawn log-uniformly, as their effects are multiplicative (ICPE'13 Table 1
    // doubles them); counts uniformly; both then rounded to what fio and the layout accept.
    const auto logUniform
        = [&](Range range) { return std::exp(uniform(std::log(range.lo), std::log(range.hi))); };
    std::vector<Configuration> configs;
    for (int i = 0; i < samples; ++i) {
        Configuration c;
        c.scheduler = schedulers[std::size_t(uniform(0.0, 1.0) * double(schedulers.size()))
            % schedulers.size()];
        c.pattern
            = patterns[std::size_t(uniform(0.0, 1.0) * double(patterns.size())) % patterns.size()];
        c.vms = static_cast<int>(std::lround(uniform(vms.lo, vms.hi)));
        const long perVm = std::max(1L, std::lround(uniform(threads.lo, threads.hi) / c.vms));
        c.threads = static_cast<int>(perVm) * c.vms;
        const std::int64_t unit = 16 * kMiB * c.vms; // whole 16 MiB files in every VM
        c.filesetBytes
            = std::max<std::int64_t>(unit, std::llround(logUniform(fileset) / double(unit)) * unit);
        c.requestBytes = std::max<std::int64_t>(kDirectAlignment,
            std::llround(logUniform(request) / double(kDirectAlignment)) * kDirectAlignment);
        c.readPct = std::round(uniform(readPct.lo, readPct.hi));
        configs.push_back(c);
    }
    return configs;
}

} // namespace

MeasurementPlan parsePlan(std::string_view text, const std::string& source)
{
    json root;
    try {
        root = parseJsonText(text, source);
    } catch (const DataError& e) {
        throw ConfigError(e.what()); // a plan is configuration, not data
    }
    const PlanReader reader(source);
    if (!root.is_object())
        reader.fail("(top level)", "expected a JSON object");
    reader.onlyKeys(root, "",
        {"dataset", "description", "system", "split", "workload", "target", "design", "factors",
            "random", "configurations", "hosts"},
        "a plan's keys");
    MeasurementPlan plan;
    plan.dataset = reader.text(root, "dataset", "", "");
    if (plan.dataset.empty())
        reader.fail("dataset", "missing: name the dataset the measurements go to");
    plan.description = reader.text(root, "description", "", "");
    plan.system = reader.text(root, "system", "", "");
    plan.split = reader.text(root, "split", "", plan.split);
    plan.workload = reader.workload(root);
    if (root.contains("target")) {
        const json& t = root.at("target");
        if (!t.is_object())
            reader.fail("target", "expected {\"directory\", \"device\"}");
        reader.onlyKeys(t, "target.", {"directory", "device"}, "target's keys");
        plan.target.directory = reader.text(t, "directory", "target.", "");
        plan.target.device = reader.text(t, "device", "target.", "");
        if (plan.target.device.find('/') != std::string::npos)
            reader.fail("target.device", "a block device name under /sys/block, e.g. \"sda\"");
    }
    plan.design = reader.text(root, "design", "", "full_factorial");
    std::vector<Configuration> configs;
    if (plan.design == "full_factorial")
        configs = reader.factorial(root);
    else if (plan.design == "random")
        configs = reader.random(root);
    else if (plan.design == "list")
        configs = reader.list(root);
    else
        reader.fail("design", "'" + plan.design + "' is not full_factorial, random or list");
    plan.hosts = reader.hosts(root);
    if (!plan.hosts.empty())
        reader.applyHosts(plan, configs);
    std::set<Configuration> seen;
    for (std::size_t i = 0; i < configs.size(); ++i) {
        reader.check(configs[i],
            plan.design == "list" ? "configurations[" + std::to_string(i) + "]"
                                  : (plan.design == "random" ? "random" : "factors"));
        if (seen.insert(configs[i]).second)
            plan.configurations.push_back(configs[i]);
    }
    return plan;
}

MeasurementPlan readPlanFile(const std::string& path)
{
    return parsePlan(readTextFile(path), path);
}

} // namespace iolens::core

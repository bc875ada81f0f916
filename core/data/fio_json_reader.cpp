// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/fio_json_reader.hpp"

#include "common/error.hpp"
#include "common/json_text.hpp"
#include "common/text_file.hpp"
#include "common/timestamp.hpp"
#include "common/units.hpp"
#include "data/csv_table.hpp"

#include <nlohmann/json.hpp>

#include <cctype>
#include <filesystem>
#include <limits>
#include <regex>
#include <system_error>

namespace iolens::core {

namespace {

using nlohmann::json;

constexpr double kNsPerMs = 1.0e6;

struct DirectionTotals {
    double ios = 0.0;
    double bandwidthBytes = 0.0;
    double iops = 0.0;
    double latencyWeighted = 0.0; // sum of mean clat (ns) x ios
    double p99 = 0.0;             // ns
};

[[noreturn]] void fail(const std::string& source, const std::string& field, const std::string& what)
{
    throw DataError(source + ": field '" + field + "': " + what);
}

const json& require(
    const json& object, const std::string& key, const std::string& source, const std::string& path)
{
    if (!object.is_object() || !object.contains(key))
        fail(source, path + key, "missing");
    return object.at(key);
}

double number(
    const json& object, const std::string& key, const std::string& source, const std::string& path)
{
    const json& value = require(object, key, source, path);
    if (!value.is_number())
        fail(source, path + key, "not a number");
    return value.get<double>();
}

// A count, rate or time of fio's: a number, and not negative. The database refuses a negative
// figure too, but only with SQL's words and no file or field.
double figure(
    const json& object, const std::string& key, const std::string& source, const std::string& path)
{
    const double value = number(object, key, source, path);
    if (!(value >= 0.0))
        fail(source, path + key,
            formatNumber(value) + " is negative; fio writes no negative figure");
    return value;
}

// `latency` is the statistic of the mean response time: "clat_ns" (completion latency) or
// "lat_ns" (submission and completion). The p99 is always clat's: fio gives percentiles of the
// total latency only with lat_percentiles set.
void addDirection(DirectionTotals& totals, const json& job, const std::string& direction,
    const std::string& source, const std::string& jobPath, const std::string& latency)
{
    const std::string path = jobPath + direction + ".";
    const json& d = require(job, direction, source, jobPath);
    const double ios = figure(d, "total_ios", source, path);
    if (ios <= 0.0)
        return;
    const json& clat = require(d, "clat_ns", source, path);
    const json& mean = require(d, latency, source, path);
    totals.ios += ios;
    totals.bandwidthBytes += figure(d, "bw_bytes", source, path);
    totals.iops += figure(d, "iops", source, path);
    totals.latencyWeighted += figure(mean, "mean", source, path + latency + ".") * ios;
    if (clat.contains("percentile") && clat.at("percentile").contains("99.000000"))
        totals.p99 = std::max(totals.p99,
            figure(clat.at("percentile"), "99.000000", source, path + "clat_ns.percentile."));
}

// fio sets a job's "error" to the errno that stopped it (ENOSPC, EIO, ...) and still writes its
// figures: those of a run cut short, which would pass for a measurement of the configuration.
// Checked before anything else is read, as such a job may lack the figures too.
void refuseFailedJobs(const json& jobs, const std::string& source)
{
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (!jobs[i].is_object() || !jobs[i].contains("error"))
            continue;
        const std::string field = "jobs[" + std::to_string(i) + "].error";
        const json& error = jobs[i].at("error");
        if (!error.is_number_integer())
            fail(source, field, "'" + error.dump() + "' is not an error number");
        const auto code = error.get<long long>();
        if (code == 0)
            continue;
        const bool isErrno = code > 0 && code <= std::numeric_limits<int>::max();
        const json name = jobs[i].value("jobname", json());
        fail(source, field,
            "fio reported error " + std::to_string(code)
                + (isErrno ? " (" + std::generic_category().message(static_cast<int>(code)) + ")"
                           : std::string())
                + (name.is_string() ? " in job '" + name.get<std::string>() + "'" : std::string())
                + "; a failed run is no measurement");
    }
}

std::string text(const json& value)
{
    return value.is_string() ? value.get<std::string>() : value.dump();
}

// A run's options: a job file's [global] section is at the root ("global options"), its job's
// own in the job ("job options"), which win; fio's command line puts everything in the job.
class RunOptions {
public:
    RunOptions(const json& root, const json& job, const std::string& source)
        : m_global(root.contains("global options") ? &root.at("global options") : nullptr)
        , m_job(require(job, "job options", source, "jobs[0]."))
    {
    }
    std::string value(const std::string& key) const
    {
        const json* options = holder(key);
        return options ? text(options->at(key)) : std::string();
    }
    /// Where a message about `key` points: the job's options, or the global ones it came from.
    std::string field(const std::string& key) const
    {
        return (m_global && holder(key) == m_global ? "global options." : "jobs[0].job options.")
            + key;
    }

private:
    // The options that set `key`, the job's first; nullptr where none does.
    const json* holder(const std::string& key) const
    {
        if (m_job.is_object() && m_job.contains(key))
            return &m_job;
        if (m_global && m_global->is_object() && m_global->contains(key))
            return m_global;
        return nullptr;
    }

    const json* m_global;
    const json& m_job;
};

// The JSON document of fio's output. Redirected to a file, fio's stdout also carries its notes
// ("note: both iodepth >= 1 and synchronous I/O engine are selected, ...") before the document
// and its errors after it ("fio: file hash not empty on exit"): the document is the first line
// that opens an object to the last closing brace. Text without one is returned whole, for the
// JSON parser to name what is wrong.
std::string_view fioJsonPart(std::string_view text)
{
    std::size_t start = 0;
    for (;;) {
        const std::size_t first = text.find_first_not_of(" \t\r", start);
        if (first != std::string_view::npos && text[first] == '{') {
            start = first;
            break;
        }
        const std::size_t next = text.find('\n', start);
        if (next == std::string_view::npos)
            return text;
        start = next + 1;
    }
    const std::size_t end = text.rfind('}');
    if (end == std::string_view::npos || end < start)
        return text;
    return text.substr(start, end - start + 1);
}

// fio's engines that keep iodepth requests in flight per job; the synchronous ones (psync, the
// default, sync, pvsync, mmap, ...) have one whatever iodepth says.
bool queuesRequests(const std::string& ioengine)
{
    return ioengine == "libaio" || ioengine == "io_uring" || ioengine == "posixaio"
        || ioengine == "windowsaio" || ioengine == "solarisaio";
}

// The settings of fioSettings, each as the run has it or at fio's default. buffered=0 is
// direct=1, so the two are one setting.
FioSettings settingsOf(const RunOptions& options)
{
    static const std::vector<std::pair<std::string, std::string>> kDefaults {{"ioengine", "psync"},
        {"rate", "0"}, {"rate_iops", "0"}, {"rate_min", "0"}, {"rate_iops_min", "0"},
        {"thinktime", "0"}, {"fsync", "0"}, {"fdatasync", "0"}, {"sync", "0"},
        {"random_distribution", "random"}, {"percentage_random", "100"}, {"invalidate", "1"}};
    const bool direct = options.value("direct") == "1" || options.value("buffered") == "0";
    FioSettings settings {{"direct", direct ? "1" : "0"}};
    for (const auto& [key, fallback] : kDefaults) {
        const std::string value = options.value(key);
        settings.emplace_back(key, value.empty() ? fallback : value);
    }
    return settings;
}

// Workload options shared by all jobs of one run are read from the first job.
void readJobOptions(const RunOptions& options, const std::string& source,
    const FioImportOptions& import, Measurement& m, int jobCount)
{
    const std::string rw = options.value("rw").empty() ? "read" : options.value("rw");
    if (rw == "read" || rw == "randread")
        m.config.readPct = 100.0;
    else if (rw == "write" || rw == "randwrite")
        m.config.readPct = 0.0;
    else if (rw == "rw" || rw == "readwrite" || rw == "randrw") {
        // fio takes the mix as either share: rwmixwrite=30 is rwmixread=70.
        const bool writeShare
            = options.value("rwmixread").empty() && !options.value("rwmixwrite").empty();
        const std::string key = writeShare ? "rwmixwrite" : "rwmixread";
        const std::string mix = options.value(key);
        double pct = 50.0;
        if (!mix.empty() && (!parseDouble(mix, pct) || pct < 0.0 || pct > 100.0))
            fail(source, options.field(key), "'" + mix + "' is not a percentage");
        m.config.readPct = writeShare ? 100.0 - pct : pct;
    } else {
        fail(source, options.field("rw"), "'" + rw + "' is not a read/write workload");
    }
    m.config.pattern = rw.rfind("rand", 0) == 0 ? Pattern::Random : Pattern::Sequential;

    // A run of several request sizes has no one size to model it at (bs would be fio's 4 KiB
    // default beside them).
    for (const char* mixed : {"bssplit", "bsrange"})
        if (!options.value(mixed).empty())
            fail(source, options.field(mixed),
                "'" + options.value(mixed) + "': a mix of request sizes, not one request size");
    const std::string bs = options.value("bs");
    const auto request = parseFioSize(bs.empty() ? "4096" : bs);
    if (!request || *request <= 0)
        fail(source, options.field("bs"), "'" + bs + "' is not a block size");
    m.config.requestBytes = *request;

    const std::string sizeText = options.value("size");
    if (sizeText.empty() && !import.filesetBytes)
        fail(source, options.field("size"),
            "missing: fio's options give no file-set size (a run on a whole device has none); say "
            "it when importing (iolens-cli import --fileset SIZE, or the import dialog's file "
            "set)");
    const auto size = sizeText.empty() ? import.filesetBytes : parseFioSize(sizeText);
    if (!size || *size <= 0)
        fail(source, options.field("size"), "'" + sizeText + "' is not a size");
    m.config.filesetBytes = *size;

    const auto count = [&](const std::string& key, const char* what) {
        const std::string value = options.value(key);
        long long n = 1;
        if (!value.empty() && (!parseInt64(value, n) || n <= 0 || n > 1000000))
            fail(source, options.field(key), "'" + value + "' is not " + what);
        return n;
    };
    long long threads = count("numjobs", "a job count");
    // Without group_reporting fio lists each job separately; numjobs is per listed job then.
    threads *= jobCount > 1 ? jobCount : 1;
    // The models take the thread count as the requests in flight (a closed workload, Little's
    // law): an asynchronous engine keeps iodepth of them per job.
    if (queuesRequests(options.value("ioengine")))
        threads *= count("iodepth", "a queue depth");
    if (threads > std::numeric_limits<int>::max())
        fail(source, options.field("numjobs"),
            "more than " + std::to_string(std::numeric_limits<int>::max()) + " requests in flight");
    m.config.threads = static_cast<int>(threads);
}

} // namespace

std::optional<std::string> schedulerInHarnessName(const std::string& path)
{
    // The shared datasets' pNNN_grid_SCHED_fs… and `measure`'s raw SCHED_fs…M_bs…_ran|seq_r….
    static const std::regex shared(R"(^p\d+_[A-Za-z0-9-]+_([A-Za-z0-9-]+)_fs)");
    static const std::regex own(R"(^([A-Za-z0-9-]+)_fs\d+M_bs\d+_(ran|seq)_r)");
    std::smatch match;
    const std::string name = std::filesystem::path(path).filename().string();
    if (std::regex_search(name, match, shared) || std::regex_search(name, match, own))
        return match[1].str();
    return std::nullopt;
}

std::optional<long long> parseFioSize(std::string_view text)
{
    std::size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits])))
        ++digits;
    long long value = 0;
    if (digits == 0 || !parseInt64(text.substr(0, digits), value))
        return std::nullopt;
    std::string suffix;
    for (char c : text.substr(digits))
        suffix += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (suffix.ends_with("ib"))
        suffix.resize(suffix.size() - 2);
    else if (suffix.size() > 1 && suffix.ends_with("b"))
        suffix.pop_back();
    // fio's default (kb_base=1024) reads k, m, g, t as powers of 1024.
    static const std::string kUnits = "kmgt";
    if (suffix.empty())
        return value;
    if (suffix.size() != 1 || kUnits.find(suffix[0]) == std::string::npos)
        return std::nullopt;
    for (std::size_t i = 0; i <= kUnits.find(suffix[0]); ++i) {
        if (value > std::numeric_limits<long long>::max() / 1024)
            return std::nullopt; // beyond 8 EiB: no size fio would take either
        value *= 1024;
    }
    return value;
}

FioResult parseFioResult(
    std::string_view text, const std::string& source, const FioImportOptions& options)
{
    // The mark first: fio's JSON is found as the first line that starts with '{'.
    const json root = parseJsonText(fioJsonPart(withoutByteOrderMark(text, source)), source);
    const json& jobs = require(root, "jobs", source, "");
    if (!jobs.is_array() || jobs.empty())
        fail(source, "jobs", "no jobs in the fio output");
    refuseFailedJobs(jobs, source);
    FioResult result;
    Measurement& m = result.run;
    const RunOptions runOptions(root, jobs.front(), source);
    result.settings = settingsOf(runOptions);
    readJobOptions(runOptions, source, options, m, static_cast<int>(jobs.size()));
    // An asynchronous engine's request waits to be submitted too (slat, 7 % of the time at
    // iodepth 8 with libaio here): the total latency is its time in the system, the one whose
    // product with IOPS is the requests in flight. A synchronous engine has no slat; its clat
    // is its time (the shared datasets' response times are clat).
    const std::string latency = queuesRequests(runOptions.value("ioengine")) ? "lat_ns" : "clat_ns";
    m.config.scheduler = options.scheduler.empty() ? schedulerInHarnessName(source).value_or("none")
                                                   : options.scheduler;
    m.config.vms = options.vms;
    DirectionTotals read, write;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const std::string path = "jobs[" + std::to_string(i) + "].";
        addDirection(read, jobs[i], "read", source, path, latency);
        addDirection(write, jobs[i], "write", source, path, latency);
    }
    const auto store
        = [&m](const DirectionTotals& t, Metric rt, Metric tp, Metric iops, Metric p99) {
              if (t.ios <= 0.0)
                  return;
              m.setValue(rt, t.latencyWeighted / t.ios / kNsPerMs);
              m.setValue(tp, t.bandwidthBytes / kBytesPerMiB);
              m.setValue(iops, t.iops);
              if (t.p99 > 0.0)
                  m.setValue(p99, t.p99 / kNsPerMs);
          };
    store(read, Metric::RtReadMs, Metric::TpReadMbs, Metric::IopsRead, Metric::RtReadP99Ms);
    store(write, Metric::RtWriteMs, Metric::TpWriteMbs, Metric::IopsWrite, Metric::RtWriteP99Ms);
    if (root.contains("timestamp") && root.at("timestamp").is_number_integer()) {
        m.measuredAt = isoTimestamp(root.at("timestamp").get<std::int64_t>());
    }
    return result;
}

Measurement parseFioJson(
    std::string_view text, const std::string& source, const FioImportOptions& options)
{
    return parseFioResult(text, source, options).run;
}

FioResult readFioResult(const std::string& path, const FioImportOptions& options)
{
    return parseFioResult(readTextFile(path), path, options);
}

Measurement readFioJson(const std::string& path, const FioImportOptions& options)
{
    return parseFioJson(readTextFile(path), path, options);
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/trace_command.hpp"

#include "cli/cli_options.hpp"
#include "cli/stop_signals.hpp"
#include "common/error.hpp"
#include "common/text_file.hpp"
#include "common/units.hpp"
#include "data/csv_table.hpp"
#include "harness/page_cache.hpp"
#include "harness/target_directory.hpp"
#include "harness/trace_recording.hpp"
#include "store/trace_store.hpp"
#include "traces/trace_evaluation.hpp"
#include "traces/trace_features.hpp"
#include "traces/trace_reader.hpp"

#include <unistd.h>

#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace iolens::cli {

using namespace iolens::core;

namespace {

TraceFormat formatOption(const QCommandLineParser& parser, const char* command)
{
    const std::string text = requiredText(parser, "format", command);
    TraceFormat format {};
    if (!parseTraceFormat(text, format))
        throw ConfigError("--format '" + text + "': use spc, msr, blkparse, fio-lat or disksim");
    return format;
}

// --cache-mib in MiB (default 256), for the messages; its bytes go to the feature options.
double cacheMibOption(const QCommandLineParser& parser, TraceFeatureOptions& features)
{
    const double mib = numberOption(parser, "cache-mib", 256.0);
    if (!(mib >= 0.0))
        throw ConfigError("--cache-mib: expected a size in MiB, 0 or more");
    features.cacheBytes = static_cast<std::int64_t>(mib * kBytesPerMiB);
    return mib;
}

// The requests of --trace: a file in --format, or with --db the stored trace of that name.
std::vector<TraceFeatures> traceRows(
    const QCommandLineParser& parser, const char* command, TraceFeatureExtractor& extractor)
{
    const std::string trace = requiredText(parser, "trace", command);
    std::vector<TraceFeatures> rows;
    const auto add = [&](const TraceRequest& r) { rows.push_back(extractor.next(r)); };
    if (parser.isSet(QStringLiteral("db"))) {
        MeasurementDatabase db = MeasurementDatabase::open(optionText(parser, "db"), true);
        forEachTraceRequest(db, traceNamed(db, trace), add);
    } else {
        readTraceFile(trace, formatOption(parser, command), add);
    }
    return rows;
}

TraceEvaluationOptions modelOptions(const QCommandLineParser& parser, const char* fallback)
{
    TraceEvaluationOptions options;
    options.technique
        = optionText(parser, "technique").empty() ? fallback : optionText(parser, "technique");
    options.params = paramValues(parser.values(QStringLiteral("param")));
    options.trainFraction = numberOption(parser, "train-fraction", 0.5);
    options.seed = static_cast<std::uint64_t>(wholeNumber(parser, "seed", 1, 0));
    return options;
}

// `arrival_ms, measured_ms, predicted_ms` of every test request, the Trace tab's time series.
void writePredictions(const std::string& path, const TraceFit& fit)
{
    std::string csv = formatCsvLine({"arrival_ms", "measured_ms", "predicted_ms"});
    for (std::size_t i = 0; i < fit.testMeasuredMs.size(); ++i)
        csv += formatCsvLine({formatNumber(fit.testArrivalMs[i]),
            formatNumber(fit.testMeasuredMs[i]), formatNumber(fit.testPredictedMs[i])});
    writeTextFileAtomically(path, csv);
}

// A model's test figures, as trace-evaluate's report and trace-train's stored model hold them.
nlohmann::json evaluationJson(const TraceEvaluation& e)
{
    nlohmann::json importance = nlohmann::json::object();
    for (const auto& [feature, rise] : e.importance)
        importance[feature] = rise;
    return {{"train_requests", e.trainRequests}, {"test_requests", e.testRequests},
        {"median_relative_error", e.medianRelativeError}, {"mean_measured_ms", e.meanMeasuredMs},
        {"mean_predicted_ms", e.meanPredictedMs},
        {"measured_percentiles_ms", e.measuredPercentilesMs},
        {"predicted_percentiles_ms", e.predictedPercentilesMs}, {"importance", importance},
        {"predict_us_per_request", e.predictMicrosPerRequest}};
}

std::string ms(double value)
{
    std::ostringstream out;
    out << std::setprecision(4) << value;
    return out.str();
}

} // namespace

std::vector<QCommandLineOption> traceFeaturesOptions()
{
    return {valueOption("trace", "The trace file.", "FILE"),
        valueOption("format", "spc, msr, blkparse, fio-lat or disksim.", "FORMAT"),
        valueOption("cache-mib", "LRU cache size for the hit feature (default 256).", "MIB"),
        valueOption("k", "TimeDiff look-backs (default 3).", "K"),
        valueOption("m", "LBNDiff look-backs (default 5).", "M"),
        valueOption("out", "Features CSV to write.", "FILE")};
}

int runTraceFeatures(const QCommandLineParser& parser)
{
    const std::string trace = requiredText(parser, "trace", "trace-features");
    const TraceFormat format = formatOption(parser, "trace-features");
    const std::string out = requiredText(parser, "out", "trace-features");
    TraceFeatureOptions options;
    options.k = wholeNumber(parser, "k", 3, 1);
    options.m = wholeNumber(parser, "m", 5, 1);
    const double cacheMib = cacheMibOption(parser, options);
    TraceFeatureExtractor extractor(options);

    // Renamed into place only when the whole trace is read: a bad line leaves no half file.
    AtomicTextFile file(out);
    file.write(formatCsvLine(extractor.header()));
    double hits = 0.0;
    std::size_t reads = 0;
    std::size_t timed = 0;
    const std::size_t requests = readTraceFile(trace, format, [&](const TraceRequest& request) {
        const TraceFeatures f = extractor.next(request);
        hits += f.hit;
        reads += f.read ? 1 : 0;
        timed += f.responseMs ? 1 : 0;
        file.write(formatCsvLine(extractor.fields(f)));
    });
    file.commit();
    std::cout << requests << " requests (" << reads << " reads, " << timed
              << " with response times), hit share "
              << formatNumber(requests > 0 ? hits / static_cast<double>(requests) : 0.0)
              << " for a " << formatNumber(cacheMib) << " MiB LRU cache\n";
    return 0;
}

namespace {

// The SBCART paper's Figure 5 for CART and SBCART (with the hit feature): train on the first
// --stability-train complete requests with 0, 10, ..., 50 % of them left out, test on the next
// --stability-test. Prints the table and returns it for the JSON report.
nlohmann::json stabilityReport(const QCommandLineParser& parser,
    const std::vector<TraceFeatures>& rows, const std::vector<std::string>& header,
    TraceEvaluationOptions options)
{
    const auto trainCount
        = static_cast<std::size_t>(wholeNumber(parser, "stability-train", 5000, 100));
    const auto testCount
        = static_cast<std::size_t>(wholeNumber(parser, "stability-test", 5000, 10));
    std::vector<std::size_t> missing;
    for (std::size_t share = 0; share <= 5; ++share)
        missing.push_back(trainCount * share / 10);
    options.withHit = true;
    options.params = {};
    nlohmann::json report {{"train_requests", trainCount}, {"test_requests", testCount},
        {"models", nlohmann::json::array()}};
    std::cout << "\nstability (SBCART Figure 5): median relative error on " << testCount
              << " test requests, by training requests left out of " << trainCount << "\n"
              << std::left << std::setw(16) << "left out";
    for (const std::size_t m : missing)
        std::cout << std::setw(9) << m;
    std::cout << "spread\n";
    for (const char* technique : {"cart", "sbcart"}) {
        options.technique = technique;
        const auto points = traceStability(rows, header, options, trainCount, testCount, missing);
        double low = points.front().medianRelativeError;
        double high = low;
        nlohmann::json errors = nlohmann::json::array();
        std::cout << std::setw(16) << (std::string(technique) + "-cache");
        for (const TraceStabilityPoint& point : points) {
            low = std::min(low, point.medianRelativeError);
            high = std::max(high, point.medianRelativeError);
            errors.push_back(point.medianRelativeError);
            std::cout << std::setw(9) << shareText(point.medianRelativeError);
        }
        std::cout << shareText(high - low) << "\n";
        report["models"].push_back({{"technique", technique}, {"missing", missing},
            {"median_relative_error", errors}, {"spread", high - low}});
    }
    return report;
}

} // namespace

std::vector<QCommandLineOption> traceEvaluateOptions()
{
    return {valueOption("trace",
                "The trace file (with response times), or with --db a stored trace's name.",
                "FILE|NAME"),
        valueOption("format", "spc, msr, blkparse, fio-lat or disksim (for a file).", "FORMAT"),
        valueOption("db", "Read the trace from this database (see trace-import).", "FILE"),
        valueOption("cache-mib", "LRU cache size for the hit feature (default 256).", "MIB"),
        valueOption("train-fraction", "Share of the trace that trains (default 0.5).", "SHARE"),
        valueOption("technique", "Technique (default cart; sbcart, ...).", "NAME"),
        valueOption("param", "Technique parameter, repeatable.", "NAME=VALUE"),
        valueOption("seed", "Seed of the permutation importance (default 1).", "N"),
        QCommandLineOption(QStringLiteral("stability"),
            QStringLiteral("Also the stability check of SBCART's Figure 5 (CART vs SBCART).")),
        valueOption("stability-train", "Training requests of the stability check (5000).", "N"),
        valueOption("stability-test", "Test requests of the stability check (5000).", "N"),
        valueOption("predictions",
            "Write the test requests' arrival, measured and predicted times (the -cache model) "
            "as CSV.",
            "FILE"),
        valueOption("out", "Write the report as JSON.", "FILE")};
}

int runTraceEvaluate(const QCommandLineParser& parser)
{
    const std::string trace = requiredText(parser, "trace", "trace-evaluate");
    TraceFeatureOptions features;
    const double cacheMib = cacheMibOption(parser, features);
    TraceFeatureExtractor extractor(features);
    const std::vector<TraceFeatures> rows = traceRows(parser, "trace-evaluate", extractor);

    TraceEvaluationOptions options = modelOptions(parser, "cart");
    nlohmann::json report {{"trace", trace}, {"cache_mib", cacheMib}, {"requests", rows.size()},
        {"models", nlohmann::json::array()}};
    if (!parser.isSet(QStringLiteral("db")))
        report["format"] = std::string(traceFormatName(formatOption(parser, "trace-evaluate")));
    std::cout << std::left << std::setw(16) << "model" << std::setw(10) << "median" << std::setw(20)
              << "mean meas/pred" << std::setw(20) << "p70 meas/pred" << std::setw(20)
              << "p80 meas/pred" << std::setw(20) << "p90 meas/pred"
              << "predict\n"
              << std::setw(16) << "" << std::setw(10) << "rel. err" << std::setw(80)
              << "response times in ms"
              << "us/request\n";
    for (const bool withHit : {false, true}) {
        options.withHit = withHit;
        const TraceFit fit = fitTrace(rows, extractor.header(), options);
        const TraceEvaluation& e = fit.evaluation;
        if (withHit && parser.isSet(QStringLiteral("predictions")))
            writePredictions(optionText(parser, "predictions"), fit);
        const std::string name = e.technique + (withHit ? "-cache" : "-nocache");
        std::cout << std::left << std::setw(16) << name << std::setw(10)
                  << shareText(e.medianRelativeError) << std::setw(20)
                  << (ms(e.meanMeasuredMs) + " / " + ms(e.meanPredictedMs));
        for (std::size_t q = 0; q < 3; ++q)
            std::cout << std::setw(20)
                      << (ms(e.measuredPercentilesMs[q]) + " / " + ms(e.predictedPercentilesMs[q]));
        std::cout << ms(e.predictMicrosPerRequest) << "\n";
        nlohmann::json model = evaluationJson(e);
        model["model"] = name;
        model["technique"] = e.technique;
        model["with_hit"] = withHit;
        report["models"].push_back(std::move(model));
    }
    if (parser.isSet(QStringLiteral("stability")))
        report["stability"] = stabilityReport(parser, rows, extractor.header(), options);
    if (parser.isSet(QStringLiteral("out")))
        writeTextFileAtomically(optionText(parser, "out"), report.dump(2) + "\n");
    return 0;
}

std::vector<QCommandLineOption> traceImportOptions()
{
    return {valueOption("db", "Database to import into (created if missing).", "FILE"),
        valueOption("trace", "The trace file.", "FILE"),
        valueOption("format", "spc, msr, blkparse, fio-lat or disksim.", "FORMAT"),
        valueOption("name", "Name of the stored trace (default: the file's name).", "NAME")};
}

int runTraceImport(const QCommandLineParser& parser)
{
    const std::string path = requiredText(parser, "trace", "trace-import");
    const TraceFormat format = formatOption(parser, "trace-import");
    const std::string dbPath = requiredText(parser, "db", "trace-import");
    const std::string name = optionText(parser, "name").empty()
        ? std::filesystem::path(path).filename().string()
        : optionText(parser, "name");
    const bool created = !std::filesystem::exists(dbPath);
    TraceRecord trace;
    try {
        MeasurementDatabase db = MeasurementDatabase::openOrCreate(dbPath);
        trace = importTrace(db, name, path, format);
    } catch (...) {
        // A database this command created holds nothing when the import fails: it goes again,
        // as `import` leaves none (an empty trace left an empty database file behind).
        if (created) {
            std::error_code ignored;
            std::filesystem::remove(dbPath, ignored);
        }
        throw;
    }
    std::cout << "trace " << trace.name << ": " << trace.requests << " requests ("
              << trace.timedRequests << " with response times) from " << path << " into " << dbPath
              << "\n";
    return 0;
}

std::vector<QCommandLineOption> traceTrainOptions()
{
    return {valueOption("db", "Database holding the trace; the model is stored there.", "FILE"),
        valueOption("trace", "Name of the stored trace (see trace-import).", "NAME"),
        valueOption("name", "Name of the model (default TRACE-TECHNIQUE-cache).", "NAME"),
        valueOption("technique", "Technique (default sbcart; cart, ...).", "NAME"),
        valueOption("param", "Technique parameter, repeatable.", "NAME=VALUE"),
        valueOption("cache-mib", "LRU cache size for the hit feature (default 256).", "MIB"),
        QCommandLineOption(
            QStringLiteral("no-hit"), QStringLiteral("Leave the hit feature out (-nocache).")),
        valueOption("train-fraction", "Share of the trace that trains (default 0.5).", "SHARE"),
        valueOption("k", "TimeDiff look-backs (default 3).", "K"),
        valueOption("m", "LBNDiff look-backs (default 5).", "M"),
        valueOption("seed", "Seed of the permutation importance (default 1).", "N")};
}

int runTraceTrain(const QCommandLineParser& parser)
{
    const std::string dbPath = requiredText(parser, "db", "trace-train");
    const std::string traceName = requiredText(parser, "trace", "trace-train");
    TraceFeatureOptions features;
    features.k = wholeNumber(parser, "k", 3, 1);
    features.m = wholeNumber(parser, "m", 5, 1);
    const double cacheMib = cacheMibOption(parser, features);
    TraceEvaluationOptions options = modelOptions(parser, "sbcart");
    options.withHit = !parser.isSet(QStringLiteral("no-hit"));
    MeasurementDatabase db = MeasurementDatabase::open(dbPath, false);
    const TraceRecord trace = traceNamed(db, traceName);
    TraceFeatureExtractor extractor(features);
    std::vector<TraceFeatures> rows;
    rows.reserve(static_cast<std::size_t>(trace.requests));
    forEachTraceRequest(
        db, trace, [&](const TraceRequest& r) { rows.push_back(extractor.next(r)); });
    const TraceFit fit = fitTrace(rows, extractor.header(), options);
    const TraceEvaluation& e = fit.evaluation;

    TraceModelRecord record;
    record.name = optionText(parser, "name").empty()
        ? trace.name + "-" + options.technique + (options.withHit ? "-cache" : "-nocache")
        : optionText(parser, "name");
    record.trace = trace.name;
    record.technique = options.technique;
    record.parameters = fit.model->parameters();
    record.withHit = options.withHit;
    record.cacheMib = cacheMib;
    record.k = features.k;
    record.m = features.m;
    record.trainFraction = options.trainFraction;
    record.featureNames = fit.featureNames;
    record.state = fit.model->saveState();
    record.evaluation = evaluationJson(e);
    saveTraceModel(db, record);
    std::cout << "trace model " << record.name << ": " << record.technique << " on "
              << e.trainRequests << " requests of " << trace.name << ", median relative error "
              << shareText(e.medianRelativeError) << " on the other " << e.testRequests << "; mean "
              << ms(e.meanMeasuredMs) << " ms measured, " << ms(e.meanPredictedMs)
              << " ms predicted; " << ms(e.predictMicrosPerRequest) << " us per prediction\n";
    return 0;
}

std::vector<QCommandLineOption> traceRecordOptions()
{
    return {valueOption("job", "The fio job file to run (packaging/examples/trace.fio).", "FILE"),
        valueOption("target", "Directory the job's files go to (fio --directory).", "DIR"),
        valueOption("db", "Database to store the trace in (created if missing).", "FILE"),
        valueOption("name", "Name of the stored trace (default: the job file's name).", "NAME"),
        valueOption("memory-mib",
            "Run fio in a memory cgroup of this size: a page cache smaller than the working "
            "set, so that hits show (needs root).",
            "MIB"),
        QCommandLineOption(QStringLiteral("drop-caches"),
            QStringLiteral("Empty the page cache before the run (needs root)."))};
}

int runTraceRecord(const QCommandLineParser& parser)
{
    const std::string job = requiredText(parser, "job", "trace-record");
    const std::string target = requiredText(parser, "target", "trace-record");
    const std::string dbPath = requiredText(parser, "db", "trace-record");
    // As measure and loadgen: fio writes its files into an empty folder or iolens' own, never
    // among a user's (a foreign folder took fio's 2 GiB data file).
    TargetDirectory::checkUsable(target);
    const std::string name = optionText(parser, "name").empty()
        ? std::filesystem::path(job).stem().string()
        : optionText(parser, "name");
    TraceRecordRequest request;
    request.jobText = readTextFile(job);
    request.target = std::filesystem::absolute(target);
    if (parser.isSet(QStringLiteral("memory-mib"))) {
        const double mib = numberOption(parser, "memory-mib", 0.0);
        if (!(mib >= 16.0))
            throw ConfigError("--memory-mib: expected 16 MiB or more");
        request.memoryLimitBytes = static_cast<std::int64_t>(mib * kBytesPerMiB);
    }
    // The database is opened first: a name already taken stops before fio runs for minutes.
    MeasurementDatabase db = MeasurementDatabase::openOrCreate(dbPath);
    for (const TraceRecord& t : traces(db))
        if (t.name == name)
            throw ConfigError(
                "trace '" + name + "' already exists in " + dbPath + "; choose another --name");
    const auto logs = std::filesystem::temp_directory_path()
        / ("iolens-trace-record-" + std::to_string(::getpid()));
    std::filesystem::create_directories(logs);
    request.logPrefix = logs / "trace";
    if (parser.isSet(QStringLiteral("drop-caches")))
        dropPageCache();
    std::cout << "trace-record: running " << job << " in " << target
              << (request.memoryLimitBytes ? " in a memory cgroup of "
                             + formatNumber(numberOption(parser, "memory-mib", 0.0)) + " MiB"
                                           : std::string())
              << "\n"
              << std::flush;
    TargetDirectory::claim(target);
    try {
        const StopSignals stopSignals; // Ctrl-C ends fio too, which went on writing without iolens
        request.stop = &StopSignals::stopRequested();
        const std::filesystem::path log = recordTrace(request);
        const TraceRecord trace = importTrace(
            db, name, log.string(), TraceFormat::FioLat, "fio job " + job + " (trace-record)");
        std::cout << "trace " << trace.name << ": " << trace.requests << " requests from fio's "
                  << "latency log into " << dbPath << "\n";
    } catch (...) {
        std::filesystem::remove_all(logs);
        throw;
    }
    std::filesystem::remove_all(logs);
    return 0;
}

} // namespace iolens::cli

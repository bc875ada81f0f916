// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/trace_command.hpp"

#include "cli/cli_options.hpp"
#include "common/error.hpp"
#include "common/text_file.hpp"
#include "data/csv_table.hpp"
#include "traces/trace_evaluation.hpp"
#include "traces/trace_features.hpp"
#include "traces/trace_reader.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
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
    features.cacheBytes = static_cast<std::int64_t>(mib * 1048576.0);
    return mib;
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

    const std::string partial = out + ".partial";
    std::ofstream file(partial, std::ios::trunc);
    if (!file)
        throw ConfigError("--out " + out + ": cannot write");
    file << formatCsvLine(extractor.header());
    double hits = 0.0;
    std::size_t reads = 0;
    std::size_t timed = 0;
    std::size_t requests = 0;
    try {
        requests = readTraceFile(trace, format, [&](const TraceRequest& request) {
            const TraceFeatures f = extractor.next(request);
            hits += f.hit;
            reads += f.read ? 1 : 0;
            timed += f.responseMs ? 1 : 0;
            file << formatCsvLine(extractor.fields(f));
        });
    } catch (...) {
        file.close();
        std::remove(partial.c_str());
        throw;
    }
    file.close();
    if (!file)
        throw StoreError(partial + ": write failed");
    std::filesystem::rename(partial, out);
    std::cout << requests << " requests (" << reads << " reads, " << timed
              << " with response times), hit share "
              << formatNumber(requests > 0 ? hits / static_cast<double>(requests) : 0.0)
              << " for a " << formatNumber(cacheMib) << " MiB LRU cache\n";
    return 0;
}

std::vector<QCommandLineOption> traceEvaluateOptions()
{
    return {valueOption("trace", "The trace file (with response times).", "FILE"),
        valueOption("format", "spc, msr, blkparse, fio-lat or disksim.", "FORMAT"),
        valueOption("cache-mib", "LRU cache size for the hit feature (default 256).", "MIB"),
        valueOption("train-fraction", "Share of the trace that trains (default 0.5).", "SHARE"),
        valueOption("technique", "Technique (default cart; sbcart, ...).", "NAME"),
        valueOption("param", "Technique parameter, repeatable.", "NAME=VALUE"),
        valueOption("seed", "Seed of the permutation importance (default 1).", "N"),
        valueOption("out", "Write the report as JSON.", "FILE")};
}

int runTraceEvaluate(const QCommandLineParser& parser)
{
    const std::string trace = requiredText(parser, "trace", "trace-evaluate");
    const TraceFormat format = formatOption(parser, "trace-evaluate");
    TraceFeatureOptions features;
    const double cacheMib = cacheMibOption(parser, features);
    TraceFeatureExtractor extractor(features);
    std::vector<TraceFeatures> rows;
    readTraceFile(trace, format, [&](const TraceRequest& r) { rows.push_back(extractor.next(r)); });

    TraceEvaluationOptions options;
    options.technique
        = optionText(parser, "technique").empty() ? "cart" : optionText(parser, "technique");
    options.params = paramValues(parser.values(QStringLiteral("param")));
    options.trainFraction = numberOption(parser, "train-fraction", 0.5);
    options.seed = static_cast<std::uint64_t>(wholeNumber(parser, "seed", 1, 0));
    nlohmann::json report {{"trace", trace}, {"format", std::string(traceFormatName(format))},
        {"cache_mib", cacheMib}, {"requests", rows.size()}, {"models", nlohmann::json::array()}};
    std::cout << std::left << std::setw(16) << "model" << std::setw(10) << "median" << std::setw(20)
              << "mean meas/pred" << std::setw(20) << "p70 meas/pred" << std::setw(20)
              << "p80 meas/pred" << std::setw(20) << "p90 meas/pred"
              << "predict\n"
              << std::setw(16) << "" << std::setw(10) << "rel. err" << std::setw(80)
              << "response times in ms"
              << "us/request\n";
    for (const bool withHit : {false, true}) {
        options.withHit = withHit;
        const TraceEvaluation e = evaluateTrace(rows, extractor.header(), options);
        const std::string name = e.technique + (withHit ? "-cache" : "-nocache");
        std::cout << std::left << std::setw(16) << name << std::setw(10)
                  << shareText(e.medianRelativeError) << std::setw(20)
                  << (ms(e.meanMeasuredMs) + " / " + ms(e.meanPredictedMs));
        for (std::size_t q = 0; q < 3; ++q)
            std::cout << std::setw(20)
                      << (ms(e.measuredPercentilesMs[q]) + " / " + ms(e.predictedPercentilesMs[q]));
        std::cout << ms(e.predictMicrosPerRequest) << "\n";
        nlohmann::json importance = nlohmann::json::object();
        for (const auto& [feature, rise] : e.importance)
            importance[feature] = rise;
        report["models"].push_back({{"model", name}, {"technique", e.technique},
            {"with_hit", withHit}, {"train_requests", e.trainRequests},
            {"test_requests", e.testRequests}, {"median_relative_error", e.medianRelativeError},
            {"mean_measured_ms", e.meanMeasuredMs}, {"mean_predicted_ms", e.meanPredictedMs},
            {"measured_percentiles_ms", e.measuredPercentilesMs},
            {"predicted_percentiles_ms", e.predictedPercentilesMs}, {"importance", importance},
            {"predict_us_per_request", e.predictMicrosPerRequest}});
    }
    if (parser.isSet(QStringLiteral("out")))
        writeTextFileAtomically(optionText(parser, "out"), report.dump(2) + "\n");
    return 0;
}

} // namespace iolens::cli

// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/trace_command.hpp"

#include "cli/cli_options.hpp"
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "traces/trace_features.hpp"
#include "traces/trace_reader.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace iolens::cli {

using namespace iolens::core;

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
    const std::string formatText = requiredText(parser, "format", "trace-features");
    TraceFormat format {};
    if (!parseTraceFormat(formatText, format))
        throw ConfigError(
            "--format '" + formatText + "': use spc, msr, blkparse, fio-lat or disksim");
    const std::string out = requiredText(parser, "out", "trace-features");
    TraceFeatureOptions options;
    options.k = wholeNumber(parser, "k", 3, 1);
    options.m = wholeNumber(parser, "m", 5, 1);
    const double cacheMib = numberOption(parser, "cache-mib", 256.0);
    if (!(cacheMib >= 0.0))
        throw ConfigError("--cache-mib: expected a size in MiB, 0 or more");
    options.cacheBytes = static_cast<std::int64_t>(cacheMib * 1048576.0);
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

} // namespace iolens::cli

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <vector>

namespace iolens::cli {

/// Options of `iolens-cli trace-features --trace FILE --format spc|msr|blkparse|fio-lat|disksim
/// [--cache-mib 256] [--k 3] [--m 5] --out features.csv`.
std::vector<QCommandLineOption> traceFeaturesOptions();

/// Streams the trace into its per-request feature vectors (Wang et al.; SBCART 3.1) as CSV:
/// `timediff_1..k, lbn, lbndiff_1..m, size, rw, seq, hit, response_time_ms`, written to a
/// partial file and renamed into place at the end. Throws InputError (exit status 2) for bad
/// input, naming the trace's file, line and field.
int runTraceFeatures(const QCommandLineParser& parser);

} // namespace iolens::cli

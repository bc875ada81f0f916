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

/// Options of `iolens-cli trace-evaluate --trace FILE --format F | --db DB --trace NAME
/// [--cache-mib 256] [--train-fraction 0.5] [--technique cart|sbcart|...] [--param NAME=VALUE]...
/// [--seed 1] [--stability [--stability-train 5000] [--stability-test 5000]] [--out REPORT.json]`.
std::vector<QCommandLineOption> traceEvaluateOptions();

/// The paper's CART-nocache vs CART-cache comparison (SBCART Figure 4): the per-request model
/// trained on the first part of the trace without and with the hit feature, tested on the rest:
/// median relative error, mean and 70/80/90th percentile response times measured and
/// predicted, the permutation importance of each feature and the prediction cost per request.
/// Prints the table; --out writes it as JSON. Throws InputError (exit 2) for bad input.
int runTraceEvaluate(const QCommandLineParser& parser);

/// Options of `iolens-cli trace-import --db DB --trace FILE --format F [--name NAME]`.
std::vector<QCommandLineOption> traceImportOptions();
/// Streams a trace file into the database in one transaction (a malformed line leaves it
/// unchanged and exits 2 naming the file, line and field).
int runTraceImport(const QCommandLineParser& parser);

/// Options of `iolens-cli trace-train --db DB --trace NAME [--name MODEL] [--technique sbcart]
/// [--param NAME=VALUE]... [--cache-mib 256] [--no-hit] [--train-fraction 0.5] [--k 3] [--m 5]`.
std::vector<QCommandLineOption> traceTrainOptions();
/// Trains a per-request model on the first part of a stored trace, tests it on the rest and
/// stores it with its figures in the database.
int runTraceTrain(const QCommandLineParser& parser);

/// Options of `iolens-cli trace-record --job JOB.fio --target DIR --db DB [--name NAME]
/// [--memory-mib N] [--drop-caches]`.
std::vector<QCommandLineOption> traceRecordOptions();
/// Runs a fio job with its per-I/O latency log (write_lat_log, log_offset=1), in a memory cgroup
/// when --memory-mib is given, and stores the log as a trace (trace-import's path).
int runTraceRecord(const QCommandLineParser& parser);

} // namespace iolens::cli

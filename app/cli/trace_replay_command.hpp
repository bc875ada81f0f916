// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <vector>

namespace iolens::cli {

/// Options of `iolens-cli trace-replay --trace FILE [--format spc] --target DIR (--db DB
/// [--name NAME] | --out LAT.log) [--iolog FILE] [--file-mib 1024] [--limit N]
/// [--time-scale 100] [--no-stall] [--buffered] [--memory-mib N] [--drop-caches]`.
std::vector<QCommandLineOption> traceReplayOptions();

/// Gives a trace without response times (SPC) the ones this machine has: writes the trace as a
/// fio iolog (version 3) onto a replay file in --target, replays it with fio (read_iolog,
/// write_lat_log, log_offset=1; trace-record's fio run and memory cgroup), matches fio's
/// per-I/O latency log back to the trace's requests and stores them, with their own arrival,
/// LBA, size and ASU, as a trace with response times (trace-import's store). Throws InputError
/// (exit status 2) for bad input, naming the trace's file, line and field.
int runTraceReplay(const QCommandLineParser& parser);

} // namespace iolens::cli

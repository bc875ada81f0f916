// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <vector>

namespace iolens::cli {

/// Options of `iolens-cli loadgen --app APP.json|fileserver|varmail|webserver --target DIR
/// --clients N[,N...] --duration S --db DB [--warmup S] [--direct] [--drop-caches] [--seed N]`.
std::vector<QCommandLineOption> loadgenOptions();

/// Runs the application with real system calls against DIR (the target rules of `measure`),
/// once per client count, and stores each run (loops, per-operation response times) in the
/// database in its own transaction. Ctrl-C stops: the runs finished so far stay, the one
/// interrupted is not stored (exit status 1). Throws InputError (exit status 2) for bad input.
int runLoadgen(const QCommandLineParser& parser);

} // namespace iolens::cli

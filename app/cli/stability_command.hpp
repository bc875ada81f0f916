// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <vector>

namespace iolens::cli {

/// Options of `iolens-cli stability --db DB --technique T --metric M [--remove N] [--repeats R]
/// [--seed S] [--param NAME=VALUE]... [--dataset NAME] [--split NAME] [--where FILTER]`.
std::vector<QCommandLineOption> stabilityOptions();

/// The SBCART paper's stability check (Figure 5) on a database selection: fits the technique on
/// every configuration, then R times without N random configurations, and prints how far the
/// predictions move (mean and largest relative change, on the metric's scale). Throws InputError
/// (exit status 2) for a bad option, technique, metric or selection.
int runStability(const QCommandLineParser& parser);

} // namespace iolens::cli

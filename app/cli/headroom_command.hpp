// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <vector>

namespace iolens::cli {

/// Options of `iolens-cli headroom --db DB --scenario TEXT --limit METRIC<=|>=VALUE...
/// [--technique T]... [--factor vms|fileset|write-share]... [--dataset NAME] [--out CSV]`.
std::vector<QCommandLineOption> headroomOptions();

/// The capacity-planning question, answered per technique: from the scenario, how many VMs, how
/// large a file set and how large a write share keep every limit, and which limit breaks first.
/// Trains each technique (default: the window's, auto and the ICPE'13 five) on the selection for
/// the limited metrics. Prints a table; --out writes it as CSV (columns technique, factor,
/// meets_now, largest, unit, open_ended, margin_pct, binding, error). Throws InputError (exit
/// status 2) for bad input.
int runHeadroom(const QCommandLineParser& parser);

} // namespace iolens::cli

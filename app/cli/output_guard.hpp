// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineParser>
#include <QString>

namespace iolens::cli {

/// Refuses (core::ConfigError: exit status 2) a command whose output file is one of its own
/// input files, before anything runs: `export --db x.db --csv x.db` replaced the database with
/// CSV, and `import --csv s.csv --propose-mapping s.csv` the measurements with a mapping.
/// Outputs are --out, --points-csv, --predictions, --propose-mapping and export's --csv; inputs
/// every option naming a file (--db, --csv, --configs, ...) and the positional arguments.
void refuseOutputOverInput(const QCommandLineParser& parser, const QString& command);

} // namespace iolens::cli

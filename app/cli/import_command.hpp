// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineParser>

namespace iolens::cli {

/// `iolens-cli import --db DB (--csv FILE | --fio-json FILE... | FILE.csv | FILE.json...)`: the
/// measurements of CSV files (iolens's format, or another through --mapping) or fio results into
/// a dataset, in one transaction; every file is checked before the database is touched. With
/// --propose-mapping, writes a column mapping of one --csv file instead. Throws InputError (exit
/// status 2) for a bad option, file, row or value.
int runImport(const QCommandLineParser& parser);

} // namespace iolens::cli

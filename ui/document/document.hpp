// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/aggregated_rows.hpp"
#include "data/measurement.hpp"
#include "store/measurement_database.hpp"

#include <QFileInfo>
#include <QString>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace iolens::ui {

/// What the window has open: a measurement database and the dataset it shows, with that
/// dataset's runs read once (the table, the scenario ranges and the models all start from them).
/// DocumentController creates and replaces it; everyone else reads it.
struct Document {
    std::shared_ptr<core::MeasurementDatabase> database;
    QString name;                            ///< shown in the title: example or file name
    QString path;                            ///< file path; empty for an embedded example
    bool example = false;                    ///< embedded example: never written, "Save as" copies
    std::vector<core::DatasetInfo> datasets; ///< every dataset of the database
    /// The files each dataset was imported from (by dataset name); none for a dataset that
    /// came from a measurement run or from before the files were recorded.
    std::map<std::string, std::vector<core::ImportedFile>> importedFiles;
    std::string dataset;                 ///< the dataset shown; empty if the database has none
    std::vector<core::Measurement> runs; ///< runs of `dataset`, in insertion order
    AggregatedRows rows; ///< `runs` with repetitions averaged; never null once loaded

    /// True if the window must not write to the database (examples, files opened read-only).
    bool readOnly() const { return example || !database || database->isReadOnly(); }
    /// Names the database and dataset for what the window remembers of them between sessions
    /// (saved scenarios, the last scenario): the file path, or "example:<name>", then "#dataset".
    QString settingsKey() const { return settingsKeyOf(dataset); }
    /// The same for another dataset of this database (one renamed or deleted).
    QString settingsKeyOf(const std::string& datasetName) const
    {
        return (example ? QStringLiteral("example:") + name : path) + QLatin1Char('#')
            + QString::fromStdString(datasetName);
    }
    /// Names the database alone, whichever dataset is shown, for what the window remembers of
    /// the whole file (which stored models it shows): "example:<name>", else the canonical path,
    /// so that two ways to the same file (a symbolic link, "..") share what is remembered.
    QString databaseKey() const
    {
        if (example)
            return QStringLiteral("example:") + name;
        const QString canonical = QFileInfo(path).canonicalFilePath();
        return canonical.isEmpty() ? path : canonical;
    }
};

} // namespace iolens::ui

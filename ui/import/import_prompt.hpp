// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

class QWidget;

namespace iolens::ui {

class DocumentController;
class FioImportDialog;
class ImportDialog;

/// True for what the import takes: a `.csv`, `.txt` or `.json` file, or a folder (of fio results).
bool isImportable(const QString& path);

/// The files an import of `paths` reads: CSV and JSON files as given, a folder as the `.json`
/// files in it and its subfolders, by path. Anything else is left out.
QStringList importPaths(const QStringList& paths);

/// Creates an empty measurement database at `path` (replacing a file there) and opens it in
/// `documents`. Returns false, and reports why through the controller, on failure.
bool createDatabase(const QString& path, DocumentController* documents);

/// After `dialog` stores rows, the window opens its database on the imported dataset, so the
/// models train on the new rows.
void followImport(ImportDialog* dialog, DocumentController* documents);
void followImport(FioImportDialog* dialog, DocumentController* documents);

/// Imports `paths` (importPaths()): asks for a database unless the open one is writable, then
/// shows an ImportDialog for each CSV file and one FioImportDialog for all the JSON files. The
/// menu and a drop on the window both end here.
void openImportFiles(QWidget* parent, DocumentController* documents, const QStringList& paths);

/// File ▸ New database…: asks for a file name, then createDatabase().
void promptNewDatabase(QWidget* parent, DocumentController* documents);

/// File ▸ Import measurements…: asks for CSV or fio JSON files, then openImportFiles().
void openImportDialog(QWidget* parent, DocumentController* documents);
/// File ▸ Import a folder of fio results…: asks for a folder, then openImportFiles().
void openImportFolder(QWidget* parent, DocumentController* documents);

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QWidget;

namespace iolens::ui {

class DocumentController;
class ImportDialog;

/// Creates an empty measurement database at `path` (replacing a file there) and opens it in
/// `documents`. Returns false, and reports why through the controller, on failure.
bool createDatabase(const QString& path, DocumentController* documents);

/// After `dialog` stores rows, the window opens its database on the imported dataset, so the
/// models train on the new rows.
void followImport(ImportDialog* dialog, DocumentController* documents);

/// File ▸ New database…: asks for a file name, then createDatabase().
void promptNewDatabase(QWidget* parent, DocumentController* documents);

/// File ▸ Import measurements…: asks for a CSV file, then for a database unless the open one
/// is writable, and shows an ImportDialog on them (followImport).
void openImportDialog(QWidget* parent, DocumentController* documents);

} // namespace iolens::ui

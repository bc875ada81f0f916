// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QWidget;

namespace iolens::ui {

class DocumentController;
struct Document;

/// The database a measurement goes into: the open document's file if the window may write to
/// it, else empty (an example or a read-only file: the user must choose a new file).
QString writableDatabasePath(const Document* document);

/// File ▸ Measure…: picks the database (the open writable one, or a new file the user names),
/// shows a MeasureDialog on it and, when a session has stored runs, reopens that database on the
/// measured dataset through `documents`, so the table and the models retrain on the new rows.
/// Returns without a dialog if the user cancels the file choice.
void openMeasureDialog(QWidget* parent, DocumentController* documents);

} // namespace iolens::ui

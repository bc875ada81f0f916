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

class MeasureDialog;

/// Keeps the window's document in step with `dialog`, which measures into `path`: after each
/// stored run the new rows are read into the document (DocumentController::refreshRuns, so the
/// Measurements table fills live; the first run of another file or dataset opens it instead),
/// and when the session ends the database is reopened on the measured dataset, so the models
/// retrain on all the new rows once. Reading happens on the window's own connection between
/// two commits of the measuring thread (SQLite waits up to its busy timeout for a commit).
void followMeasurements(MeasureDialog* dialog, DocumentController* documents, const QString& path);

/// File ▸ Measure…: picks the database (the open writable one, or a new file the user names),
/// shows a MeasureDialog on it and follows its runs (followMeasurements).
/// Returns without a dialog if the user cancels the file choice.
void openMeasureDialog(QWidget* parent, DocumentController* documents);

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QWidget;

namespace iolens::ui {

class DocumentController;
struct Document;

/// What Dataset ▸ Delete… asks before deleting the shown dataset of `document`: its name, how
/// many runs go and the files they were imported from, and that it cannot be undone.
QString removeDatasetQuestion(const Document& document);

/// Makes sure the open database may be written before `action` (a menu entry's name) changes
/// it: an example or a read-only file is never written, so the user is offered a copy (File ▸
/// Save as), which is then open. Returns true when the open document is writable.
bool offerWritableCopy(QWidget* parent, DocumentController* documents, const QString& action);

/// Dataset ▸ Rename dataset…: asks for the new name of the shown dataset, then renames it.
void promptRenameDataset(QWidget* parent, DocumentController* documents);
/// Dataset ▸ Delete dataset…: asks (removeDatasetQuestion), then deletes it in one transaction.
void promptRemoveDataset(QWidget* parent, DocumentController* documents);
/// File ▸ Export dataset as CSV…: asks for a file, then writes the shown dataset to it.
void promptExportDataset(QWidget* parent, DocumentController* documents);

} // namespace iolens::ui

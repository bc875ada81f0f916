// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "window/stored_model_choice.hpp"
#include "window/stored_model_table.hpp"

#include <QDialog>

class QTableView;

namespace iolens::ui {

struct Document;

/// Models ▸ Stored models…: the open database's stored models in a table (StoredModelTable), each
/// ticked if the window shows it. OK hands the unticked ones to the caller (hiddenNames()), who
/// applies and remembers them; Cancel changes nothing. It never writes the database, so an
/// example or a read-only file has a choice too.
class StoredModelsDialog : public QDialog {
    Q_OBJECT
public:
    /// `models` as MeasurementDatabase::models() lists them, of the database named
    /// `databaseName`; the ones `choice` shows start ticked.
    StoredModelsDialog(std::vector<core::StoredModel> models, const StoredModelChoice& choice,
        const QString& databaseName, QWidget* parent = nullptr);

    StoredModelTable* table() const { return m_table; }
    QTableView* view() const { return m_view; }
    /// The models unticked now: StoredModelChoice::hidden.
    QStringList hiddenNames() const { return m_table->hiddenNames(); }

private:
    StoredModelTable* m_table;
    QTableView* m_view;
};

/// Opens the dialog on `document`'s stored models, window-modal and without waiting (QDialog::
/// open()); it deletes itself when closed. Returns it, so the caller can connect to accepted(),
/// or nullptr (after a message box) if the database cannot list its models.
StoredModelsDialog* openStoredModelsDialog(
    QWidget* parent, const Document& document, const StoredModelChoice& choice);

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/csv_mapping.hpp"
#include "data/csv_table.hpp"
#include "data/mapped_csv_reader.hpp"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

namespace iolens::ui {

/// File ▸ Import measurements…: a user's CSV read through a column mapping into a database.
/// It starts from core's proposal (proposeCsvMapping) and shows, per column of the file, the
/// iolens field and unit it feeds, editable, plus constants for what the file lacks; every
/// change re-reads the file (readMappedCsv), so the rows to import and each refused row with its
/// reason are in view before anything is written. The mapping saves as the file
/// `iolens-cli import --mapping` reads, and the import stores what that command stores.
class ImportDialog : public QDialog {
    Q_OBJECT
public:
    /// Reads `csvPath` (core's DataError is shown in the dialog, Import stays disabled);
    /// imports into `databasePath` (created if missing).
    ImportDialog(const QString& csvPath, const QString& databasePath, QWidget* parent = nullptr);

    /// The mapping the table and constants describe.
    core::CsvMapping mapping() const;
    /// The file's rows through mapping(), or nullopt and problem() where it does not fit.
    const std::optional<core::MappedCsv>& preview() const { return m_preview; }
    /// Why nothing can be imported (a bad mapping, a column missing); empty otherwise.
    QString problem() const { return m_problem; }
    /// Row `row` of the column table feeds `field` ("" for none) in `unit` ("" for the field's
    /// own); false for a field or unit the choices lack.
    bool mapColumn(int row, const QString& field, const QString& unit = {});
    /// A constant for `field` ("" removes it), in iolens's unit.
    void setConstant(const QString& field, const QString& value);
    void setSkipBadRows(bool skip);
    void setDataset(const QString& dataset);
    QString dataset() const;

    /// Replaces the table's choices with a mapping file's. Returns false (and shows core's
    /// message) if it cannot be read.
    bool loadMapping(const QString& path);
    /// Writes mapping() as a mapping file. Returns false (and shows why) on failure.
    bool saveMapping(const QString& path);
    /// Stores the rows (the good ones, with skip-bad-rows) in one transaction, recording the file,
    /// the mapping and the skipped count. Returns false (and shows why) if nothing was stored.
    bool importRows();

signals:
    /// importRows() stored `rows` measurements in `dataset` of `databasePath`.
    void imported(const QString& databasePath, const QString& dataset, int rows);

private:
    void fillSample();
    void buildTable(const core::CsvMapping& proposal);
    void fillUnits(int row);
    void refresh();
    QComboBox* fieldBox(int row) const;
    QComboBox* unitBox(int row) const;

    QString m_csvPath;
    QString m_databasePath;
    core::CsvTable m_table;
    std::optional<core::MappedCsv> m_preview;
    QString m_problem;
    bool m_filling = false;
    QTableWidget* m_sample;
    QTableWidget* m_columns;
    std::vector<std::pair<std::string, QLineEdit*>> m_constants;
    QLineEdit* m_dataset;
    QCheckBox* m_skipBadRows;
    QLabel* m_summary;
    QPlainTextEdit* m_refused;
    QPushButton* m_import;
};

} // namespace iolens::ui

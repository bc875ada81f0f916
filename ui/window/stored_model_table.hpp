// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/measurement_database.hpp"
#include "window/stored_model_choice.hpp"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace iolens::ui {

/// The open database's stored models as a table for Models ▸ Stored models…: one row per model
/// in the database's order, a tick in the name column for whether the window shows it, then its
/// technique, metric, parameters, training selection (dataset, split, --where: what
/// `iolens-cli evaluate` scores it on), its fit on the training data (R², RMSE, rows) and when it
/// was stored. Only the ticks can be edited; they change nothing until a caller reads
/// hiddenNames(), so the dialog can still be cancelled.
class StoredModelTable : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        TechniqueColumn,
        MetricColumn,
        ParametersColumn,
        SelectionColumn,
        ScoresColumn,
        CreatedColumn,
        ColumnCount,
    };

    /// `models` as MeasurementDatabase::models() lists them; the ones `choice` shows are ticked.
    StoredModelTable(std::vector<core::StoredModel> models, const StoredModelChoice& choice,
        QObject* parent = nullptr);

    /// The stored name of row `row` (0 ≤ row < rowCount()).
    QString name(int row) const;
    bool isShown(int row) const;
    void setShown(int row, bool shown);
    /// Ticks (or unticks) every row.
    void setAllShown(bool shown);
    /// The unticked names, in the table's order: StoredModelChoice::hidden.
    QStringList hiddenNames() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    static QString shownToolTip();
    QString displayText(const core::StoredModel& model, int column) const;
    QString toolTip(const core::StoredModel& model, int column) const;

    std::vector<core::StoredModel> m_models; ///< without their serialized form: not shown
    std::vector<bool> m_shown;               ///< per row
};

} // namespace iolens::ui

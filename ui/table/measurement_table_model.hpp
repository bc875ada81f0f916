// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/aggregated_rows.hpp"

#include <QAbstractTableModel>

#include <optional>

#include <vector>

namespace iolens::ui {

/// The measurements of a dataset as a table: one row per measured configuration (repetitions
/// averaged), rows in configuration order (scheduler, file set, request, pattern, read share:
/// the CSV's column order, so the grid reads like a nested loop); columns are the seven factors,
/// each of the four core metrics as "mean ± relative standard error", the number of runs and the
/// split. DisplayRole is text for a person; kSortRole holds the raw number (or label) so sorting
/// is numeric, not alphabetical.
class MeasurementTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    /// Sort key of a cell: double for numbers, QString for labels, invalid for "n/a".
    static constexpr int kSortRole = Qt::UserRole + 1;

    enum Column {
        SchedulerColumn,
        FilesetColumn,
        RequestColumn,
        PatternColumn,
        ReadPctColumn,
        ThreadsColumn,
        VmsColumn,
        FirstMetricColumn, ///< followed by the other core metrics, in kCoreMetrics order
        RunsColumn = FirstMetricColumn + 4,
        SplitColumn,
        ColumnCount,
    };

    explicit MeasurementTableModel(QObject* parent = nullptr);

    /// Replaces the rows with the aggregation of `runs`, sorted by configuration. O(n log n).
    void setMeasurements(const std::vector<core::Measurement>& runs);
    /// The same from `rows`, the runs aggregated already (null: none); `runCount` is the runs
    /// behind them. The table keeps its own copy in configuration order: sorted through an index
    /// into the shared rows instead, filling, sorting and filtering a million rows took 20-40 %
    /// longer (every row read is a cache miss), for 380 MB less.
    void setRows(const AggregatedRows& rows, int runCount);
    /// The configuration shown in table row `row` (0 <= row < rowCount()).
    const core::AggregatedMeasurement& row(int row) const
    {
        return m_rows[static_cast<std::size_t>(row)];
    }
    /// Total runs behind the rows.
    int runCount() const { return m_runCount; }
    /// True for a factor column (Threads, VMs) whose every row holds the same value: the panel
    /// hides it, and the factor headers' tooltip says which value it holds.
    bool isConstantColumn(int column) const;
    /// True for the columns whose kSortRole key is a number (every column but the labels).
    static bool hasNumericKey(int column);
    /// kSortRole's number of a numeric column without a QVariant, or nullopt for "n/a": the
    /// proxy compares about 20 million pairs to sort a million rows.
    std::optional<double> numericKey(int row, int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant displayText(const core::AggregatedMeasurement& row, int column) const;
    QVariant sortKey(const core::AggregatedMeasurement& row, int column) const;
    /// The number behind a numeric column (numericKey, sortKey), nullopt for "n/a" or a label.
    static std::optional<double> numberOf(const core::AggregatedMeasurement& row, int column);
    QVariant toolTip(const core::AggregatedMeasurement& row, int column) const;
    QVariant headerToolTip(int section) const;
    /// "Every run has 16 threads and 1 VM: …", empty while Threads and VMs vary.
    QString constantFactorsText() const;

    std::vector<core::AggregatedMeasurement> m_rows; ///< in configuration order
    int m_runCount = 0;
};

} // namespace iolens::ui

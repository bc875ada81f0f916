// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/metric.hpp"

#include <QAbstractTableModel>

#include <vector>

namespace iolens::ui {

class ModelController;
struct ModelEntry;

/// The model comparison of the ICPE'13 evaluation as a table: one row per model and metric
/// (the controller's entries in order, each with its metrics in kCoreMetrics order); columns are
/// the technique, metric, origin (default / optimized), parameters, R² on the training data,
/// and from 10-fold cross-validation the cost (mean RMSE of log(metric), Algorithm 1's c(p)),
/// the mean relative error and its 90th percentile under the controller's Table 4 rule, then
/// the fit time. It follows the controller: rows appear when entries do, and cells fill in as
/// trainings and cross-validations finish ("…" meanwhile, "—" with the reason as tooltip when a
/// figure cannot be had). DisplayRole is text for a person; kSortRole holds the raw number (or
/// label) so sorting is numeric; a figure still to come has no sort key and sorts last.
class ModelComparisonModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int kSortRole = Qt::UserRole + 1;

    enum Column {
        TechniqueColumn,
        MetricColumn,
        OriginColumn,
        ParametersColumn,
        RSquaredColumn,
        CvCostColumn,
        MeanErrorColumn,
        P90ErrorColumn,
        InterpolationErrorColumn,
        ExtrapolationErrorColumn,
        FitTimeColumn,
        ColumnCount,
    };

    /// Which model a row shows: an index into controller->entries() and a core metric.
    struct RowKey {
        int entry = 0;
        core::Metric metric = core::Metric::RtReadMs;
        bool operator==(const RowKey&) const = default;
    };

    /// Follows `controller`, which must outlive the model.
    explicit ModelComparisonModel(const ModelController* controller, QObject* parent = nullptr);

    RowKey rowKey(int row) const { return m_rows.at(static_cast<std::size_t>(row)); }
    /// The row of `entry`'s model of `metric`, or -1.
    int rowOf(int entry, core::Metric metric) const;
    /// The row's model for a person (TrainedModel::describe(): coefficients, MARS terms, tree
    /// rules) under a line naming it, or why there is no model (yet).
    QString description(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<RowKey> currentRows() const;
    void resetRows();
    void refreshRows();
    void onCrossValidated(int entry, core::Metric metric);
    QVariant displayText(const ModelEntry& entry, core::Metric metric, int column) const;
    QVariant sortKey(const ModelEntry& entry, core::Metric metric, int column) const;
    QVariant toolTip(const ModelEntry& entry, core::Metric metric, int column) const;

    const ModelController* m_controller;
    std::vector<RowKey> m_rows;
};

} // namespace iolens::ui

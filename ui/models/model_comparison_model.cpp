// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/model_comparison_model.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "prediction/model_controller.hpp"

#include <algorithm>
#include <optional>

namespace iolens::ui {

namespace {

// A numeric cell: still to come, a value, or the reason there is none.
struct Figure {
    bool waiting = false;
    std::optional<double> value;
    QString reason;
};

bool isTrainingColumn(int column)
{
    return column == ModelComparisonModel::RSquaredColumn
        || column == ModelComparisonModel::FitTimeColumn;
}

Figure trainingFigure(const ModelEntry& entry, core::Metric metric, int column)
{
    Figure figure;
    if (!entry.trained) {
        figure.waiting = true;
        return figure;
    }
    const MetricModel* slot = entry.models.find(metric);
    if (!slot || !slot->model) {
        figure.reason = QString::fromStdString(slot ? slot->error : std::string());
        return figure;
    }
    const core::FitReport& report = slot->model->report();
    if (column == ModelComparisonModel::RSquaredColumn)
        figure.value = report.rSquared;
    else if (report.seconds > 0.0)
        figure.value = report.seconds;
    else
        figure.reason = ModelComparisonModel::tr("Not recorded for a model trained elsewhere");
    return figure;
}

// The holdout column's scenario, or nullopt for a cross-validation column.
std::optional<ErrorScenario> holdoutScenario(int column)
{
    if (column == ModelComparisonModel::InterpolationErrorColumn)
        return ErrorScenario::Interpolation;
    if (column == ModelComparisonModel::ExtrapolationErrorColumn)
        return ErrorScenario::Extrapolation;
    return std::nullopt;
}

Figure validationFigure(const ModelEntry& entry, core::Metric metric, int column)
{
    Figure figure;
    const MetricValidation& validation = entry.validation[coreMetricIndex(metric)];
    if (const auto scenario = holdoutScenario(column)) {
        if (validation.state == MetricValidation::State::Waiting)
            figure.waiting = true;
        else if (const core::ModelEvaluation* evaluation = validation.evaluation(*scenario))
            figure.value = evaluation->meanRelativeError;
        else
            figure.reason = QString::fromStdString(validation.errorOf(*scenario));
        return figure;
    }
    switch (validation.state) {
    case MetricValidation::State::Waiting:
        figure.waiting = true;
        break;
    case MetricValidation::State::Failed:
        figure.reason = QString::fromStdString(validation.error);
        break;
    case MetricValidation::State::Done: {
        const core::CrossValidatedEvaluation& cv = *validation.result;
        figure.value = column == ModelComparisonModel::CvCostColumn ? cv.cost
            : column == ModelComparisonModel::MeanErrorColumn ? cv.evaluation.meanRelativeError
                                                              : cv.evaluation.p90;
        break;
    }
    }
    return figure;
}

Figure figureOf(const ModelEntry& entry, core::Metric metric, int column)
{
    return isTrainingColumn(column) ? trainingFigure(entry, metric, column)
                                    : validationFigure(entry, metric, column);
}

QString formatFigure(double value, int column)
{
    switch (column) {
    case ModelComparisonModel::RSquaredColumn:
        return QLocale().toString(value, 'f', 3);
    case ModelComparisonModel::MeanErrorColumn:
    case ModelComparisonModel::P90ErrorColumn:
    case ModelComparisonModel::InterpolationErrorColumn:
    case ModelComparisonModel::ExtrapolationErrorColumn:
        return formatRelativeError(value);
    case ModelComparisonModel::FitTimeColumn:
        return ModelComparisonModel::tr("%1 ms").arg(formatSignificant(value * 1000.0));
    default:
        return formatSignificant(value);
    }
}

} // namespace

ModelComparisonModel::ModelComparisonModel(const ModelController* controller, QObject* parent)
    : QAbstractTableModel(parent)
    , m_controller(controller)
{
    connect(controller, &ModelController::trainingStarted, this, &ModelComparisonModel::resetRows);
    connect(controller, &ModelController::entryChanged, this, &ModelComparisonModel::refreshRows);
    connect(controller, &ModelController::crossValidationReady, this,
        &ModelComparisonModel::onCrossValidated);
    m_rows = currentRows();
}

std::vector<ModelComparisonModel::RowKey> ModelComparisonModel::currentRows() const
{
    std::vector<RowKey> rows;
    const auto& entries = m_controller->entries();
    for (std::size_t e = 0; e < entries.size(); ++e)
        for (core::Metric metric : core::kCoreMetrics)
            if (entries[e].covers(metric))
                rows.push_back({static_cast<int>(e), metric});
    return rows;
}

void ModelComparisonModel::resetRows()
{
    beginResetModel();
    m_rows = currentRows();
    endResetModel();
}

void ModelComparisonModel::refreshRows()
{
    std::vector<RowKey> rows = currentRows();
    if (rows != m_rows) {
        // An entry was added, or got a metric: the new rows form one block among the old ones.
        // Inserting them (rather than resetting) keeps the selection and the sort.
        std::size_t first = 0;
        while (first < m_rows.size() && first < rows.size() && m_rows[first] == rows[first])
            ++first;
        const std::size_t added = rows.size() > m_rows.size() ? rows.size() - m_rows.size() : 0;
        const auto offset = [](std::size_t n) { return static_cast<std::ptrdiff_t>(n); };
        if (added == 0
            || !std::equal(m_rows.begin() + offset(first), m_rows.end(),
                rows.begin() + offset(first + added))) {
            resetRows();
            return;
        }
        beginInsertRows({}, static_cast<int>(first), static_cast<int>(first + added) - 1);
        m_rows = std::move(rows);
        endInsertRows();
    }
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void ModelComparisonModel::onCrossValidated(int entry, core::Metric metric)
{
    const int row = rowOf(entry, metric);
    if (row >= 0)
        emit dataChanged(index(row, CvCostColumn), index(row, P90ErrorColumn));
}

int ModelComparisonModel::rowOf(int entry, core::Metric metric) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i] == RowKey {entry, metric})
            return static_cast<int>(i);
    return -1;
}

QString ModelComparisonModel::description(int row) const
{
    const RowKey key = rowKey(row);
    const ModelEntry& entry = m_controller->entries().at(static_cast<std::size_t>(key.entry));
    const QString title = tr("%1, %2").arg(entry.label, metricTitle(key.metric));
    if (!entry.trained)
        return tr("%1: still training…").arg(title);
    const MetricModel* slot = entry.models.find(key.metric);
    if (!slot || !slot->model)
        return tr("%1: no model (%2)")
            .arg(title, QString::fromStdString(slot ? slot->error : std::string()));
    return title + QStringLiteral(" — ")
        + parametersText(entry.technique, slot->model->parameters()) + QStringLiteral("\n\n")
        + QString::fromStdString(slot->model->describe());
}

int ModelComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ModelComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ModelComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const RowKey key = rowKey(index.row());
    const ModelEntry& entry = m_controller->entries().at(static_cast<std::size_t>(key.entry));
    switch (role) {
    case Qt::DisplayRole:
        return displayText(entry, key.metric, index.column());
    case kSortRole:
        return sortKey(entry, key.metric, index.column());
    case Qt::ToolTipRole:
        return toolTip(entry, key.metric, index.column());
    case Qt::TextAlignmentRole:
        return index.column() >= RSquaredColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant ModelComparisonModel::displayText(
    const ModelEntry& entry, core::Metric metric, int column) const
{
    switch (column) {
    case TechniqueColumn:
        return entry.label;
    case MetricColumn:
        return metricShortTitle(metric);
    case OriginColumn:
        return originText(entry.origin);
    case ParametersColumn: {
        const core::TrainedModel* model = entry.model(metric);
        return model ? parametersText(entry.technique, model->parameters())
                     : entry.parametersSummary();
    }
    default:
        break;
    }
    const Figure figure = figureOf(entry, metric, column);
    if (figure.waiting)
        return tr("…");
    return figure.value ? formatFigure(*figure.value, column) : tr("—");
}

QVariant ModelComparisonModel::sortKey(
    const ModelEntry& entry, core::Metric metric, int column) const
{
    switch (column) {
    case TechniqueColumn:
        return entry.label;
    case MetricColumn:
        return static_cast<int>(coreMetricIndex(metric));
    case OriginColumn:
        return static_cast<int>(entry.origin);
    case ParametersColumn:
        return displayText(entry, metric, column);
    default:
        break;
    }
    const Figure figure = figureOf(entry, metric, column);
    return figure.value ? QVariant(*figure.value) : QVariant();
}

QVariant ModelComparisonModel::toolTip(
    const ModelEntry& entry, core::Metric metric, int column) const
{
    switch (column) {
    case TechniqueColumn:
        return entry.rows == TrainingRows::OneVm ? techniqueTitle(entry.technique)
                + QLatin1Char('\n') + trainingRowsExplanation(entry.rows, true)
                                                 : techniqueTitle(entry.technique);
    case MetricColumn:
        return metricTitle(metric);
    case OriginColumn:
        return {};
    case ParametersColumn:
        return displayText(entry, metric, column);
    default:
        break;
    }
    const Figure figure = figureOf(entry, metric, column);
    if (figure.waiting)
        return isTrainingColumn(column) || !entry.trained ? tr("Training…")
                                                          : tr("Cross-validating…");
    if (!figure.value)
        return figure.reason;
    if (isTrainingColumn(column))
        return {};
    const MetricValidation& validation = entry.validation[coreMetricIndex(metric)];
    const core::ModelEvaluation* evaluation
        = validation.evaluation(holdoutScenario(column).value_or(ErrorScenario::CrossValidation));
    if (!evaluation)
        return {};
    return tr("%1 configurations scored, %2 left out by the rule")
        .arg(evaluation->configs.size())
        .arg(evaluation->excludedByRule);
}

QVariant ModelComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case TechniqueColumn:
            return tr("Technique");
        case MetricColumn:
            return tr("Metric");
        case OriginColumn:
            return tr("Origin");
        case ParametersColumn:
            return tr("Parameters");
        case RSquaredColumn:
            return tr("R² train");
        case CvCostColumn:
            return tr("CV cost");
        case MeanErrorColumn:
            return tr("CV mean err.");
        case P90ErrorColumn:
            return tr("CV p90 err.");
        case InterpolationErrorColumn:
            return tr("Interp. err.");
        case ExtrapolationErrorColumn:
            return tr("Extrap. err.");
        case FitTimeColumn:
            return tr("Fit time");
        default:
            return {};
        }
    }
    if (role != Qt::ToolTipRole)
        return {};
    switch (section) {
    case RSquaredColumn:
        return tr("1 − RSS/TSS on the training data, on the scale the model is fitted on");
    case CvCostColumn:
        return tr("Mean RMSE over the %1 cross-validation folds, on the scale the model is "
                  "fitted on (log(metric) by default): the optimizer's cost")
            .arg(ModelController::kFolds);
    case MeanErrorColumn:
        return tr("Mean of |predicted − measured| / measured over the out-of-fold predictions "
                  "of %1-fold cross-validation")
            .arg(ModelController::kFolds);
    case P90ErrorColumn:
        return tr("90th percentile of the relative errors of the out-of-fold predictions");
    case InterpolationErrorColumn:
        return tr("Mean relative error on configurations the model was not trained on, inside its "
                  "training ranges: those a stored model's selection left out, else the request "
                  "sizes between the smallest and the largest, predicted by the technique "
                  "refitted without them (as iolens-cli evaluate --scenario interpolation)");
    case ExtrapolationErrorColumn:
        return tr("Mean relative error on configurations the model was not trained on, outside "
                  "its training ranges: those a stored model's selection left out, else the "
                  "largest request size, predicted by the technique refitted on the smaller ones "
                  "(as iolens-cli evaluate --scenario extrapolation)");
    case FitTimeColumn:
        return tr("Wall time of fitting the model on all measurements");
    default:
        return {};
    }
}

} // namespace iolens::ui

#include "moc_model_comparison_model.cpp"

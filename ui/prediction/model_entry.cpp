// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/model_entry.hpp"

#include "common/metric_text.hpp"
#include "models/regressor_registry.hpp"

#include <QStringList>

namespace iolens::ui {

const core::ModelEvaluation* MetricValidation::evaluation(ErrorScenario scenario) const
{
    switch (scenario) {
    case ErrorScenario::CrossValidation:
        return result ? &result->evaluation : nullptr;
    case ErrorScenario::Interpolation:
        return interpolation ? &*interpolation : nullptr;
    case ErrorScenario::Extrapolation:
        return extrapolation ? &*extrapolation : nullptr;
    case ErrorScenario::MultiVm:
        return multiVm ? &*multiVm : nullptr;
    case ErrorScenario::Rule:
        return rule ? &*rule : nullptr;
    case ErrorScenario::Grouped:
        return grouped ? &*grouped : nullptr;
    }
    return nullptr;
}

const std::string& MetricValidation::errorOf(ErrorScenario scenario) const
{
    switch (scenario) {
    case ErrorScenario::Interpolation:
        return interpolationError;
    case ErrorScenario::Extrapolation:
        return extrapolationError;
    case ErrorScenario::MultiVm:
        return multiVmError;
    case ErrorScenario::Rule:
        return ruleError;
    case ErrorScenario::Grouped:
        return groupedError;
    case ErrorScenario::CrossValidation:
        break;
    }
    return error;
}

std::size_t coreMetricIndex(core::Metric metric)
{
    for (std::size_t i = 0; i < core::kCoreMetrics.size(); ++i)
        if (core::kCoreMetrics[i] == metric)
            return i;
    return core::kCoreMetrics.size();
}

const core::TrainedModel* ModelEntry::model(core::Metric metric) const
{
    const MetricModel* entry = models.find(metric);
    return entry && entry->model ? &*entry->model : nullptr;
}

bool ModelEntry::covers(core::Metric metric) const
{
    return origin == ModelOrigin::Default || models.find(metric) != nullptr;
}

QString ModelEntry::parametersSummary() const
{
    QStringList lines;
    QStringList distinct;
    for (core::Metric metric : core::kCoreMetrics) {
        const core::TrainedModel* fitted = model(metric);
        if (!fitted)
            continue;
        const QString text = parametersText(technique, fitted->parameters());
        lines << metricShortTitle(metric) + QStringLiteral(": ") + text;
        if (!distinct.contains(text))
            distinct << text;
    }
    if (distinct.size() == 1)
        return distinct.front();
    if (!distinct.isEmpty())
        return lines.join(QLatin1Char('\n'));
    // Nothing trained yet: a default entry will have its technique's defaults.
    try {
        return parametersText(technique, core::createRegressor(technique)->parameters());
    } catch (const std::exception&) {
        return {};
    }
}

} // namespace iolens::ui

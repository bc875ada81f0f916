// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_comparison.hpp"

#include <QCoreApplication>

#include <algorithm>

namespace iolens::ui {

std::optional<double> ScenarioDelta::change() const
{
    if (!a || !b)
        return std::nullopt;
    return *b - *a;
}

std::optional<double> ScenarioDelta::changePercent() const
{
    if (!a || !b || *a == 0.0)
        return std::nullopt;
    return 100.0 * (*b - *a) / *a;
}

std::vector<ScenarioDelta> compareScenarios(
    const ScenarioEvaluation& a, const ScenarioEvaluation& b)
{
    std::vector<ScenarioDelta> rows;
    const std::size_t models = std::min(a.models.size(), b.models.size());
    for (std::size_t m = 0; m < a.metrics.size(); ++m) {
        const MetricEvaluation& inA = a.metrics[m];
        const MetricEvaluation& inB = b.metrics[m];
        if (!inA.applies && !inB.applies)
            continue;
        for (std::size_t i = 0; i < models; ++i) {
            ScenarioDelta row;
            row.metric = inA.metric;
            row.source = a.models[i].label;
            if (inA.applies && i < inA.predictions.size())
                row.a = inA.predictions[i].value;
            if (inB.applies && i < inB.predictions.size())
                row.b = inB.predictions[i].value;
            if (row.a || row.b)
                rows.push_back(std::move(row));
        }
        if (inA.measured || inB.measured) {
            ScenarioDelta row;
            row.metric = inA.metric;
            row.source = QCoreApplication::translate("ScenarioComparison", "measured");
            row.measured = true;
            row.a = inA.measured;
            row.b = inB.measured;
            rows.push_back(std::move(row));
        }
    }
    return rows;
}

} // namespace iolens::ui

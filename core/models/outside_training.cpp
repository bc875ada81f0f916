// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/outside_training.hpp"

#include "data/measurement_csv.hpp"
#include "models/vm_projection.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::core {

std::vector<UnlearnedFactor> unlearnedFactors(
    const TrainedModel& model, const std::vector<Configuration>& configs)
{
    const FeatureSchema& schema = model.schema();
    // Factor order is the CSV's column order (configuration.hpp).
    const std::vector<std::string> trained = configurationFields(schema.fixedValues());
    std::vector<UnlearnedFactor> found;
    for (std::size_t i = 0; i < configs.size(); ++i) {
        Configuration asked = configs[i];
        if (!modelsVmCount(model))
            asked.vms = schema.fixedValues().vms;
        for (Factor factor : schema.unlearnedFactors(asked)) {
            auto it = std::find_if(found.begin(), found.end(),
                [factor](const UnlearnedFactor& u) { return u.factor == factor; });
            if (it == found.end()) {
                const auto column = static_cast<std::size_t>(factor);
                found.push_back(
                    {factor, trained[column], 0, i, configurationFields(configs[i])[column]});
                it = found.end() - 1;
            }
            ++it->configurations;
        }
    }
    std::sort(found.begin(), found.end(),
        [](const UnlearnedFactor& a, const UnlearnedFactor& b) { return a.factor < b.factor; });
    return found;
}

std::vector<FactorBeyondRange> factorsBeyondRange(
    const TrainedModel& model, const std::vector<Configuration>& configs)
{
    std::vector<FactorBeyondRange> found;
    for (const FeatureColumn& column : model.schema().columns()) {
        if (column.derived() || column.categorical())
            continue;
        FactorBeyondRange beyond {column.factor, column.minValue, column.maxValue};
        // Not a rounding difference: the range comes from the same values.
        const double slack = 1e-9 * std::max(std::abs(column.minValue), std::abs(column.maxValue));
        for (std::size_t i = 0; i < configs.size(); ++i) {
            const double value = numericValue(askedConfiguration(model, configs[i]), column.factor);
            if (value >= column.minValue - slack && value <= column.maxValue + slack)
                continue;
            if (beyond.configurations++ == 0) {
                beyond.first = i;
                beyond.firstValue = value;
            }
        }
        if (beyond.configurations > 0)
            found.push_back(beyond);
    }
    std::sort(found.begin(), found.end(),
        [](const FactorBeyondRange& a, const FactorBeyondRange& b) { return a.factor < b.factor; });
    return found;
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/unlearned_factors.hpp"

#include "data/measurement_csv.hpp"
#include "models/vm_projection.hpp"

#include <algorithm>

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

} // namespace iolens::core

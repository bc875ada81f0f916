// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/outside_training.hpp"

#include "data/measurement_csv.hpp"
#include "models/auto_model.hpp"
#include "models/measured_levels.hpp"
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
        // A rate of a direction without requests is 0 whatever the model knows
        // (TrainedModel::predict): not answered as at the trained read share.
        if (isRateMetric(model.metric()) && !metricHasValue(model.metric(), configs[i].readPct))
            continue;
        Configuration asked = configs[i];
        // The projection over VMs answers a one-VM model's other counts. It does not teach a
        // model trained at one other count (two VMs, say) anything: that is answered as trained
        // whatever is asked, one VM included, so it is reported like any unlearned factor.
        if (!modelsVmCount(model) && schema.fixedValues().vms <= 1)
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
    const FeatureSchema& schema = model.schema();
    std::vector<Configuration> asked;
    asked.reserve(configs.size());
    for (const Configuration& config : configs)
        asked.push_back(askedConfiguration(model, config));
    const Eigen::MatrixXd x = schema.encode(asked);
    const auto* autoModel = dynamic_cast<const AutoModel*>(&model.regressor());
    const bool threadsBounded = autoModel && autoModel->boundsThreadsAbove();
    const bool requestsBounded = autoModel && autoModel->boundsRequestsAbove();
    const bool transferTime = requestsBounded && autoModel->followsTransferTimeAbove();
    std::vector<FactorBeyondRange> found;
    for (std::size_t j = 0; j < schema.size(); ++j) {
        const FeatureColumn& column = schema.columns()[j];
        if (column.derived() || column.categorical())
            continue;
        const auto col = static_cast<Eigen::Index>(j);
        // The intervals' own test of "beyond", rounding of a unit conversion not counted.
        const std::vector<char> beyond
            = beyondMeasured(x, {MeasuredRange {col, column.minValue, column.maxValue}});
        FactorBeyondRange report {column.factor, column.minValue, column.maxValue};
        for (std::size_t i = 0; i < beyond.size(); ++i) {
            if (!beyond[i])
                continue;
            if ((beyond[i] & kAboveRange) && column.factor == Factor::Threads && threadsBounded)
                report.operationalBounds = true;
            if ((beyond[i] & kAboveRange) && column.factor == Factor::RequestBytes
                && requestsBounded) {
                report.requestBound = true;
                report.transferTime = transferTime;
            }
            if (report.configurations++ == 0) {
                report.first = i;
                report.firstValue = x(static_cast<Eigen::Index>(i), col);
            }
        }
        if (report.configurations > 0)
            found.push_back(report);
    }
    std::sort(found.begin(), found.end(),
        [](const FactorBeyondRange& a, const FactorBeyondRange& b) { return a.factor < b.factor; });
    return found;
}

} // namespace iolens::core

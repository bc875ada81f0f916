// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/model_set.hpp"

#include "data/aggregation.hpp"
#include "models/regressor_registry.hpp"

#include <chrono>

namespace iolens::ui {

const MetricModel* ModelSet::find(core::Metric metric) const
{
    for (const MetricModel& entry : models)
        if (entry.metric == metric)
            return &entry;
    return nullptr;
}

ModelSet trainModelSet(const std::vector<core::Measurement>& runs, const std::string& technique,
    const std::atomic<bool>* cancel)
{
    const auto start = std::chrono::steady_clock::now();
    ModelSet set;
    set.technique = technique;
    const auto aggregated = core::aggregateRepetitions(runs);
    for (core::Metric metric : core::kCoreMetrics) {
        if (cancel && cancel->load())
            break;
        MetricModel entry;
        entry.metric = metric;
        try {
            // The same steps as core::trainModel, so the window predicts what the CLI predicts.
            core::ParamValues params;
            const core::TrainingOptions options = core::takeTrainingOptions(metric, params);
            auto regressor = core::createRegressor(technique);
            regressor->setParameters(params);
            entry.model = core::TrainedModel::train(std::move(regressor), aggregated, options);
        } catch (const std::exception& e) {
            // This runs on a worker thread: an exception must end here, not in QFuture::result().
            entry.error = e.what();
        }
        set.models.push_back(std::move(entry));
    }
    set.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return set;
}

} // namespace iolens::ui

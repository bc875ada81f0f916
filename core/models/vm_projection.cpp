// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/vm_projection.hpp"

#include <algorithm>

namespace iolens::core {

namespace {

bool addsUpOverVms(Metric metric)
{
    return metric == Metric::TpReadMbs || metric == Metric::TpWriteMbs
           || metric == Metric::IopsRead || metric == Metric::IopsWrite;
}

} // namespace

Configuration perVmConfiguration(const Configuration& config)
{
    Configuration share = config;
    const int vms = std::max(1, config.vms);
    share.vms = 1;
    share.threads = std::max(1, config.threads / vms);
    share.filesetBytes = std::max<std::int64_t>(1, config.filesetBytes / vms);
    return share;
}

bool modelsVmCount(const TrainedModel& model)
{
    const auto& columns = model.schema().columns();
    return std::any_of(columns.begin(), columns.end(),
                       [](const FeatureColumn& c) { return c.factor == Factor::Vms; });
}

double predictSpreadOverVms(const TrainedModel& model, const Configuration& config)
{
    if (config.vms <= 1 || modelsVmCount(model))
        return model.predict(config);
    const double share = model.predict(perVmConfiguration(config));
    return addsUpOverVms(model.metric()) ? share * config.vms : share;
}

} // namespace iolens::core

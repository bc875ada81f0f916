// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/vm_projection.hpp"

#include <algorithm>

namespace iolens::core {

namespace {

bool addsUpOverVms(Metric metric)
{
    return metric == Metric::TpReadMbs || metric == Metric::TpWriteMbs || metric == Metric::IopsRead
        || metric == Metric::IopsWrite;
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

Eigen::VectorXd predictSpreadOverVms(
    const TrainedModel& model, const std::vector<Configuration>& configs)
{
    const bool direct = modelsVmCount(model);
    std::vector<Configuration> shares;
    shares.reserve(configs.size());
    for (const Configuration& config : configs)
        shares.push_back(direct || config.vms <= 1 ? config : perVmConfiguration(config));
    Eigen::VectorXd predictions = model.predict(shares);
    if (!direct && addsUpOverVms(model.metric()))
        for (std::size_t i = 0; i < configs.size(); ++i)
            if (configs[i].vms > 1)
                predictions(static_cast<Eigen::Index>(i)) *= configs[i].vms;
    return predictions;
}

} // namespace iolens::core

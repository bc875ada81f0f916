// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/vm_projection.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"

#include <algorithm>

namespace iolens::core {

namespace {

bool addsUpOverVms(Metric metric)
{
    return metric == Metric::TpReadMbs || metric == Metric::TpWriteMbs || metric == Metric::IopsRead
        || metric == Metric::IopsWrite;
}

// What the model is asked: the configurations themselves, or one VM's share of each.
std::vector<Configuration> sharesOf(const std::vector<Configuration>& configs, bool direct)
{
    std::vector<Configuration> shares;
    shares.reserve(configs.size());
    for (const Configuration& config : configs)
        shares.push_back(direct || config.vms <= 1 ? config : perVmConfiguration(config));
    return shares;
}

// One VM's share of a throughput-like metric times the VM count, in place.
void scaleOverVms(const TrainedModel& model, const std::vector<Configuration>& configs, bool direct,
    Eigen::VectorXd& values)
{
    if (direct || !addsUpOverVms(model.metric()))
        return;
    for (std::size_t i = 0; i < configs.size(); ++i)
        if (configs[i].vms > 1)
            values(static_cast<Eigen::Index>(i)) *= throughputScaleOverVms(model, configs[i]);
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

double throughputScaleOverVms(const TrainedModel& model, const Configuration& config)
{
    const int vms = std::max(1, config.vms);
    const int trained = model.schema().fixedValues().threads;
    if (model.schema().numericColumn(Factor::Threads) >= 0 || trained < 1)
        return vms;
    // The model was trained at one thread count and answers for it whatever the share asks. At
    // the response time it predicts, Little's law gives a share of s threads s / trained of that
    // throughput: with the threads split over the VMs, N shares add up to the whole, not to N
    // times it (which would put N times the configuration's threads in flight).
    return static_cast<double>(vms) * perVmConfiguration(config).threads / trained;
}

double predictSpreadOverVms(const TrainedModel& model, const Configuration& config)
{
    if (config.vms <= 1 || modelsVmCount(model))
        return model.predict(config);
    const double share = model.predict(perVmConfiguration(config));
    return addsUpOverVms(model.metric()) ? share * throughputScaleOverVms(model, config) : share;
}

Eigen::VectorXd predictSpreadOverVms(
    const TrainedModel& model, const std::vector<Configuration>& configs)
{
    const bool direct = modelsVmCount(model);
    Eigen::VectorXd predictions = model.predict(sharesOf(configs, direct));
    scaleOverVms(model, configs, direct, predictions);
    return predictions;
}

std::optional<std::pair<Eigen::VectorXd, Eigen::VectorXd>> predictIntervalSpreadOverVms(
    const TrainedModel& model, const std::vector<Configuration>& configs, double level)
{
    if (!(level > 0.0 && level < 1.0))
        throw ConfigError("the interval level must be in (0, 1), got " + formatNumber(level));
    const bool direct = modelsVmCount(model);
    auto interval = model.predictInterval(sharesOf(configs, direct), level);
    if (interval) {
        scaleOverVms(model, configs, direct, interval->first);
        scaleOverVms(model, configs, direct, interval->second);
    }
    return interval;
}

} // namespace iolens::core

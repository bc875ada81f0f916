// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/vm_projection.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "data/metric.hpp"

#include <algorithm>

namespace iolens::core {

namespace {

std::vector<Configuration> askedConfigurations(
    const TrainedModel& model, const std::vector<Configuration>& configs)
{
    std::vector<Configuration> asked;
    asked.reserve(configs.size());
    for (const Configuration& config : configs)
        asked.push_back(askedConfiguration(model, config));
    return asked;
}

// Whether askedConfiguration gives `config` itself.
bool askedAsGiven(const TrainedModel& model, const Configuration& config)
{
    return config.vms <= 1 || modelsVmCount(model);
}

// Whether every configuration is asked as it is: then a sweep is not copied, which was 4.5 %
// of a slider step's instructions (sliderStep/thirdSystemReaders).
bool asksAsGiven(const TrainedModel& model, const std::vector<Configuration>& configs)
{
    return std::all_of(configs.begin(), configs.end(),
        [&](const Configuration& c) { return askedAsGiven(model, c); });
}

// A throughput-like prediction of the asked configuration scaled to all the VMs, in place.
void scaleOverVms(
    const TrainedModel& model, const std::vector<Configuration>& configs, Eigen::VectorXd& values)
{
    if (modelsVmCount(model) || !isRateMetric(model.metric()))
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

Configuration sharedStorageConfiguration(const Configuration& config)
{
    const Configuration share = perVmConfiguration(config);
    const int vms = std::max(1, config.vms);
    Configuration all = share;
    all.threads = vms * share.threads;
    all.filesetBytes = vms * share.filesetBytes;
    return all;
}

bool modelsVmCount(const TrainedModel& model)
{
    const auto& columns = model.schema().columns();
    return std::any_of(columns.begin(), columns.end(),
        [](const FeatureColumn& c) { return c.factor == Factor::Vms; });
}

bool modelsThreadCount(const TrainedModel& model)
{
    return model.schema().numericColumn(Factor::Threads) >= 0;
}

Configuration askedConfiguration(const TrainedModel& model, const Configuration& config)
{
    if (askedAsGiven(model, config))
        return config;
    return sharedStorageConfiguration(config);
}

double throughputScaleOverVms(const TrainedModel& model, const Configuration& config)
{
    const int trained = model.schema().fixedValues().threads;
    // Asked about all the VMs' threads at once, a model of the thread count predicts the whole.
    if (modelsThreadCount(model) || trained < 1)
        return 1.0;
    // The model was trained at one thread count and answers for it whatever it is asked, on
    // one VM as on N. Of the threads asked, the VMs run a whole number each: at the response time
    // it predicts, Little's law gives s running threads s / asked of that throughput (three VMs
    // of 16 / 3 threads keep 15 requests in flight, not 16). Scaled by s / trained instead, 1,024
    // threads over 64 VMs of a model trained at 16 answered 64 times its 16-thread throughput
    // (18 GB/s from a 287 MB/s stack), and on one VM as at 16: a count the model never varied
    // is answered as at the trained one either way (the predict note says so).
    const int asked = std::max(config.threads, 1);
    return static_cast<double>(sharedStorageConfiguration(config).threads) / asked;
}

double predictSpreadOverVms(const TrainedModel& model, const Configuration& config)
{
    // One path for one configuration and many, so the two cannot disagree.
    return predictSpreadOverVms(model, std::vector<Configuration> {config})(0);
}

Eigen::VectorXd predictSpreadOverVms(
    const TrainedModel& model, const std::vector<Configuration>& configs)
{
    Eigen::VectorXd predictions = asksAsGiven(model, configs)
        ? model.predict(configs)
        : model.predict(askedConfigurations(model, configs));
    scaleOverVms(model, configs, predictions);
    return predictions;
}

std::optional<std::pair<Eigen::VectorXd, Eigen::VectorXd>> predictIntervalSpreadOverVms(
    const TrainedModel& model, const std::vector<Configuration>& configs, double level)
{
    if (!(level > 0.0 && level < 1.0))
        throw ConfigError("the interval level must be in (0, 1), got " + formatNumber(level));
    if (asksAsGiven(model, configs))
        return model.predictInterval(configs, level);
    std::vector<Configuration> asked = askedConfigurations(model, configs);
    // A model of one thread count answers all the VMs' threads as at that count, and Little's
    // law scales the rate (throughputScaleOverVms): three VMs' 15 threads are the projection's,
    // not a value the model was asked about unawares, so they do not widen the interval as an
    // unlearned factor's value would (TrainedModel::predictInterval).
    if (!modelsThreadCount(model))
        for (Configuration& c : asked)
            c.threads = model.schema().fixedValues().threads;
    auto interval = model.predictInterval(asked, level);
    if (interval) {
        scaleOverVms(model, configs, interval->first);
        scaleOverVms(model, configs, interval->second);
    }
    return interval;
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/dataset.hpp"

#include "common/counted_noun.hpp"
#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace iolens::core {

namespace {

/// The runs behind m's value of `metric`: one where their spread is unknown (a single run, or
/// a run of 0 that has no log), so it counts as no repeat rather than as runs that agree.
RunSpread runSpreadOf(const AggregatedMeasurement& m, Metric metric)
{
    const auto i = metricIndex(metric);
    if (!m.logVariance[i])
        return {};
    return {m.runs[i], *m.logVariance[i]};
}

/// IOPS of one direction: measured, or throughput (MiB/s) / request size.
std::optional<double> directionIops(const AggregatedMeasurement& m, Metric iops, Metric throughput)
{
    if (const auto measured = m.value(iops))
        return measured;
    if (const auto mibs = m.value(throughput); mibs && m.config.requestBytes > 0)
        return *mibs * 1048576.0 / static_cast<double>(m.config.requestBytes);
    return std::nullopt;
}

/// The measured `times` (a response-time metric) of the configurations in `data` that `schema`
/// represents, encoded by it; null with fewer than two. `littleRatio`: that of `data`, which the
/// times' models read as the rate's (a closed workload's times extrapolate in threads by it).
std::shared_ptr<const Dataset> timesDataset(const std::vector<AggregatedMeasurement>& data,
    Metric times, const FeatureSchema& schema, std::optional<double> littleRatio)
{
    auto dataset = std::make_shared<Dataset>();
    dataset->schema = schema;
    dataset->metric = times;
    dataset->littleRatio = littleRatio;
    std::vector<double> values;
    for (const AggregatedMeasurement& m : data)
        if (const auto value = m.value(times); value && *value > 0.0
            && metricHasValue(times, m.config.readPct) && schema.represents(m.config)) {
            dataset->configs.push_back(m.config);
            dataset->runSpread.push_back(runSpreadOf(m, times));
            values.push_back(*value);
        }
    if (values.size() < 2)
        return nullptr;
    dataset->x = schema.encode(dataset->configs);
    dataset->y
        = Eigen::Map<Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
    return dataset;
}

/// `configs` followed by the configurations of `data` with a response time in a direction that
/// has requests there (the rows a rate composed from the times learns from).
std::vector<Configuration> withTimedConfigurations(
    std::vector<Configuration> configs, const std::vector<AggregatedMeasurement>& data)
{
    for (const AggregatedMeasurement& m : data)
        for (const Metric times : {Metric::RtReadMs, Metric::RtWriteMs})
            if (const auto value = m.value(times);
                value && *value > 0.0 && metricHasValue(times, m.config.readPct)) {
                configs.push_back(m.config);
                break;
            }
    return configs;
}

/// A configuration with its read share cleared: the key its read-share siblings share.
Configuration withoutReadShare(Configuration config)
{
    config.readPct = 0.0;
    return config;
}

/// The rows of `times` that go with the kept rows of `data` (see subset).
std::shared_ptr<const Dataset> keptTimes(
    const std::shared_ptr<const Dataset>& times, const Dataset& data, const std::vector<char>& kept)
{
    if (!times)
        return nullptr;
    // Per configuration of data: kept or not; per sibling key: whether every sibling is kept.
    std::map<Configuration, bool> own;
    std::map<Configuration, bool> siblings;
    for (std::size_t i = 0; i < data.configs.size(); ++i) {
        own[data.configs[i]] = kept[i] != 0;
        bool& allKept = siblings.try_emplace(withoutReadShare(data.configs[i]), true).first->second;
        allKept = allKept && kept[i] != 0;
    }
    std::vector<Eigen::Index> rows;
    for (std::size_t j = 0; j < times->configs.size(); ++j) {
        const Configuration& c = times->configs[j];
        bool keep = false;
        if (const auto it = own.find(c); it != own.end())
            keep = it->second;
        else if (const auto s = siblings.find(withoutReadShare(c)); s != siblings.end())
            keep = s->second;
        if (keep)
            rows.push_back(static_cast<Eigen::Index>(j));
    }
    if (rows.size() < 2)
        return nullptr;
    return std::make_shared<const Dataset>(subset(*times, rows));
}

} // namespace

Dataset subset(const Dataset& data, const std::vector<Eigen::Index>& rows)
{
    Dataset part;
    part.schema = data.schema;
    part.metric = data.metric;
    part.littleRatio = data.littleRatio;
    part.x.resize(static_cast<Eigen::Index>(rows.size()), data.cols());
    part.y.resize(static_cast<Eigen::Index>(rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        part.x.row(static_cast<Eigen::Index>(i)) = data.x.row(rows[i]);
        part.y(static_cast<Eigen::Index>(i)) = data.y(rows[i]);
        if (!data.configs.empty())
            part.configs.push_back(data.configs[static_cast<std::size_t>(rows[i])]);
        if (!data.runSpread.empty())
            part.runSpread.push_back(data.runSpread[static_cast<std::size_t>(rows[i])]);
    }
    if ((data.readTimes || data.writeTimes) && data.configs.size() == std::size_t(data.rows())) {
        std::vector<char> kept(data.configs.size(), 0);
        for (Eigen::Index r : rows)
            kept[static_cast<std::size_t>(r)] = 1;
        part.readTimes = keptTimes(data.readTimes, data, kept);
        part.writeTimes = keptTimes(data.writeTimes, data, kept);
    }
    return part;
}

bool Dataset::closedWorkload() const
{
    return littleRatio && std::abs(*littleRatio - 1.0) <= kClosedWorkloadTolerance;
}

std::optional<double> medianLittleRatio(const std::vector<AggregatedMeasurement>& data)
{
    std::vector<double> ratios;
    for (const AggregatedMeasurement& m : data) {
        if (m.config.threads < 1)
            continue;
        double outstanding = 0.0; // requests in the system, N = X R
        bool complete = true;
        const auto addDirection = [&](bool present, Metric iops, Metric throughput, Metric rt) {
            if (!present)
                return;
            const auto x = directionIops(m, iops, throughput);
            const auto r = m.value(rt);
            if (!x || !r)
                complete = false;
            else
                outstanding += *x * *r / 1000.0;
        };
        addDirection(m.config.readPct > 0.0, Metric::IopsRead, Metric::TpReadMbs, Metric::RtReadMs);
        addDirection(
            m.config.readPct < 100.0, Metric::IopsWrite, Metric::TpWriteMbs, Metric::RtWriteMs);
        if (complete && std::isfinite(outstanding))
            ratios.push_back(outstanding / m.config.threads);
    }
    if (ratios.empty())
        return std::nullopt;
    const auto middle = ratios.begin() + static_cast<std::ptrdiff_t>(ratios.size() / 2);
    std::nth_element(ratios.begin(), middle, ratios.end());
    return *middle;
}

Dataset buildDataset(
    const std::vector<AggregatedMeasurement>& data, Metric metric, RateSchema scope)
{
    Dataset dataset;
    dataset.metric = metric;
    std::vector<double> values;
    std::size_t withoutRequests = 0; // configurations whose direction has no requests
    for (const AggregatedMeasurement& m : data) {
        // A direction without requests has no response time or throughput to model: a CSV may
        // hold 0 there (the shared ones leave it empty), and 0 is not a value a log scale or a
        // relative error can take.
        if (!metricHasValue(metric, m.config.readPct)) {
            ++withoutRequests;
            continue;
        }
        if (const auto value = m.value(metric)) {
            dataset.configs.push_back(m.config);
            dataset.runSpread.push_back(runSpreadOf(m, metric));
            values.push_back(*value);
        }
    }
    if (values.size() < 2) {
        // Say why: a direction never asked for (every run at 100 % reads, for a write metric),
        // or a column left empty.
        const std::string direction = isReadMetric(metric) ? "read" : "write";
        std::string why = " (of " + std::to_string(data.size()) + " configurations";
        if (withoutRequests > 0)
            why += ", " + std::to_string(withoutRequests) + " at a read_pct with no " + direction
                + "s";
        why += data.size() > withoutRequests + values.size() ? ", the others with the column empty)"
                                                             : ")";
        throw DataError("training data: only "
            + countedNoun(values.size(), "measured configuration")
            + (values.size() == 1 ? " has " : " have ") + std::string(metricName(metric)) + why);
    }
    dataset.littleRatio = medianLittleRatio(data);
    const double pureShare = isReadMetric(metric) ? 100.0 : 0.0;
    const bool measuredAlone = std::all_of(dataset.configs.begin(), dataset.configs.end(),
        [&](const Configuration& c) { return c.readPct == pureShare; });
    dataset.schema = FeatureSchema::fromConfigurations(scope == RateSchema::WithTimes
                && isRateMetric(metric) && dataset.closedWorkload() && measuredAlone
            ? withTimedConfigurations(dataset.configs, data)
            : dataset.configs);
    dataset.x = dataset.schema.encode(dataset.configs);
    dataset.y
        = Eigen::Map<Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
    if (isRateMetric(metric)) {
        dataset.readTimes
            = timesDataset(data, Metric::RtReadMs, dataset.schema, dataset.littleRatio);
        dataset.writeTimes
            = timesDataset(data, Metric::RtWriteMs, dataset.schema, dataset.littleRatio);
    } else if (metric == Metric::RtWriteMs) {
        dataset.readTimes
            = timesDataset(data, Metric::RtReadMs, dataset.schema, dataset.littleRatio);
    } else if (metric == Metric::RtReadMs) {
        dataset.writeTimes
            = timesDataset(data, Metric::RtWriteMs, dataset.schema, dataset.littleRatio);
    }
    return dataset;
}

} // namespace iolens::core

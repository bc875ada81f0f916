// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/dataset.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::core {

namespace {

/// IOPS of one direction: measured, or throughput (MiB/s) / request size.
std::optional<double> directionIops(const AggregatedMeasurement& m, Metric iops, Metric throughput)
{
    if (const auto measured = m.value(iops))
        return measured;
    if (const auto mibs = m.value(throughput); mibs && m.config.requestBytes > 0)
        return *mibs * 1048576.0 / static_cast<double>(m.config.requestBytes);
    return std::nullopt;
}

} // namespace

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

Dataset buildDataset(const std::vector<AggregatedMeasurement>& data, Metric metric)
{
    Dataset dataset;
    dataset.metric = metric;
    std::vector<double> values;
    for (const AggregatedMeasurement& m : data) {
        // A direction without requests has no response time or throughput to model: a CSV may
        // hold 0 there (the shared ones leave it empty), and 0 is not a value a log scale or a
        // relative error can take.
        if (!metricHasValue(metric, m.config.readPct))
            continue;
        if (const auto value = m.value(metric)) {
            dataset.configs.push_back(m.config);
            values.push_back(*value);
        }
    }
    if (values.size() < 2)
        throw DataError("training data: only " + std::to_string(values.size())
            + " measured configuration(s) have " + std::string(metricName(metric)));
    dataset.schema = FeatureSchema::fromConfigurations(dataset.configs);
    dataset.x = dataset.schema.encode(dataset.configs);
    dataset.y
        = Eigen::Map<Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
    dataset.littleRatio = medianLittleRatio(data);
    return dataset;
}

} // namespace iolens::core

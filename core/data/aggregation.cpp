// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/aggregation.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace iolens::core {

namespace {

struct Accumulator {
    int count = 0;
    double sum = 0.0;
    double sumSquares = 0.0;
    /// The logs of the values, while every value is positive.
    bool positive = true;
    double logSum = 0.0;
    double logSquares = 0.0;
};

/// The run's metrics with a direction's IOPS computed from its throughput where only the
/// throughput was measured, and the other way round: a run has one request size (mixed sizes
/// are refused on import), so each is the other times a constant, as fio derives both from the
/// same counts (bytes and requests over the run's time). A CSV that has only one of the two can
/// then be modelled in either view (`train --metric iops_read` on bandwidth alone).
MetricValues withBothRateViews(const Measurement& run)
{
    MetricValues metrics = run.metrics;
    if (run.config.requestBytes <= 0)
        return metrics;
    const double bytesPerMib = 1048576.0 / static_cast<double>(run.config.requestBytes);
    const auto complete = [&](Metric throughput, Metric iops) {
        auto& mibs = metrics[metricIndex(throughput)];
        auto& ops = metrics[metricIndex(iops)];
        if (mibs && !ops)
            ops = *mibs * bytesPerMib;
        else if (ops && !mibs)
            mibs = *ops / bytesPerMib;
    };
    complete(Metric::TpReadMbs, Metric::IopsRead);
    complete(Metric::TpWriteMbs, Metric::IopsWrite);
    return metrics;
}

} // namespace

std::vector<AggregatedMeasurement> aggregateRepetitions(const std::vector<Measurement>& runs)
{
    std::map<Configuration, std::size_t> slotOf;
    std::vector<AggregatedMeasurement> result;
    std::vector<std::array<Accumulator, kMetricCount>> sums;
    for (const Measurement& run : runs) {
        auto [it, inserted] = slotOf.try_emplace(run.config, result.size());
        if (inserted) {
            result.push_back({run.config, 0, {}, {}, run.split});
            sums.emplace_back();
        }
        AggregatedMeasurement& agg = result[it->second];
        ++agg.repetitions;
        const MetricValues metrics = withBothRateViews(run);
        for (std::size_t i = 0; i < kMetricCount; ++i) {
            if (!metrics[i])
                continue;
            Accumulator& acc = sums[it->second][i];
            ++acc.count;
            acc.sum += *metrics[i];
            acc.sumSquares += *metrics[i] * *metrics[i];
            acc.positive = acc.positive && *metrics[i] > 0.0;
            if (acc.positive) {
                const double logValue = std::log(*metrics[i]);
                acc.logSum += logValue;
                acc.logSquares += logValue * logValue;
            }
        }
    }
    for (std::size_t slot = 0; slot < result.size(); ++slot) {
        for (std::size_t i = 0; i < kMetricCount; ++i) {
            const Accumulator& acc = sums[slot][i];
            if (acc.count == 0)
                continue;
            const double mean = acc.sum / acc.count;
            result[slot].mean[i] = mean;
            result[slot].runs[i] = acc.count;
            if (acc.count >= 2 && acc.positive) {
                const double logMean = acc.logSum / acc.count;
                result[slot].logVariance[i] = std::max(
                    0.0, (acc.logSquares - acc.count * logMean * logMean) / (acc.count - 1));
            }
            if (acc.count < 2 || mean == 0.0)
                continue;
            const double variance
                = std::max(0.0, (acc.sumSquares - acc.count * mean * mean) / (acc.count - 1));
            result[slot].relativeStdError[i] = std::sqrt(variance / acc.count) / std::fabs(mean);
        }
    }
    return result;
}

} // namespace iolens::core

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
        for (std::size_t i = 0; i < kMetricCount; ++i) {
            if (!run.metrics[i])
                continue;
            Accumulator& acc = sums[it->second][i];
            ++acc.count;
            acc.sum += *run.metrics[i];
            acc.sumSquares += *run.metrics[i] * *run.metrics[i];
            acc.positive = acc.positive && *run.metrics[i] > 0.0;
            if (acc.positive) {
                const double logValue = std::log(*run.metrics[i]);
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

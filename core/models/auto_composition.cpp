// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/auto_composition.hpp"

#include "common/error.hpp"
#include "models/derived_features.hpp"

#include <cmath>
#include <map>
#include <tuple>

namespace iolens::core {

Eigen::ArrayXd readShares(const Eigen::MatrixXd& x, const FeatureSchema& base)
{
    return base.numericValues(x, Factor::ReadPct).array() / 100.0;
}

std::pair<double, double> readShareRange(const FeatureSchema& base)
{
    if (const Eigen::Index column = base.numericColumn(Factor::ReadPct); column >= 0) {
        const FeatureColumn& c = base.columns()[static_cast<std::size_t>(column)];
        return {c.minValue / 100.0, c.maxValue / 100.0};
    }
    const double fixed = base.fixedValues().readPct / 100.0;
    return {fixed, fixed};
}

Eigen::VectorXd composeRate(const Eigen::MatrixXd& x, const FeatureSchema& base, Metric metric,
    const Eigen::VectorXd& logReadMs, const Eigen::VectorXd& logWriteMs)
{
    Eigen::VectorXd rate = littleOffset(x, base, metric);
    const Eigen::ArrayXd r = readShares(x, base);
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        double timeMs = 0.0;
        if (r(i) > 0.0) {
            if (i >= logReadMs.size())
                throw StateError("composeRate: no read response time for a row with reads");
            timeMs += r(i) * std::exp(logReadMs(i));
        }
        if (r(i) < 1.0) {
            if (i >= logWriteMs.size())
                throw StateError("composeRate: no write response time for a row with writes");
            timeMs += (1.0 - r(i)) * std::exp(logWriteMs(i));
        }
        rate(i) -= std::log(timeMs / 1000.0);
    }
    return rate;
}

Eigen::VectorXd composeScale(const Eigen::MatrixXd& x, const FeatureSchema& base,
    const Eigen::VectorXd& logReadMs, const Eigen::VectorXd& logWriteMs,
    const Eigen::VectorXd& readScale, const Eigen::VectorXd& writeScale)
{
    const Eigen::ArrayXd r = readShares(x, base);
    Eigen::VectorXd scale = Eigen::VectorXd::Ones(x.rows());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const bool reads = r(i) > 0.0, writes = r(i) < 1.0;
        if ((reads && (i >= logReadMs.size() || i >= readScale.size()))
            || (writes && (i >= logWriteMs.size() || i >= writeScale.size())))
            throw StateError(
                "composeScale: no time or scale for a direction a row has requests in");
        const double readPart = reads ? r(i) * std::exp(logReadMs(i)) : 0.0;
        const double writePart = writes ? (1.0 - r(i)) * std::exp(logWriteMs(i)) : 0.0;
        const double total = readPart + writePart;
        if (total > 0.0)
            scale(i) = (reads ? readPart / total * readScale(i) : 0.0)
                + (writes ? writePart / total * writeScale(i) : 0.0);
    }
    return scale;
}

namespace {

/// A held-out level by factor and range (one level: low == high).
using LevelKey = std::tuple<Factor, double, double>;

LevelKey keyOf(const HeldOutLevel& level)
{
    return {level.factor, level.level, level.levelHigh};
}

/// Log time predicted for (configuration, level) with that level left out, and the point's
/// interval scale.
std::map<std::pair<Configuration, LevelKey>, std::pair<double, double>> heldOutTimes(
    const GroupedCvResult& cv, const std::vector<Configuration>& configs)
{
    std::map<std::pair<Configuration, LevelKey>, std::pair<double, double>> times;
    for (const HeldOutPoint& p : cv.points)
        if (static_cast<std::size_t>(p.row) < configs.size())
            times[{configs[static_cast<std::size_t>(p.row)],
                keyOf(cv.levels[static_cast<std::size_t>(p.level)])}]
                = {p.predicted, p.scale};
    return times;
}

} // namespace

GroupedCvResult composedHeldOut(const Dataset& rate, Metric metric,
    const GroupedCvResult& readTimes, const std::vector<Configuration>& readConfigs,
    const GroupedCvResult& writeTimes, const std::vector<Configuration>& writeConfigs)
{
    GroupedCvResult result;
    std::map<LevelKey, int> levelIndex;
    for (const GroupedCvResult* cv : {&readTimes, &writeTimes})
        for (const HeldOutLevel& level : cv->levels)
            if (levelIndex.try_emplace(keyOf(level), static_cast<int>(result.levels.size()))
                    .second) {
                result.levels.push_back(level);
                result.levels.back().scored = 0;
            }
    const auto reads = heldOutTimes(readTimes, readConfigs);
    const auto writes = heldOutTimes(writeTimes, writeConfigs);
    const Eigen::ArrayXd share = readShares(rate.x, rate.schema);
    for (Eigen::Index i = 0; i < rate.rows(); ++i) {
        const Configuration& config = rate.configs[static_cast<std::size_t>(i)];
        for (const auto& [key, index] : levelIndex) {
            const auto read = reads.find({config, key});
            const auto write = writes.find({config, key});
            if ((share(i) > 0.0 && read == reads.end())
                || (share(i) < 1.0 && write == writes.end()))
                continue;
            const Eigen::VectorXd readTime
                = Eigen::VectorXd::Constant(1, read == reads.end() ? 0.0 : read->second.first);
            const Eigen::VectorXd writeTime
                = Eigen::VectorXd::Constant(1, write == writes.end() ? 0.0 : write->second.first);
            HeldOutPoint point;
            point.row = i;
            point.level = index;
            point.measured = rate.y(i);
            point.predicted
                = composeRate(rate.x.row(i), rate.schema, metric, readTime, writeTime)(0);
            point.scale = composeScale(rate.x.row(i), rate.schema, readTime, writeTime,
                Eigen::VectorXd::Constant(1, read == reads.end() ? 1.0 : read->second.second),
                Eigen::VectorXd::Constant(1, write == writes.end() ? 1.0 : write->second.second))(
                0);
            result.points.push_back(point);
        }
    }
    summarizeGroupedCv(result, true);
    return result;
}

} // namespace iolens::core

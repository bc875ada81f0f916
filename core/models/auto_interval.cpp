// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/auto_interval.hpp"

#include "common/error.hpp"
#include "common/json_text.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace iolens::core {

LevelCalibration LevelCalibration::fromGroupedCv(
    const GroupedCvResult& cv, const RepeatNoise& noise)
{
    if (cv.points.empty())
        throw DataError("LevelCalibration: no held-out points to calibrate an interval from");
    LevelCalibration calibration;
    for (const HeldOutPoint& p : cv.points)
        calibration.m_residuals.push_back(p.measured - p.predicted);
    std::sort(calibration.m_residuals.begin(), calibration.m_residuals.end());
    // The noise's floor is asked at the requested level, not the calibrated one (widen), so it
    // is set per target and fixed while the level is searched.
    GroupedCvResult floored = cv;
    const auto floorAt = [&](double level) {
        const double half = noise.bounds(level).upper;
        for (HeldOutPoint& p : floored.points)
            p.minHalfWidth = half / p.scale;
    };
    floorAt(kReferenceLevel);
    calibration.m_coverage = groupedIntervalCoverage(floored, kReferenceLevel);
    for (int k = 10; k <= 19; ++k) {
        const double target = k * 0.05;
        floorAt(target);
        calibration.m_levelMap.emplace_back(target, groupedCalibratedLevel(floored, target));
    }
    return calibration;
}

LevelCalibration LevelCalibration::fromStored(
    std::vector<double> residuals, double coverage, std::vector<std::pair<double, double>> levelMap)
{
    if (residuals.empty())
        throw DataError("model file: an interval calibration without residuals");
    LevelCalibration calibration;
    // Kept sorted for the quantiles; a file is not trusted to be.
    std::sort(residuals.begin(), residuals.end());
    calibration.m_residuals = std::move(residuals);
    calibration.m_coverage = coverage;
    calibration.m_levelMap = std::move(levelMap);
    return calibration;
}

double LevelCalibration::calibratedLevel(double level) const
{
    if (!(level > 0.0 && level < 1.0))
        throw ConfigError("the interval level must be in (0, 1), got " + std::to_string(level));
    if (m_levelMap.empty())
        return level;
    // Linear between the calibrated points; outside them the nearest point's shift carries
    // over, since the shortfall or excess changes slowly with the level.
    double shift = m_levelMap.back().second - m_levelMap.back().first;
    if (level <= m_levelMap.front().first)
        shift = m_levelMap.front().second - m_levelMap.front().first;
    for (std::size_t k = 1; k < m_levelMap.size(); ++k) {
        const auto& [t0, a0] = m_levelMap[k - 1];
        const auto& [t1, a1] = m_levelMap[k];
        if (level > t0 && level <= t1) {
            const double f = (level - t0) / (t1 - t0);
            shift = (a0 - t0) + f * ((a1 - t1) - (a0 - t0));
        }
    }
    return std::clamp(
        level + shift, kMinCalibratedShare * level, std::max(level, kMaxCalibratedLevel));
}

ConformalBounds LevelCalibration::bounds(double level) const
{
    return conformalBoundsOfSorted(m_residuals, calibratedLevel(level));
}

nlohmann::json LevelCalibration::toJson() const
{
    return {{"residuals", m_residuals}, {"coverage", jsonNumber(m_coverage)},
        {"level_map", m_levelMap}};
}

LevelCalibration LevelCalibration::fromJson(const nlohmann::json& json)
{
    return fromStored(json.at("residuals").get<std::vector<double>>(),
        numberOfJson(json.at("coverage")),
        json.at("level_map").get<std::vector<std::pair<double, double>>>());
}

GroupedCvResult pointsOfKind(const GroupedCvResult& cv, bool extrapolation)
{
    // The levels stay whole (points refer to them by index); only the points are filtered.
    GroupedCvResult part;
    part.levels = cv.levels;
    for (const HeldOutPoint& p : cv.points)
        if (cv.levels[static_cast<std::size_t>(p.level)].extrapolation == extrapolation)
            part.points.push_back(p);
    summarizeGroupedCv(part, true);
    return part;
}

} // namespace iolens::core

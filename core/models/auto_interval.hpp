// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/measured_levels.hpp"
#include "models/repeat_noise.hpp"
#include "validation/conformal.hpp"
#include "validation/grouped_cv.hpp"

#include <nlohmann/json.hpp>

#include <limits>
#include <utility>
#include <vector>

namespace iolens::core {

/// Split-conformal intervals calibrated on held-out levels of a grouped cross-validation: the
/// sorted residuals (log scale) and how far the conformal level must be raised for the
/// intervals to cover the requested share of a level nobody measured.
class LevelCalibration {
public:
    /// Interval level coverage() refers to.
    static constexpr double kReferenceLevel = 0.8;

    LevelCalibration() = default;
    /// From the held-out points of `cv` (a grouped CV or a part of it): the residuals, the
    /// coverage of plain kReferenceLevel quantiles (groupedIntervalCoverage) and the calibrated
    /// level (groupedCalibratedLevel) at 0.50, 0.55, ..., 0.95. Throws DataError without points.
    /// `noise`: the runs' own spread, which widens every band the model shows to at least its
    /// bounds at the requested level (RepeatNoise::widen). The coverage at each level is judged
    /// on the band so widened, at each point noise's half-width divided by the point's scale
    /// (cv's residuals are divided by their scales, as scaledResiduals leaves them, or scales
    /// are 1): where the noise already covers a point, the quantiles need not. O(10 x 12 L n
    /// log n) for L levels.
    static LevelCalibration fromGroupedCv(const GroupedCvResult& cv, const RepeatNoise& noise = {});
    /// From what a file of the first auto format stored. Throws DataError without residuals.
    static LevelCalibration fromStored(std::vector<double> residuals, double coverage,
        std::vector<std::pair<double, double>> levelMap);

    bool empty() const { return m_residuals.empty(); }
    std::size_t size() const { return m_residuals.size(); }
    /// Coverage of uncalibrated kReferenceLevel intervals, at least the noise's, on the held-out
    /// levels (NaN if it could not be judged: no two levels of one factor to calibrate each
    /// other).
    double coverage() const { return m_coverage; }
    /// The conformal level used for a requested `level` in (0, 1): calibrated at the points of
    /// the level map and interpolated between them; between kMinCalibratedShare x `level` and
    /// kMaxCalibratedLevel. Throws ConfigError outside (0, 1).
    double calibratedLevel(double level) const;
    /// Bounds to add to a prediction (log scale) for an interval at `level`.
    ConformalBounds bounds(double level) const;

    nlohmann::json toJson() const;
    /// Throws DataError for a file without residuals.
    static LevelCalibration fromJson(const nlohmann::json& json);

private:
    std::vector<double> m_residuals; ///< y - prediction, log scale, sorted
    double m_coverage = std::numeric_limits<double>::quiet_NaN();
    /// (requested level, calibrated level) at 0.50, 0.55, ..., 0.95
    std::vector<std::pair<double, double>> m_levelMap;
};

/// The held-out points of `cv` whose level is an extrapolation (`extrapolation` true) or an
/// interpolation (false), with the levels they refer to; errors re-summarised. O(points).
GroupedCvResult pointsOfKind(const GroupedCvResult& cv, bool extrapolation);

} // namespace iolens::core

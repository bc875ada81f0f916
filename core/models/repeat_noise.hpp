// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"
#include "validation/conformal.hpp"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <vector>

namespace iolens::core {

/// How far one run of a configuration lies from that configuration's mean, learnt from the
/// configurations measured more than once: the least a prediction interval for a run can span.
///
/// An interval for the next run of a configuration holds the model's error and the run's own
/// noise. The calibrated band (held-out levels, auto_interval.hpp) sees the noise only through
/// the held-out runs, and a grid with few levels gives few: the volume capped at 4,000 IOPS per
/// direction (tests/data/measured) held out 6 points of its read time, predicted within 2 %, and
/// its band spanned x1.05 where its three runs of one 50 % read mix took 3.24, 0.43 and 2.04 ms
/// to read (each direction has its own budget, so a mix's threads split between them at
/// random). Such a band misses the very runs it was trained on. So no band is narrower than the
/// runs' own prediction interval:
/// the pooled standard deviation s of the runs' logs about their configuration's mean (the
/// pooled variance, sum (n_i - 1) s_i^2 / sum (n_i - 1), over the configurations run n_i >= 2
/// times), times Student's t quantile with those sum (n_i - 1) degrees of freedom, a textbook
/// interval for one new observation of a normal population whose variance is estimated. The
/// logs' deviations are relative ones, the same at every magnitude, as the models' bands are.
/// A dataset without repeats has no floor.
class RepeatNoise {
public:
    RepeatNoise() = default;

    /// From the runs behind each row (Dataset::runSpread). O(rows).
    static RepeatNoise of(const std::vector<RunSpread>& rows);

    bool empty() const { return m_degreesOfFreedom == 0; }
    /// The pooled standard deviation of one run's log about its configuration's mean.
    double logSd() const { return m_logSd; }
    /// sum (n_i - 1) over the configurations run n_i >= 2 times.
    int degreesOfFreedom() const { return m_degreesOfFreedom; }
    /// Configurations measured at least twice.
    int configurations() const { return m_configurations; }
    /// The least interval around a prediction at `level` (added to it, log scale): -/+ t s;
    /// {0, 0} when empty. Throws ConfigError unless 0 < level < 1.
    ConformalBounds bounds(double level) const;
    /// `lower` and `upper` widened to at least y + bounds(level) at every row. O(rows).
    void widen(const Eigen::VectorXd& y, double level, Eigen::VectorXd& lower,
        Eigen::VectorXd& upper) const;

    /// {"log_sd", "degrees_of_freedom", "configurations"}; null when empty.
    nlohmann::json toJson() const;
    /// Throws DataError for anything but null or such an object (log_sd finite and >= 0,
    /// degrees of freedom and configurations positive).
    static RepeatNoise fromJson(const nlohmann::json& json);

private:
    /// Sets the pooled sd and its degrees of freedom, and the half-width at kReferenceLevel.
    void set(double logSd, int degreesOfFreedom, int configurations);

    /// The level every slider step asks for; Student's quantile there is computed once (a
    /// quantile per interval call was 1 % of a step's instructions).
    static constexpr double kReferenceLevel = 0.8;

    double m_logSd = 0.0;
    int m_degreesOfFreedom = 0;
    int m_configurations = 0;
    double m_referenceHalfWidth = 0.0; ///< t quantile x s at kReferenceLevel
};

} // namespace iolens::core

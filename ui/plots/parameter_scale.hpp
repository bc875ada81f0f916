// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tuning/heuristic_optimizer.hpp"

#include <optional>
#include <vector>

namespace iolens::ui {

/// How one searched parameter (ICPE'13 Table 2) is laid along a plot axis: linear, or
/// logarithmic where its search range spans more than two decades (nk 3..800, minsplit 2..400)
/// or starts at zero for a continuous parameter (cp and thresh in [0, 0.999], whose good values
/// are 0.001 or 0.0001: Algorithm 1 halves its boxes towards them, so on a linear axis every
/// interesting point would sit on the left edge).
///
/// A log axis has no zero. Where the search range starts at 0, the axis starts one decade below
/// the smallest positive value evaluated, and 0 is drawn there (its tick is labelled "0",
/// see DecadeTicker): the decade in between is empty by construction, so nothing is misplaced.
struct ParameterScale {
    bool log = false;
    double low = 0.0;             ///< axis start in parameter units (> 0 on a log axis)
    double high = 1.0;            ///< axis end; > low
    std::optional<double> zeroAt; ///< log axes whose range includes 0: where 0 is drawn (= low)

    /// Where `value` is drawn, in parameter units: itself, or low for a value below a log
    /// axis's start.
    double drawn(double value) const;
    /// Position of `value` along the axis: 0 at low, 1 at high, linear in the drawn scale
    /// (in log(value) on a log axis). Values outside the axis go below 0 or above 1.
    double normalised(double value) const;
    /// Inverse of normalised(), for t outside [0, 1] as well (padding around the axis).
    double fromNormalised(double t) const;
};

/// True if `dimension` is best shown on a log axis (see ParameterScale); `specLogScale` is the
/// technique's own hint (core::ParamSpec::logScale).
bool prefersLogAxis(const core::SearchDimension& dimension, bool specLogScale);

/// The scale of `dimension` given the values evaluated so far (they place the zero of a log axis
/// whose range starts at 0; with none positive yet it is 1/1000 of the range's top).
ParameterScale parameterScale(
    const core::SearchDimension& dimension, bool log, const std::vector<double>& evaluatedValues);

} // namespace iolens::ui

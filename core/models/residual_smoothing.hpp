// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/feature_schema.hpp"
#include "models/last_prediction.hpp"
#include "models/measured_levels.hpp"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace iolens::core {

/// How a model's residuals at the measured configurations are carried to a configuration
/// nearby (kernel smoothing of the residuals, the second stage of "regression kriging": Hengl
/// et al. 2007, "About regression-kriging: from equations to case studies"). A model that
/// misses its own measurements by the same factor at 4 and at 16 KiB requests, say, is likely
/// to miss 8 KiB by about that factor too; far from every measurement the correction fades to
/// nothing and the model answers alone.
struct SmoothingSpec {
    /// Kernel length in steps between measured levels (0: no smoothing). A row one step away
    /// in one factor weighs exp(-1 / length^2).
    double lengthSteps = 0.0;
    /// Weight factor of a row with another label of a categorical factor (scheduler, pattern).
    double otherLabel = 0.0;
    /// Weight of a zero correction, in rows: with a total weight w of the rows near a
    /// configuration, the correction is their weighted mean residual x w / (w + prior).
    double prior = 1.0;

    bool on() const { return lengthSteps > 0.0; }
    /// "off", or "residuals within 1 step, other labels x0.25, prior 1"
    std::string label() const;
    nlohmann::json toJson() const;
    /// Throws DataError for a negative length, an other-label weight outside [0, 1] or a prior
    /// that is not positive.
    static SmoothingSpec fromJson(const nlohmann::json& json);
    bool operator==(const SmoothingSpec&) const = default;
};

/// The settings the auto model tries, "off" first.
std::vector<SmoothingSpec> smoothingCandidates();

/// Distances between configurations in measured level steps: each numeric factor of the schema
/// (sizes and counts on their log2, shares as they are) is divided by the median gap between its
/// distinct measured levels, so that one measured step weighs the same in every factor and on
/// every system; a categorical factor keeps its label index. A numeric factor the grouped CV did
/// not hold out (measured at two levels, say) is not smoothed across at all: nothing showed
/// that residuals carry from one of its levels to another, and with a 256 MiB and a 4 GiB file
/// set measured, the residuals of cached and of uncached reads would meet at 1 GiB.
struct SmoothingScale {
    std::vector<char> log2;   ///< per column: log2 before scaling
    std::vector<char> label;  ///< per column: categorical
    std::vector<char> exact;  ///< per column: numeric, not smoothed across (only equal values)
    std::vector<double> step; ///< per column: the median gap of its levels (1 for the others)

    /// The steps of the levels measured in x (encoded by `schema`), smoothing across the numeric
    /// factors in `across` only. Throws DataError for a derived column or a width other than
    /// the schema's.
    static SmoothingScale of(
        const FeatureSchema& schema, const Eigen::MatrixXd& x, const std::vector<Factor>& across);
    /// The same from the measured ranges of those levels (measuredRanges): the steps the
    /// intervals count beyond the ranges in are the steps smoothed in.
    static SmoothingScale of(const FeatureSchema& schema, const std::vector<MeasuredRange>& ranges,
        const std::vector<Factor>& across);
    /// Rows of x in steps (numeric columns) and label indices (categorical ones).
    Eigen::MatrixXd scaled(const Eigen::MatrixXd& x) const;
    std::size_t size() const { return step.size(); }
};

/// The residuals of a model at its training rows, ready to correct its predictions.
class ResidualSmoother {
public:
    ResidualSmoother() = default;
    /// x encoded by the schema `scale` was made of, residuals = measured - predicted on the
    /// model's scale, one per row. The scale may come from more levels than x has (a fold of a
    /// grouped CV smooths in the steps of the whole data). Throws DataError for mismatched sizes.
    ResidualSmoother(const SmoothingSpec& spec, SmoothingScale scale, const Eigen::MatrixXd& x,
        Eigen::VectorXd residuals);

    const SmoothingSpec& spec() const { return m_spec; }
    /// Width of the feature rows it takes (the schema's columns).
    std::size_t columns() const { return m_scale.size(); }
    /// What to add to the model's prediction for each row of x (same schema); zeros when off.
    /// O(rows x training rows x columns); the last answer is remembered.
    Eigen::VectorXd correction(const Eigen::MatrixXd& x) const;

    nlohmann::json toJson() const;
    /// Throws DataError for a malformed state.
    static ResidualSmoother fromJson(const nlohmann::json& json);

private:
    Eigen::VectorXd computeCorrection(const Eigen::MatrixXd& x) const;
    /// The weight factor column c gives training rows whose scaled values are `points`, for a
    /// configuration whose scaled value is `value`.
    Eigen::ArrayXd columnWeights(std::size_t c, const Eigen::ArrayXd& points, double value) const;

    SmoothingSpec m_spec;
    SmoothingScale m_scale;
    Eigen::MatrixXd m_points; ///< training rows, scaled
    Eigen::VectorXd m_residuals;
    LastPrediction m_last; ///< starts empty in a copy; the smoother never changes once made
};

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace iolens::core {

/// One factor of a MARS basis function (ALGORITHMS.md 2.1, earth's `dirs`/`cuts` entries) on one
/// column of the predictor matrix. Predictor columns are the numeric features as they are and
/// each categorical feature as k-1 0/1 indicators (R's model.matrix, treatment contrasts).
struct MarsFactor {
    static constexpr int kLinear = 2;

    int predictor = 0; ///< predictor column, 0..p-1
    int direction = 1; ///< +1: max(0, x - cut); -1: max(0, cut - x); kLinear: x itself
    double cut = 0.0;  ///< knot t, an observed training value (ignored when linear)

    friend bool operator==(const MarsFactor&, const MarsFactor&) = default;
};

/// A MARS basis function B_m: the product of its factors, each on a distinct predictor. Factors are
/// kept sorted by predictor, the order earth names them in. No factor at all is the intercept.
struct MarsTerm {
    std::vector<MarsFactor> factors;

    /// Interaction order: number of factors (0 for the intercept).
    int degree() const { return static_cast<int>(factors.size()); }
    bool usesPredictor(int predictor) const;
    /// This term multiplied by one more factor (on a predictor it does not use yet).
    MarsTerm extended(const MarsFactor& factor) const;
    /// B_m on every row of `predictors` (n x p); returns n values. O(n * degree).
    /// Hinges extrapolate linearly outside the training range, as earth's predict does.
    Eigen::VectorXd evaluate(const Eigen::Ref<const Eigen::MatrixXd>& predictors) const;
    /// The same into `values` (resized), so a caller summing terms allocates once.
    void evaluateInto(
        const Eigen::Ref<const Eigen::MatrixXd>& predictors, Eigen::ArrayXd& values) const;

    friend bool operator==(const MarsTerm&, const MarsTerm&) = default;
};

/// Names of the predictor columns, for term names and descriptions.
struct MarsPredictorNames {
    std::vector<std::string> names; ///< "fileset_mib", "schedulernone", ...
    /// earth prints a hinge at 0 on a small non-negative integer column (a 0/1 indicator) as the
    /// bare predictor name; true for such columns (training minimum 0, maximum < 100, integers).
    std::vector<bool> countLike;
};

/// Flags the count-like columns of `predictors` (see MarsPredictorNames::countLike).
std::vector<bool> countLikeColumns(const Eigen::MatrixXd& predictors);

/// earth's term name: "(Intercept)", "h(fileset_mib-1024)", "h(1024-fileset_mib)", "read_pct"
/// (linear), products joined by '*'. Cuts are printed with %g, as R does with options(digits=7).
std::string marsTermName(const MarsTerm& term, const MarsPredictorNames& predictors);

nlohmann::json marsTermToJson(const MarsTerm& term);
/// Throws DataError for a malformed term or a predictor index outside 0..predictorCount-1.
MarsTerm marsTermFromJson(const nlohmann::json& json, int predictorCount);

} // namespace iolens::core

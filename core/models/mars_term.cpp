// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/mars_term.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace iolens::core {

bool MarsTerm::usesPredictor(int predictor) const
{
    return std::any_of(factors.begin(), factors.end(),
        [predictor](const MarsFactor& f) { return f.predictor == predictor; });
}

MarsTerm MarsTerm::extended(const MarsFactor& factor) const
{
    MarsTerm term = *this;
    const auto position = std::find_if(term.factors.begin(), term.factors.end(),
        [&](const MarsFactor& f) { return f.predictor > factor.predictor; });
    term.factors.insert(position, factor);
    return term;
}

Eigen::VectorXd MarsTerm::evaluate(const Eigen::Ref<const Eigen::MatrixXd>& predictors) const
{
    Eigen::ArrayXd values;
    evaluateInto(predictors, values);
    return values.matrix();
}

void MarsTerm::evaluateInto(
    const Eigen::Ref<const Eigen::MatrixXd>& predictors, Eigen::ArrayXd& values) const
{
    values.setOnes(predictors.rows());
    for (const MarsFactor& f : factors) {
        const auto x = predictors.col(f.predictor).array();
        if (f.direction == MarsFactor::kLinear)
            values *= x;
        else if (f.direction > 0)
            values *= (x - f.cut).max(0.0);
        else
            values *= (f.cut - x).max(0.0);
    }
}

std::vector<bool> countLikeColumns(const Eigen::MatrixXd& predictors)
{
    std::vector<bool> flags(static_cast<std::size_t>(predictors.cols()), false);
    for (Eigen::Index j = 0; j < predictors.cols(); ++j) {
        const auto x = predictors.col(j).array();
        flags[static_cast<std::size_t>(j)] = predictors.rows() > 0 && x.minCoeff() == 0.0
            && x.maxCoeff() < 100.0 && (x == x.floor()).all();
    }
    return flags;
}

std::string marsTermName(const MarsTerm& term, const MarsPredictorNames& predictors)
{
    if (term.factors.empty())
        return "(Intercept)";
    std::string name;
    char buffer[64];
    for (const MarsFactor& f : term.factors) {
        if (!name.empty())
            name += '*';
        const std::string& predictor = predictors.names.at(static_cast<std::size_t>(f.predictor));
        const bool bare = f.direction == MarsFactor::kLinear
            || (f.direction > 0 && f.cut == 0.0
                && predictors.countLike.at(static_cast<std::size_t>(f.predictor)));
        if (bare) {
            name += predictor;
        } else if (f.direction > 0) {
            std::snprintf(buffer, sizeof buffer, "%g", f.cut);
            name += "h(" + predictor + "-" + buffer + ")";
        } else {
            std::snprintf(buffer, sizeof buffer, "%g", f.cut);
            name += std::string("h(") + buffer + "-" + predictor + ")";
        }
    }
    return name;
}

nlohmann::json marsTermToJson(const MarsTerm& term)
{
    nlohmann::json factors = nlohmann::json::array();
    for (const MarsFactor& f : term.factors)
        factors.push_back({{"predictor", f.predictor}, {"direction", f.direction}, {"cut", f.cut}});
    return factors;
}

MarsTerm marsTermFromJson(const nlohmann::json& json, int predictorCount)
{
    MarsTerm term;
    for (const auto& item : json) {
        MarsFactor f;
        f.predictor = item.at("predictor").get<int>();
        f.direction = item.at("direction").get<int>();
        f.cut = item.at("cut").get<double>();
        if (f.predictor < 0 || f.predictor >= predictorCount)
            throw DataError("model file: MARS factor on predictor " + std::to_string(f.predictor)
                + ", the features give " + std::to_string(predictorCount) + " predictor columns");
        if (f.direction != 1 && f.direction != -1 && f.direction != MarsFactor::kLinear)
            throw DataError("model file: MARS factor direction " + std::to_string(f.direction)
                + " is not -1, 1 or 2");
        if (!std::isfinite(f.cut))
            throw DataError("model file: MARS factor cut is not finite");
        if (term.usesPredictor(f.predictor))
            throw DataError(
                "model file: MARS term uses predictor " + std::to_string(f.predictor) + " twice");
        term = term.extended(f);
    }
    return term;
}

} // namespace iolens::core

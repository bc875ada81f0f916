// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/inside_out.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "validation/k_fold.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace iolens::core {

namespace {

// Cross-validated MSE of predicting the training mean: the score of the empty feature set, so
// that "no feature" competes with the others on the same folds.
double meanModelCvMse(const Eigen::VectorXd& y, int folds, std::uint64_t seed)
{
    const FoldAssignment assignment(y.size(), folds, seed);
    double total = 0.0;
    for (int f = 0; f < folds; ++f) {
        const Eigen::VectorXd train = y(assignment.trainRows(f));
        const Eigen::VectorXd test = y(assignment.testRows(f));
        total += (test.array() - train.mean()).square().sum();
    }
    return total / static_cast<double>(y.size());
}

struct LassoChoice {
    double cvMse = 0.0;
    double lambda = 0.0;
    double intercept = 0.0;
    Eigen::VectorXd slopes;
};

LassoChoice cvLasso(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const std::vector<Eigen::Index>& kept, const InsideOutParams& params)
{
    LassoChoice choice;
    if (kept.empty()) {
        choice.cvMse = meanModelCvMse(y, params.folds, params.seed);
        choice.intercept = y.mean();
        return choice;
    }
    ElasticNetOptions options = params.path;
    options.alpha = 1.0;
    const LambdaCrossValidation cv
        = crossValidateLambda(x(Eigen::all, kept), y, options, params.folds, params.seed);
    const std::size_t l = cv.chosen(params.rule);
    choice.cvMse = cv.cvm[l];
    choice.lambda = cv.path.lambdas[l];
    choice.intercept = cv.path.intercepts(static_cast<Eigen::Index>(l));
    choice.slopes = cv.path.slopes.col(static_cast<Eigen::Index>(l));
    return choice;
}

void checkParams(const InsideOutParams& params, Eigen::Index rows)
{
    if (!(params.thresholdMax >= 0.0) || params.thresholdSteps < 1)
        throw ConfigError(
            "Inside-Out: the threshold grid needs thresholdMax >= 0 and at least one step");
    if (params.folds < 3 || params.folds > rows)
        throw ConfigError("Inside-Out: " + std::to_string(params.folds) + " folds need 3.."
            + std::to_string(rows) + " rows");
}

const char* filterName(FeatureFilter filter)
{
    switch (filter) {
    case FeatureFilter::Ridge:
        return "ridge";
    case FeatureFilter::DecisionTree:
        return "decision tree";
    case FeatureFilter::RandomForest:
        return "random forest";
    }
    return "";
}

Eigen::VectorXd filterImportance(
    const Eigen::MatrixXd& x, const Eigen::VectorXd& y, const InsideOutParams& params)
{
    switch (params.filter) {
    case FeatureFilter::Ridge:
        return ridgeImportance(x, y, params.path, params.folds, params.seed);
    case FeatureFilter::DecisionTree:
        return treeImportance(x, y);
    case FeatureFilter::RandomForest:
        return forestImportance(x, y, params.seed);
    }
    throw ConfigError("Inside-Out: unknown filter");
}

} // namespace

std::vector<double> thresholdGrid(const InsideOutParams& params)
{
    if (params.thresholdSteps == 1)
        return {params.thresholdMax};
    std::vector<double> grid;
    grid.reserve(static_cast<std::size_t>(params.thresholdSteps));
    for (int i = 0; i < params.thresholdSteps; ++i)
        grid.push_back(params.thresholdMax * i / (params.thresholdSteps - 1));
    return grid;
}

InsideOutModel InsideOutModel::fit(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const std::vector<std::string>& names, const InsideOutParams& params)
{
    if (static_cast<std::size_t>(x.cols()) != names.size() || x.rows() != y.size())
        throw DataError("InsideOutModel::fit: x is " + std::to_string(x.rows()) + " x "
            + std::to_string(x.cols()) + ", y has " + std::to_string(y.size()) + " values, "
            + std::to_string(names.size()) + " names");
    if (x.rows() < 3)
        throw DataError(
            "InsideOutModel::fit: at least 3 rows are needed, have " + std::to_string(x.rows()));
    if (!x.allFinite() || !y.allFinite())
        throw DataError("InsideOutModel::fit: x or y has a missing or infinite value");
    checkParams(params, x.rows());
    InsideOutModel model;
    model.m_filter = params.filter;
    model.m_names = names;
    model.m_importance = filterImportance(x, y, params);
    // Algorithm 1 lines 9-13. Thresholds that keep the same features share one lasso fit.
    std::map<std::vector<Eigen::Index>, LassoChoice> fitted;
    double bestMse = 0.0;
    for (const double threshold : thresholdGrid(params)) {
        const std::vector<Eigen::Index> kept = selectFeatures(model.m_importance, threshold);
        auto it = fitted.find(kept);
        if (it == fitted.end())
            it = fitted.emplace(kept, cvLasso(x, y, kept, params)).first;
        const LassoChoice& choice = it->second;
        model.m_grid.push_back({threshold, static_cast<int>(kept.size()), choice.cvMse});
        // Strictly lower wins: on a tie the smaller threshold (the earlier one) stays.
        if (model.m_grid.size() == 1 || choice.cvMse < bestMse) {
            bestMse = choice.cvMse;
            model.m_threshold = threshold;
            model.m_kept = kept;
            model.m_lambda = choice.lambda;
            model.m_intercept = choice.intercept;
            model.m_slopes = choice.slopes;
        }
    }
    return model;
}

Eigen::VectorXd InsideOutModel::predict(const Eigen::MatrixXd& x) const
{
    if (static_cast<std::size_t>(x.cols()) != m_names.size())
        throw DataError("InsideOutModel::predict: x has " + std::to_string(x.cols())
            + " columns, the model " + std::to_string(m_names.size()));
    if (m_kept.empty())
        return Eigen::VectorXd::Constant(x.rows(), m_intercept);
    return (x(Eigen::all, m_kept) * m_slopes).array() + m_intercept;
}

std::string InsideOutModel::describe() const
{
    std::string text = std::string("Inside-Out two-level learner: ") + filterName(m_filter)
        + " filter, then lasso\n";
    text += "threshold alpha = " + formatNumber(m_threshold) + " x median importance: "
        + std::to_string(m_kept.size()) + " of " + std::to_string(m_names.size())
        + " features kept; lasso lambda = " + formatNumber(m_lambda) + "\n";
    text += "grid (alpha: kept, CV mean squared error):";
    for (const ThresholdScore& s : m_grid)
        text += " " + formatNumber(s.threshold) + ": " + std::to_string(s.kept) + ", "
            + formatNumber(s.cvMse) + ";";
    text += "\n";
    char line[200];
    std::snprintf(line, sizeof line, "  %-40s %-24s %s\n", "(Intercept)", "",
        formatNumber(m_intercept).c_str());
    text += line;
    for (std::size_t i = 0; i < m_kept.size(); ++i) {
        const double value = m_slopes(static_cast<Eigen::Index>(i));
        const auto j = static_cast<std::size_t>(m_kept[i]);
        std::snprintf(line, sizeof line, "  %-40s importance %-13s %s\n", m_names[j].c_str(),
            formatNumber(m_importance(m_kept[i])).c_str(),
            value == 0.0 ? "0 (dropped by lasso)" : formatNumber(value).c_str());
        text += line;
    }
    return text;
}

nlohmann::json InsideOutModel::toJson() const
{
    nlohmann::json grid = nlohmann::json::array();
    for (const ThresholdScore& s : m_grid)
        grid.push_back({{"threshold", s.threshold}, {"kept", s.kept}, {"cv_mse", s.cvMse}});
    return {{"filter", static_cast<int>(m_filter)}, {"names", m_names},
        {"importance",
            std::vector<double>(m_importance.data(), m_importance.data() + m_importance.size())},
        {"threshold", m_threshold}, {"kept", m_kept}, {"lambda", m_lambda},
        {"intercept", m_intercept},
        {"slopes", std::vector<double>(m_slopes.data(), m_slopes.data() + m_slopes.size())},
        {"grid", grid}};
}

InsideOutModel InsideOutModel::fromJson(const nlohmann::json& json)
{
    InsideOutModel model;
    const int filter = json.at("filter").get<int>();
    if (filter < static_cast<int>(FeatureFilter::Ridge)
        || filter > static_cast<int>(FeatureFilter::RandomForest))
        throw DataError("model file: unknown Inside-Out filter " + std::to_string(filter));
    model.m_filter = static_cast<FeatureFilter>(filter);
    model.m_names = json.at("names").get<std::vector<std::string>>();
    const auto importance = json.at("importance").get<std::vector<double>>();
    model.m_importance = Eigen::Map<const Eigen::VectorXd>(
        importance.data(), static_cast<Eigen::Index>(importance.size()));
    model.m_threshold = json.at("threshold").get<double>();
    model.m_kept = json.at("kept").get<std::vector<Eigen::Index>>();
    model.m_lambda = json.at("lambda").get<double>();
    model.m_intercept = json.at("intercept").get<double>();
    const auto slopes = json.at("slopes").get<std::vector<double>>();
    model.m_slopes = Eigen::Map<const Eigen::VectorXd>(
        slopes.data(), static_cast<Eigen::Index>(slopes.size()));
    for (const auto& s : json.at("grid"))
        model.m_grid.push_back({s.at("threshold").get<double>(), s.at("kept").get<int>(),
            s.at("cv_mse").get<double>()});
    const auto p = static_cast<Eigen::Index>(model.m_names.size());
    bool valid = model.m_importance.size() == p
        && model.m_slopes.size() == static_cast<Eigen::Index>(model.m_kept.size());
    for (const Eigen::Index j : model.m_kept)
        valid = valid && j >= 0 && j < p;
    if (!valid)
        throw DataError("model file: the Inside-Out state is inconsistent (names, importance, "
                        "kept features and slopes disagree)");
    return model;
}

Eigen::VectorXd crossValidatedPredictions(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const std::vector<std::string>& names, const InsideOutParams& params)
{
    const FoldAssignment assignment(x.rows(), params.folds, params.seed);
    Eigen::VectorXd predictions(x.rows());
    for (int f = 0; f < params.folds; ++f) {
        const std::vector<Eigen::Index> train = assignment.trainRows(f);
        InsideOutParams inner = params;
        inner.folds
            = static_cast<int>(std::min<Eigen::Index>(params.folds, Eigen::Index(train.size())));
        const InsideOutModel model
            = InsideOutModel::fit(x(train, Eigen::all), y(train), names, inner);
        const auto& test = assignment.testRows(f);
        predictions(test) = model.predict(x(test, Eigen::all));
    }
    return predictions;
}

double insideOutAccuracy(const Eigen::VectorXd& predicted, const Eigen::VectorXd& measured)
{
    if (predicted.size() != measured.size() || measured.size() == 0)
        throw DataError("insideOutAccuracy: " + std::to_string(predicted.size())
            + " predictions for " + std::to_string(measured.size()) + " measurements");
    if ((measured.array() == 0.0).any())
        throw DataError(
            "insideOutAccuracy: a measured value is 0, its percentage error is undefined");
    const double mape = ((measured - predicted).array() / measured.array()).abs().mean();
    return std::max(1.0 - mape, 0.0);
}

} // namespace iolens::core

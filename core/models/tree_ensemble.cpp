// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/tree_ensemble.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <map>
#include <numeric>

namespace iolens::core {

namespace {

std::string cell(Eigen::Index row, const FeatureSchema& schema, Eigen::Index col)
{
    return "row " + std::to_string(row + 1) + ", feature '"
        + schema.columns()[static_cast<std::size_t>(col)].name() + "'";
}

bool isLevelIndex(double value, std::size_t levels)
{
    return value >= 0.0 && value < static_cast<double>(levels) && value == std::floor(value);
}

void checkColumnCount(const char* caller, const Eigen::MatrixXd& x, const FeatureSchema& schema)
{
    if (x.cols() != static_cast<Eigen::Index>(schema.size()))
        throw DataError(std::string(caller) + ": x has " + std::to_string(x.cols())
            + " columns, the feature schema " + std::to_string(schema.size()));
}

} // namespace

ParamSpec seedParamSpec()
{
    return {"seed", "seed of the random draws (bootstrap samples, feature subsets)", "seed", true,
        0.0, 9007199254740992.0, 1.0, false};
}

void checkEnsembleTrainingData(const char* caller, const Dataset& data)
{
    if (data.x.rows() != data.y.size())
        throw DataError(std::string(caller) + ": x has " + std::to_string(data.x.rows())
            + " rows, y has " + std::to_string(data.y.size()));
    checkColumnCount(caller, data.x, data.schema);
    if (data.y.size() == 0)
        throw DataError(std::string(caller) + ": no training rows");
    for (Eigen::Index i = 0; i < data.y.size(); ++i)
        if (!std::isfinite(data.y(i)))
            throw DataError(std::string(caller) + ": the response of row " + std::to_string(i + 1)
                + " is " + formatNumber(data.y(i))
                + "; tree ensembles need a finite response on every row");
    for (Eigen::Index j = 0; j < data.x.cols(); ++j) {
        const std::size_t levels = data.schema.columns()[static_cast<std::size_t>(j)].levels.size();
        for (Eigen::Index i = 0; i < data.x.rows(); ++i) {
            const double value = data.x(i, j);
            if (!std::isfinite(value))
                throw DataError(std::string(caller) + ": " + cell(i, data.schema, j) + " is "
                    + formatNumber(value) + "; missing predictors are not supported");
            if (levels > 0 && !isLevelIndex(value, levels))
                throw DataError(std::string(caller) + ": " + cell(i, data.schema, j) + " holds "
                    + formatNumber(value) + ", not a level index 0.." + std::to_string(levels - 1));
        }
    }
}

void checkEnsemblePredictors(
    const char* caller, const Eigen::MatrixXd& x, const FeatureSchema& schema)
{
    checkColumnCount(caller, x, schema);
    for (Eigen::Index j = 0; j < x.cols(); ++j) {
        const std::size_t levels = schema.columns()[static_cast<std::size_t>(j)].levels.size();
        for (Eigen::Index i = 0; levels > 0 && i < x.rows(); ++i)
            if (!std::isnan(x(i, j)) && !isLevelIndex(x(i, j), levels))
                throw DataError(std::string(caller) + ": " + cell(i, schema, j) + " holds "
                    + formatNumber(x(i, j)) + ", not a level index 0.."
                    + std::to_string(levels - 1));
    }
}

std::vector<Cart> fitCartSamples(const Dataset& data, const CartParams& params,
    const std::vector<std::vector<Eigen::Index>>& samples, std::vector<std::string>& warnings)
{
    std::vector<Cart> trees(samples.size(), Cart(params));
    std::vector<std::vector<std::string>> treeWarnings(samples.size());
    std::exception_ptr failure;
    const auto count = static_cast<int>(samples.size());
#pragma omp parallel for schedule(dynamic)
    for (int b = 0; b < count; ++b) {
        try {
            const auto& rows = samples[static_cast<std::size_t>(b)];
            Dataset sample {data.schema, data.x(rows, Eigen::all), data.y(rows), {}, data.metric,
                data.littleRatio, nullptr, nullptr, {}};
            treeWarnings[static_cast<std::size_t>(b)]
                = trees[static_cast<std::size_t>(b)].fit(sample).warnings;
        } catch (...) {
#pragma omp critical(iolens_ensemble_failure)
            failure = std::current_exception();
        }
    }
    if (failure)
        std::rethrow_exception(failure);
    // One line per distinct warning (a constant response gives the same warning for every tree).
    std::map<std::string, int> counts;
    std::vector<std::string> order;
    for (const auto& list : treeWarnings)
        for (const std::string& w : list)
            if (counts[w]++ == 0)
                order.push_back(w);
    for (const std::string& w : order)
        warnings.push_back(
            std::to_string(counts[w]) + " of " + std::to_string(count) + " trees: " + w);
    return trees;
}

void setTrainingFit(FitReport& report, const Eigen::VectorXd& fitted, const Eigen::VectorXd& y,
    std::chrono::steady_clock::time_point start)
{
    setTrainingFit(report, (fitted - y).squaredNorm(), y);
    report.seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

Eigen::VectorXd weightedCartSum(
    const std::vector<Cart>& trees, const std::vector<double>& weights, const Eigen::MatrixXd& x)
{
    Eigen::VectorXd sum = Eigen::VectorXd::Zero(x.rows());
    for (std::size_t b = 0; b < trees.size(); ++b)
        sum += weights[b] * trees[b].predict(x);
    return sum;
}

std::vector<double> impurityImportance(
    const std::vector<const std::vector<CartNode>*>& trees, std::size_t p)
{
    std::vector<double> importance(p, 0.0);
    for (const std::vector<CartNode>* nodes : trees)
        for (const CartNode& node : *nodes)
            if (!node.isLeaf())
                importance[static_cast<std::size_t>(node.feature)] += node.deviance
                    - (*nodes)[static_cast<std::size_t>(node.left)].deviance
                    - (*nodes)[static_cast<std::size_t>(node.right)].deviance;
    for (double& value : importance)
        value /= static_cast<double>(std::max<std::size_t>(trees.size(), 1));
    return importance;
}

std::string describeImportance(const std::vector<double>& importance, const FeatureSchema& schema)
{
    const double total = std::accumulate(importance.begin(), importance.end(), 0.0);
    if (!(total > 0.0))
        return "no split (no variable importance)";
    std::vector<std::size_t> order(importance.size());
    std::iota(order.begin(), order.end(), std::size_t {0});
    std::stable_sort(order.begin(), order.end(),
        [&](std::size_t a, std::size_t b) { return importance[a] > importance[b]; });
    std::string text;
    for (const std::size_t j : order) {
        char share[32];
        std::snprintf(share, sizeof share, "%.1f", 100.0 * importance[j] / total);
        text += (text.empty() ? "" : ", ") + schema.columns()[j].name() + " " + share + " %";
    }
    return text;
}

nlohmann::json cartStates(const std::vector<Cart>& trees)
{
    nlohmann::json states = nlohmann::json::array();
    for (const Cart& tree : trees)
        states.push_back(tree.saveState());
    return states;
}

std::vector<Cart> cartsFromStates(
    const nlohmann::json& states, const CartParams& params, const FeatureSchema& schema)
{
    if (!states.is_array() || states.empty())
        throw DataError("model file: the ensemble has no trees");
    std::vector<Cart> trees;
    for (const auto& state : states) {
        Cart tree(params);
        tree.loadState(state, schema);
        trees.push_back(std::move(tree));
    }
    return trees;
}

void checkSavedParameter(
    const char* technique, const nlohmann::json& state, const std::string& name, double current)
{
    double saved = 0.0;
    try {
        saved = state.at(name).get<double>();
    } catch (const nlohmann::json::exception& e) {
        throw DataError(std::string("model file: malformed ") + technique + " state: " + e.what());
    }
    if (saved != current)
        throw DataError(std::string("model file: the ") + technique + " trees were grown with "
            + name + " " + formatNumber(saved) + " but the parameters say "
            + formatNumber(current));
}

} // namespace iolens::core

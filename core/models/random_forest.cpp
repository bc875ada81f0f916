// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/random_forest.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "models/forest_growth.hpp"
#include "models/forest_state.hpp"
#include "models/tree_ensemble.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace iolens::core {

namespace {

constexpr int kRandomForestStateFormat
    = 1; // version of the JSON written by RandomForest::saveState
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// JSON has no NaN (nlohmann-json writes null): a missing out-of-bag figure is stored as null.
nlohmann::json finiteOrNull(double value)
{
    return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}

double numberOrNaN(const nlohmann::json& value)
{
    return value.is_null() ? kNaN : value.get<double>();
}

} // namespace

// Searched: mtry over 1..7 (the configuration factors; values above p act as p) and nodesize
// over 1..20. The number of trees is not searched: more trees only cost time.
std::vector<ParamSpec> RandomForest::paramSpecs() const
{
    const ForestParams defaults;
    ParamSpec trees {"ntrees", "number of trees", "ntree", true, 1, 100000,
        static_cast<double>(defaults.trees), false};
    ParamSpec mtry {"mtry", "columns tried per split (0: max(floor(p/3), 1))", "mtry", true, 0, 1e6,
        static_cast<double>(defaults.mtry), false};
    mtry.searchLow = 1;
    mtry.searchHigh = 7;
    ParamSpec nodeSize {"nodesize", "nodes with at most this many rows are leaves", "nodesize",
        true, 1, static_cast<double>(std::numeric_limits<int>::max()) - 1,
        static_cast<double>(defaults.nodeSize), false};
    nodeSize.searchLow = 1;
    nodeSize.searchHigh = 20;
    ParamSpec bootstrap {"bootstrap", "1: each tree on a bootstrap sample; 0: on all rows",
        "replace", true, 0, 1, defaults.bootstrap ? 1.0 : 0.0, false};
    return {trees, mtry, nodeSize, bootstrap, seedParamSpec()};
}

ParamValues RandomForest::parameters() const
{
    return {{"ntrees", m_params.trees}, {"mtry", m_params.mtry}, {"nodesize", m_params.nodeSize},
        {"bootstrap", m_params.bootstrap ? 1.0 : 0.0},
        {"seed", static_cast<double>(m_params.seed)}};
}

void RandomForest::setParameters(const ParamValues& values)
{
    const ParamValues resolved = resolveParameters(kTechnique, paramSpecs(), values);
    m_params.trees = static_cast<int>(resolved.at("ntrees"));
    m_params.mtry = static_cast<int>(resolved.at("mtry"));
    m_params.nodeSize = static_cast<int>(resolved.at("nodesize"));
    m_params.bootstrap = resolved.at("bootstrap") == 1.0;
    m_params.seed = static_cast<std::uint64_t>(resolved.at("seed"));
    m_trees.clear();
}

FitReport RandomForest::fit(const Dataset& data)
{
    const auto start = std::chrono::steady_clock::now();
    checkEnsembleTrainingData("RandomForest::fit", data);
    FitReport report;
    const auto p = static_cast<int>(data.cols());
    int mtry = m_params.mtry == 0 ? std::max(p / 3, 1) : m_params.mtry;
    if (mtry > p) {
        report.warnings.push_back("mtry " + std::to_string(mtry) + " is more than the "
            + std::to_string(p) + " features: " + std::to_string(p) + " used");
        mtry = p;
    }
    if (data.y.maxCoeff() == data.y.minCoeff())
        report.warnings.push_back("the response is constant: every tree is a single leaf");
    else if (data.rows() <= m_params.nodeSize)
        report.warnings.push_back("no more rows (" + std::to_string(data.rows())
            + ") than nodesize: every tree is a single leaf");

    ForestGrowthOptions options;
    options.trees = m_params.trees;
    options.featuresPerSplit = mtry;
    options.nodeSize = m_params.nodeSize;
    options.bootstrap = m_params.bootstrap;
    options.seed = m_params.seed;
    GrownForest forest = growForest(data.x, data.y, data.schema.levelCounts(), options);

    std::vector<const std::vector<CartNode>*> nodes;
    for (const CartTree& tree : forest.trees)
        nodes.push_back(&tree.nodes);
    m_importance = impurityImportance(nodes, data.schema.size());
    m_trees = std::move(forest.trees);
    m_schema = data.schema;
    m_mtryUsed = mtry;
    setOutOfBag(forest.outOfBag, data.y);

    setTrainingFit(report, predict(data.x), data.y, start);
    return report;
}

// R's regrf: mse over the rows that were out of bag at least once; rsq = 1 - mse / (var(y) (n-1)/n)
// with the variance of all n responses.
void RandomForest::setOutOfBag(const Eigen::VectorXd& outOfBag, const Eigen::VectorXd& y)
{
    double squares = 0.0;
    int rows = 0;
    for (Eigen::Index i = 0; i < y.size(); ++i) {
        if (std::isnan(outOfBag(i)))
            continue;
        squares += (outOfBag(i) - y(i)) * (outOfBag(i) - y(i));
        ++rows;
    }
    const double spread = (y.array() - y.mean()).square().sum() / static_cast<double>(y.size());
    const double mse = rows > 0 ? squares / rows : kNaN;
    m_oobRmse = std::sqrt(mse);
    m_oobRSquared = spread > 0.0 ? 1.0 - mse / spread : kNaN;
}

Eigen::VectorXd RandomForest::predict(const Eigen::MatrixXd& x) const
{
    if (m_trees.empty())
        throw StateError("RandomForest::predict: the model is not fitted");
    checkEnsemblePredictors("RandomForest::predict", x, m_schema);
    return predictForest(m_trees, x);
}

std::string RandomForest::describe() const
{
    if (m_trees.empty())
        return "Random forest (not fitted)\n";
    double leaves = 0.0;
    for (const CartTree& tree : m_trees)
        leaves += static_cast<double>(tree.nodes.size() + 1) / 2.0;
    std::string text = "Random forest: " + std::to_string(m_trees.size()) + " trees, "
        + std::to_string(m_mtryUsed) + " of " + std::to_string(m_schema.size())
        + " features tried per split, nodesize " + std::to_string(m_params.nodeSize)
        + (m_params.bootstrap ? ", bootstrap samples" : ", all rows per tree") + ", seed "
        + std::to_string(m_params.seed) + "; "
        + formatNumber(leaves / static_cast<double>(m_trees.size()))
        + " leaves per tree on average; prediction = mean of the trees\n";
    if (std::isfinite(m_oobRmse))
        text += "Out of bag: RMSE " + formatNumber(m_oobRmse) + ", variance explained "
            + formatNumber(100.0 * m_oobRSquared) + " %\n";
    return text + "Variable importance (IncNodePurity, deviance removed by its splits): "
        + describeImportance(m_importance, m_schema) + "\n";
}

nlohmann::json RandomForest::saveState() const
{
    if (m_trees.empty())
        throw StateError("RandomForest::saveState: the model is not fitted");
    nlohmann::json trees = nlohmann::json::array();
    for (const CartTree& tree : m_trees)
        trees.push_back(forestTreeToJson(tree));
    return {{"format", kRandomForestStateFormat}, {"ntrees", m_params.trees},
        {"mtry", m_params.mtry}, {"nodesize", m_params.nodeSize},
        {"bootstrap", m_params.bootstrap ? 1 : 0}, {"seed", static_cast<double>(m_params.seed)},
        {"mtry_used", m_mtryUsed}, {"importance", m_importance},
        {"oob_rmse", finiteOrNull(m_oobRmse)}, {"oob_r2", finiteOrNull(m_oobRSquared)},
        {"trees", trees}};
}

void RandomForest::loadState(const nlohmann::json& state, const FeatureSchema& schema)
{
    try {
        if (state.at("format").get<int>() != kRandomForestStateFormat)
            throw DataError("model file: rf state format " + state.at("format").dump()
                + " is not supported (this build reads " + std::to_string(kRandomForestStateFormat)
                + ")");
        checkSavedParameter(kTechnique, state, "ntrees", m_params.trees);
        checkSavedParameter(kTechnique, state, "mtry", m_params.mtry);
        checkSavedParameter(kTechnique, state, "nodesize", m_params.nodeSize);
        checkSavedParameter(kTechnique, state, "bootstrap", m_params.bootstrap ? 1.0 : 0.0);
        checkSavedParameter(kTechnique, state, "seed", static_cast<double>(m_params.seed));
        const std::vector<int> levels = schema.levelCounts();
        std::vector<CartTree> trees;
        for (const auto& tree : state.at("trees"))
            trees.push_back(forestTreeFromJson(tree, levels));
        auto importance = state.at("importance").get<std::vector<double>>();
        if (trees.size() != static_cast<std::size_t>(m_params.trees)
            || importance.size() != schema.size())
            throw DataError("model file: the rf state holds " + std::to_string(trees.size())
                + " trees (ntrees " + std::to_string(m_params.trees) + ") and "
                + std::to_string(importance.size()) + " importances for "
                + std::to_string(schema.size()) + " features");
        m_mtryUsed = state.at("mtry_used").get<int>();
        m_oobRmse = numberOrNaN(state.at("oob_rmse"));
        m_oobRSquared = numberOrNaN(state.at("oob_r2"));
        m_importance = std::move(importance);
        m_trees = std::move(trees);
        m_schema = schema;
    } catch (const nlohmann::json::exception& e) {
        throw DataError(std::string("model file: malformed rf state: ") + e.what());
    }
}

std::unique_ptr<Regressor> RandomForest::clone() const
{
    return std::make_unique<RandomForest>(*this);
}

} // namespace iolens::core

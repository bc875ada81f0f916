// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/bagged_cart.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "models/resampling.hpp"
#include "models/tree_ensemble.hpp"

#include <chrono>
#include <cmath>
#include <limits>
#include <random>

namespace iolens::core {

namespace {

constexpr int kBaggedCartStateFormat = 1; // version of the JSON written by BaggedCart::saveState
constexpr int kBaggedCartMaxTrees = 100000;

} // namespace

// minsplit and cp are searched in ranges where trees stay large (bagging wants low-bias trees);
// the number of trees is not searched: more trees never hurt, they only cost time.
std::vector<ParamSpec> BaggedCart::paramSpecs() const
{
    std::vector<ParamSpec> specs = Cart(m_params.cart).paramSpecs();
    for (ParamSpec& spec : specs) {
        if (spec.name == "minsplit") {
            spec.defaultValue = BaggingParams {}.cart.minSplit;
            spec.searchHigh = 40;
        } else if (spec.name == "cp") {
            spec.defaultValue = BaggingParams {}.cart.cp;
            spec.searchHigh = 0.05;
        }
    }
    specs.insert(specs.begin(),
        ParamSpec {"ntrees", "number of bagged trees (B)", "nbagg", true, 1, kBaggedCartMaxTrees,
            BaggingParams {}.trees, false});
    specs.push_back(seedParamSpec());
    return specs;
}

ParamValues BaggedCart::parameters() const
{
    return {{"ntrees", m_params.trees}, {"minsplit", m_params.cart.minSplit},
        {"cp", m_params.cart.cp}, {"seed", static_cast<double>(m_params.seed)}};
}

void BaggedCart::setParameters(const ParamValues& values)
{
    const ParamValues resolved = resolveParameters(kTechnique, paramSpecs(), values);
    m_params.trees = static_cast<int>(resolved.at("ntrees"));
    m_params.cart.minSplit = static_cast<int>(resolved.at("minsplit"));
    m_params.cart.cp = resolved.at("cp");
    m_params.seed = static_cast<std::uint64_t>(resolved.at("seed"));
    m_trees.clear();
}

FitReport BaggedCart::fit(const Dataset& data)
{
    const auto start = std::chrono::steady_clock::now();
    checkEnsembleTrainingData("BaggedCart::fit", data);
    // All samples are drawn up front from one generator: tree b's rows depend on the seed and b
    // only, however the trees are then spread over threads.
    std::mt19937_64 rng(m_params.seed);
    std::vector<std::vector<Eigen::Index>> samples;
    samples.reserve(static_cast<std::size_t>(m_params.trees));
    for (int b = 0; b < m_params.trees; ++b)
        samples.push_back(bootstrapRows(data.rows(), rng));
    FitReport report;
    m_trees = fitCartSamples(data, m_params.cart, samples, report.warnings);
    m_schema = data.schema;

    setTrainingFit(report, predict(data.x), data.y, start);
    return report;
}

Eigen::VectorXd BaggedCart::predict(const Eigen::MatrixXd& x) const
{
    if (m_trees.empty())
        throw StateError("BaggedCart::predict: the model is not fitted");
    checkEnsemblePredictors("BaggedCart::predict", x, m_schema);
    const std::vector<double> ones(m_trees.size(), 1.0);
    return weightedCartSum(m_trees, ones, x) / static_cast<double>(m_trees.size());
}

std::string BaggedCart::describe() const
{
    if (m_trees.empty())
        return "Bagged CART (not fitted)\n";
    std::vector<const std::vector<CartNode>*> trees;
    double splits = 0.0;
    for (const Cart& tree : m_trees) {
        splits += tree.splitCount();
        trees.push_back(&tree.nodes());
    }
    return "Bagged CART: " + std::to_string(m_trees.size())
        + " trees on bootstrap samples (minsplit " + std::to_string(m_params.cart.minSplit)
        + ", cp " + formatNumber(m_params.cart.cp) + ", seed " + std::to_string(m_params.seed)
        + "), " + formatNumber(splits / static_cast<double>(m_trees.size()))
        + " splits per tree on average; prediction = mean of the trees\n"
        + "Variable importance (deviance removed by its splits): "
        + describeImportance(impurityImportance(trees, m_schema.size()), m_schema) + "\n";
}

nlohmann::json BaggedCart::saveState() const
{
    if (m_trees.empty())
        throw StateError("BaggedCart::saveState: the model is not fitted");
    return {{"format", kBaggedCartStateFormat}, {"ntrees", m_params.trees},
        {"minsplit", m_params.cart.minSplit}, {"cp", m_params.cart.cp},
        {"seed", static_cast<double>(m_params.seed)}, {"trees", cartStates(m_trees)}};
}

void BaggedCart::loadState(const nlohmann::json& state, const FeatureSchema& schema)
{
    try {
        if (state.at("format").get<int>() != kBaggedCartStateFormat)
            throw DataError("model file: bagging state format " + state.at("format").dump()
                + " is not supported (this build reads " + std::to_string(kBaggedCartStateFormat)
                + ")");
        checkSavedParameter(kTechnique, state, "ntrees", m_params.trees);
        checkSavedParameter(kTechnique, state, "seed", static_cast<double>(m_params.seed));
        std::vector<Cart> trees = cartsFromStates(state.at("trees"), m_params.cart, schema);
        if (trees.size() != static_cast<std::size_t>(m_params.trees))
            throw DataError("model file: the bagging state holds " + std::to_string(trees.size())
                + " trees, ntrees is " + std::to_string(m_params.trees));
        m_trees = std::move(trees);
        m_schema = schema;
    } catch (const nlohmann::json::exception& e) {
        throw DataError(std::string("model file: malformed bagging state: ") + e.what());
    }
}

std::unique_ptr<Regressor> BaggedCart::clone() const
{
    return std::make_unique<BaggedCart>(*this);
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/sbcart.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "models/resampling.hpp"
#include "models/tree_ensemble.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <random>

// Where the SBCART paper (section 2.3, its algorithm box) is ambiguous, and what this file does:
//  (a) "In-sampling with replacement, yield D_i (remove duplicated instances)": d draws from the
//      d training rows, with rows drawn more than once kept once (duplicates of the *draw*, by
//      row index). Two training rows that happen to be identical are different instances; both
//      stay if both are drawn. D_i holds about 63.2 % of the rows.
//  (b) error(M_i) is labelled "median relative error" but written as a mean,
//      (1/d) sum_j |M_i(X_j) - y_j| / y_j, over the whole training set D (j = 1..d, not D_i). The
//      formula is implemented (SbcartError::MeanRelative). Because iolens fits log(metric) by
//      default, where y can be <= 0 and a relative error of a logarithm means nothing, the default
//      is the scale-free relative absolute error (SbcartError::RelativeAbsolute); it orders the
//      trees as the mean absolute error does, and an absolute error of log(metric) is the
//      metric's relative error to first order, so it keeps the paper's intent on the log scale.
//  (c) "Get the first 20%-50% of the ordered models": the kept share is the parameter keep,
//      m = max(1, ceil(keep x k)); the output's "s" (number of pruned models) is this m.
//      Equal errors keep the sample order (stable sort).
//  (d) W_i = log((1 - e_i) / e_i + 1) = -log(e_i): positive only for 0 < e < 1. e is clamped to
//      >= 1e-12 (a tree without training error, e.g. a constant response, would get an infinite
//      weight), and trees with e >= 1 (worse than the response's own spread) get no weight and are
//      dropped from the selection. If no selected tree has e < 1, the selected trees are kept
//      with equal weights (plain bagging of the selection) and a warning says so.
//      The base of the logarithm is not given; it cancels in the normalisation.
//  (e) "Normalize the W_i": divide by their sum, so the prediction is a weighted mean.
//  (f) The prediction "sum_{i=1}^{n} W_i V_i" sums over the s kept models (n is a typo for s).
//  (g) The base model is the paper's CART with Nmin = 10; here it is rpart (core/models/cart)
//      with minsplit = Nmin and cp = 0 by default, both parameters (rpart also keeps
//      round(minsplit / 3) rows per child, which the paper does not mention).
//  (h) A constant response: every tree predicts it, up to rounding of the means; the errors are
//      set to 0 (hence the clamp of (d) and equal weights) rather than computed as 0/0.

namespace iolens::core {

namespace {

constexpr int kSbcartStateFormat = 1; // version of the JSON written by Sbcart::saveState
constexpr int kSbcartMaxTrees = 100000;
constexpr double kSmallestError = 1e-12;

const char* errorName(SbcartError error)
{
    return error == SbcartError::MeanRelative ? "mean relative error" : "relative absolute error";
}

/// error(M_i) of predictions `fitted` for y (n >= 1).
double trainingError(const Eigen::VectorXd& fitted, const Eigen::VectorXd& y, SbcartError error)
{
    const Eigen::ArrayXd absolute = (fitted - y).array().abs();
    if (error == SbcartError::MeanRelative)
        return (absolute / y.array()).mean();
    const double spread = (y.array() - y.mean()).abs().sum();
    return absolute.sum() / spread;
}

/// m = max(1, ceil(keep x k)). keep x k is computed in floating point (0.3 x 10 is
/// 3.0000000000000004), so a product within 1e-9 above an integer counts as that integer.
int keptCount(double keep, int trees)
{
    const double wanted = std::ceil(keep * trees - 1e-9);
    return std::clamp(static_cast<int>(wanted), 1, trees);
}

/// Steps 3 and 4 of the algorithm: the `kept` lowest errors in ascending order (equal errors in
/// sample order), those with an error < 1 weighted log((1 - e) / e + 1), normalised to sum 1.
std::vector<Sbcart::KeptTree> selectTrees(
    const std::vector<double>& errors, int kept, std::vector<std::string>& warnings)
{
    std::vector<int> order(errors.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&errors](int a, int b) {
        return errors[static_cast<std::size_t>(a)] < errors[static_cast<std::size_t>(b)];
    });
    order.resize(static_cast<std::size_t>(kept));
    std::vector<int> weighted;
    for (const int b : order)
        if (errors[static_cast<std::size_t>(b)] < 1.0)
            weighted.push_back(b);
    if (weighted.size() < order.size())
        warnings.push_back(std::to_string(order.size() - weighted.size()) + " of the "
            + std::to_string(order.size())
            + " selected trees have a training error >= 1 and get no weight");
    const bool equalWeights = weighted.empty();
    if (equalWeights)
        warnings.push_back("no selected tree has a training error below 1: the selected trees "
                           "are averaged with equal weights");
    std::vector<Sbcart::KeptTree> selected;
    double total = 0.0;
    for (const int b : equalWeights ? order : weighted) {
        const double error = errors[static_cast<std::size_t>(b)];
        const double e = std::max(error, kSmallestError);
        selected.push_back({b, error, equalWeights ? 1.0 : std::log((1.0 - e) / e + 1.0)});
        total += selected.back().weight;
    }
    for (Sbcart::KeptTree& k : selected)
        k.weight /= total;
    return selected;
}

} // namespace

// Searched: the paper's two knobs, the kept share (its range 20-50 %) and Nmin (minsplit 2..40).
// The number of trees is not searched (more trees only cost time), nor cp.
std::vector<ParamSpec> Sbcart::paramSpecs() const
{
    const SbcartParams defaults;
    std::vector<ParamSpec> specs = Cart(m_params.cart).paramSpecs();
    for (ParamSpec& spec : specs) {
        if (spec.name == "minsplit") {
            spec.description += " (the paper's Nmin)";
            spec.defaultValue = defaults.cart.minSplit;
            spec.searchHigh = 40;
        } else if (spec.name == "cp") { // the paper's CART is not pruned: cp is not searched
            spec.defaultValue = defaults.cart.cp;
            spec.searchLow = spec.searchHigh = std::numeric_limits<double>::quiet_NaN();
        }
    }
    ParamSpec trees {"ntrees", "number of bagged trees before the selection (k)", "k", true, 1,
        kSbcartMaxTrees, static_cast<double>(defaults.trees), false};
    ParamSpec keep {"keep", "share of the trees kept, the lowest training errors first", "20%-50%",
        false, 0.01, 1.0, defaults.keep, false};
    keep.searchLow = 0.2; // the paper's range
    keep.searchHigh = 0.5;
    ParamSpec error {"error",
        "tree score: 0 = mean relative error (paper, needs y > 0), 1 = relative "
        "absolute error",
        "error(M_i)", true, 0, 1, static_cast<double>(defaults.error), false};
    specs.insert(specs.begin(), {trees, keep});
    specs.push_back(error);
    specs.push_back(seedParamSpec());
    return specs;
}

ParamValues Sbcart::parameters() const
{
    return {{"ntrees", m_params.trees}, {"keep", m_params.keep},
        {"minsplit", m_params.cart.minSplit}, {"cp", m_params.cart.cp},
        {"error", static_cast<double>(m_params.error)},
        {"seed", static_cast<double>(m_params.seed)}};
}

void Sbcart::setParameters(const ParamValues& values)
{
    const ParamValues resolved = resolveParameters(kTechnique, paramSpecs(), values);
    m_params.trees = static_cast<int>(resolved.at("ntrees"));
    m_params.keep = resolved.at("keep");
    m_params.cart.minSplit = static_cast<int>(resolved.at("minsplit"));
    m_params.cart.cp = resolved.at("cp");
    m_params.error = static_cast<SbcartError>(static_cast<int>(resolved.at("error")));
    m_params.seed = static_cast<std::uint64_t>(resolved.at("seed"));
    m_kept.clear();
    m_trees.clear();
    m_sampleErrors.clear();
}

FitReport Sbcart::fit(const Dataset& data)
{
    const auto start = std::chrono::steady_clock::now();
    checkEnsembleTrainingData("Sbcart::fit", data);
    if (m_params.error == SbcartError::MeanRelative)
        for (Eigen::Index i = 0; i < data.y.size(); ++i)
            if (data.y(i) <= 0.0)
                throw DataError("Sbcart::fit: error = 0 (the paper's mean relative error) needs a "
                                "positive response, row "
                    + std::to_string(i + 1) + " has " + formatNumber(data.y(i))
                    + "; use error = 1, or fit the raw metric (log_response = 0)");

    // Step 1: the k samples, drawn up front from one generator (thread-count independent).
    std::mt19937_64 rng(m_params.seed);
    std::vector<std::vector<Eigen::Index>> samples;
    samples.reserve(static_cast<std::size_t>(m_params.trees));
    for (int b = 0; b < m_params.trees; ++b)
        samples.push_back(distinctBootstrapRows(data.rows(), rng));
    FitReport report;
    std::vector<Cart> trees = fitCartSamples(data, m_params.cart, samples, report.warnings);

    // Step 2: error(M_i) on the whole training set.
    const bool constant = data.y.maxCoeff() == data.y.minCoeff();
    m_sampleErrors.assign(trees.size(), 0.0);
    for (std::size_t b = 0; b < trees.size() && !constant; ++b)
        m_sampleErrors[b] = trainingError(trees[b].predict(data.x), data.y, m_params.error);

    // Steps 3 and 4: order, keep, weight.
    m_kept = selectTrees(m_sampleErrors, keptCount(m_params.keep, m_params.trees), report.warnings);
    m_trees.clear();
    for (const KeptTree& k : m_kept)
        m_trees.push_back(std::move(trees[static_cast<std::size_t>(k.sample)]));
    m_schema = data.schema;

    setTrainingFit(report, predict(data.x), data.y, start);
    return report;
}

Eigen::VectorXd Sbcart::predict(const Eigen::MatrixXd& x) const
{
    if (m_kept.empty())
        throw StateError("Sbcart::predict: the model is not fitted");
    checkEnsemblePredictors("Sbcart::predict", x, m_schema);
    std::vector<double> weights;
    for (const KeptTree& k : m_kept)
        weights.push_back(k.weight);
    return weightedCartSum(m_trees, weights, x);
}

std::string Sbcart::describe() const
{
    if (m_kept.empty())
        return "SBCART (not fitted)\n";
    std::string text
        = "SBCART (selective bagging of CART, Zhang et al.): " + std::to_string(m_kept.size())
        + " of " + std::to_string(m_params.trees) + " trees kept (keep "
        + formatNumber(m_params.keep) + "), ordered by the " + errorName(m_params.error)
        + " on the training set; CART minsplit " + std::to_string(m_params.cart.minSplit) + ", cp "
        + formatNumber(m_params.cart.cp) + ", seed " + std::to_string(m_params.seed) + "\n";
    text += "Kept trees (sample, training error, weight, splits):\n";
    std::vector<const std::vector<CartNode>*> nodes;
    for (std::size_t i = 0; i < m_kept.size(); ++i) {
        char line[96];
        std::snprintf(line, sizeof line, "  #%-4d %.4g  %.4f  %d\n", m_kept[i].sample + 1,
            m_kept[i].error, m_kept[i].weight, m_trees[i].splitCount());
        text += line;
        nodes.push_back(&m_trees[i].nodes());
    }
    if (!m_sampleErrors.empty()) {
        std::vector<double> sorted = m_sampleErrors;
        std::sort(sorted.begin(), sorted.end());
        text += "Errors of all " + std::to_string(sorted.size()) + " trees: min "
            + formatNumber(sorted.front()) + ", median " + formatNumber(sorted[sorted.size() / 2])
            + ", max " + formatNumber(sorted.back()) + "\n";
    }
    return text + "Variable importance (kept trees, deviance removed by their splits): "
        + describeImportance(impurityImportance(nodes, m_schema.size()), m_schema) + "\n";
}

nlohmann::json Sbcart::saveState() const
{
    if (m_kept.empty())
        throw StateError("Sbcart::saveState: the model is not fitted");
    nlohmann::json kept = nlohmann::json::array();
    for (const KeptTree& k : m_kept)
        kept.push_back({{"sample", k.sample}, {"error", k.error}, {"weight", k.weight}});
    return {{"format", kSbcartStateFormat}, {"ntrees", m_params.trees}, {"keep", m_params.keep},
        {"error", static_cast<int>(m_params.error)}, {"seed", static_cast<double>(m_params.seed)},
        {"sample_errors", m_sampleErrors}, {"kept", kept}, {"trees", cartStates(m_trees)}};
}

void Sbcart::loadState(const nlohmann::json& state, const FeatureSchema& schema)
{
    try {
        if (state.at("format").get<int>() != kSbcartStateFormat)
            throw DataError("model file: sbcart state format " + state.at("format").dump()
                + " is not supported (this build reads " + std::to_string(kSbcartStateFormat)
                + ")");
        checkSavedParameter(kTechnique, state, "ntrees", m_params.trees);
        checkSavedParameter(kTechnique, state, "keep", m_params.keep);
        checkSavedParameter(kTechnique, state, "error", static_cast<double>(m_params.error));
        checkSavedParameter(kTechnique, state, "seed", static_cast<double>(m_params.seed));
        std::vector<Cart> trees = cartsFromStates(state.at("trees"), m_params.cart, schema);
        std::vector<KeptTree> kept;
        for (const auto& k : state.at("kept"))
            kept.push_back({k.at("sample").get<int>(), k.at("error").get<double>(),
                k.at("weight").get<double>()});
        auto sampleErrors = state.at("sample_errors").get<std::vector<double>>();
        const auto limit = static_cast<std::size_t>(keptCount(m_params.keep, m_params.trees));
        if (kept.size() != trees.size() || kept.size() > limit
            || sampleErrors.size() != static_cast<std::size_t>(m_params.trees))
            throw DataError("model file: the sbcart state holds " + std::to_string(trees.size())
                + " trees and " + std::to_string(kept.size()) + " weights for "
                + std::to_string(m_params.trees) + " samples, keep " + formatNumber(m_params.keep));
        m_trees = std::move(trees);
        m_kept = std::move(kept);
        m_sampleErrors = std::move(sampleErrors);
        m_schema = schema;
    } catch (const nlohmann::json::exception& e) {
        throw DataError(std::string("model file: malformed sbcart state: ") + e.what());
    }
}

std::unique_ptr<Regressor> Sbcart::clone() const
{
    return std::make_unique<Sbcart>(*this);
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cart.hpp"

#include "common/counted_noun.hpp"
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "models/cart_split_search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace iolens::core {

namespace {

constexpr int kMaxDepth = 30; // rpart.control's maxdepth default (and its upper limit)
using cart_detail::kLeft;
using cart_detail::kRight;

std::string rowColumn(Eigen::Index row, const FeatureSchema& schema, Eigen::Index col)
{
    return "row " + std::to_string(row + 1) + ", feature '"
        + schema.columns()[static_cast<std::size_t>(col)].name() + "'";
}

/// True if `value` is a level index 0..levels-1.
bool validLevel(double value, int levels)
{
    return value >= 0.0 && value < levels && value == std::floor(value);
}

void checkColumns(const char* caller, const Eigen::MatrixXd& x, const FeatureSchema& schema)
{
    if (x.cols() != static_cast<Eigen::Index>(schema.size()))
        throw DataError(std::string(caller) + ": x has " + std::to_string(x.cols())
            + " columns, the feature schema " + std::to_string(schema.size()));
}

/// Fit-time check: rpart would route NA predictors through surrogate splits, which iolens does
/// not implement, so a missing value is an error that names the cell.
void checkTrainingPredictors(const Eigen::MatrixXd& x, const FeatureSchema& schema)
{
    const std::vector<int> levels = schema.levelCounts();
    for (Eigen::Index j = 0; j < x.cols(); ++j) {
        const int k = levels[static_cast<std::size_t>(j)];
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            const double value = x(i, j);
            if (!std::isfinite(value))
                throw DataError("Cart::fit: " + rowColumn(i, schema, j) + " is "
                    + formatNumber(value) + "; missing predictor values are not supported");
            if (k > 0 && !validLevel(value, k))
                throw DataError("Cart::fit: " + rowColumn(i, schema, j) + " holds "
                    + formatNumber(value) + ", not a level index 0.." + std::to_string(k - 1));
        }
    }
}

/// The rows to train on: NaN responses are dropped (rpart's na.rpart), infinite ones rejected.
std::vector<Eigen::Index> usableRows(const Eigen::VectorXd& y)
{
    std::vector<Eigen::Index> rows;
    for (Eigen::Index i = 0; i < y.size(); ++i) {
        if (std::isnan(y(i)))
            continue;
        if (!std::isfinite(y(i)))
            throw DataError("Cart::fit: the response of row " + std::to_string(i + 1) + " is "
                + formatNumber(y(i)));
        rows.push_back(i);
    }
    return rows;
}

/// Why a fitted tree has no split, for the FitReport.
std::string rootOnlyReason(const Eigen::VectorXd& y, const CartParams& params)
{
    if (y.size() < params.minSplit)
        return "fewer training rows (" + std::to_string(y.size()) + ") than minsplit ("
            + std::to_string(params.minSplit) + ")";
    if (y.maxCoeff() == y.minCoeff())
        return "the response is constant";
    return "no split reduces the residual sum of squares by more than cp = "
        + formatNumber(params.cp) + " of the root's";
}

} // namespace

int CartParams::minBucket() const
{
    return static_cast<int>(std::nearbyint(minSplit / 3.0));
}

// Search ranges are ICPE'13 Table 2's "used range" (minsplit [2, 400], cp [0, 0.999]).
std::vector<ParamSpec> Cart::paramSpecs() const
{
    ParamSpec minSplit {"minsplit",
        "smallest node that is still split; children keep round(minsplit/3) rows", "minsplit", true,
        2, static_cast<double>(std::numeric_limits<int>::max()), 20, false};
    minSplit.searchLow = 2;
    minSplit.searchHigh = 400;
    ParamSpec cp {"cp",
        "complexity parameter: each split must lower the residual sum of squares by more "
        "than cp x the root's",
        "cp", false, 0.0, std::nextafter(1.0, 0.0), // cp < 1
        0.01, false};
    cp.searchLow = 0.0;
    cp.searchHigh = 0.999;
    return {minSplit, cp};
}

ParamValues Cart::parameters() const
{
    return {{"minsplit", m_params.minSplit}, {"cp", m_params.cp}};
}

void Cart::setParameters(const ParamValues& values)
{
    const ParamValues resolved = resolveParameters(kTechnique, paramSpecs(), values);
    m_params.minSplit = static_cast<int>(resolved.at("minsplit"));
    m_params.cp = resolved.at("cp");
    m_full = {};
    m_tree = {};
    m_fitted = false;
}

FitReport Cart::fit(const Dataset& data)
{
    const auto start = std::chrono::steady_clock::now();
    if (data.x.rows() != data.y.size())
        throw DataError("Cart::fit: x has " + std::to_string(data.x.rows()) + " rows, y has "
            + std::to_string(data.y.size()));
    checkColumns("Cart::fit", data.x, data.schema);
    const std::vector<Eigen::Index> rows = usableRows(data.y);
    if (rows.empty())
        throw DataError("Cart::fit: no training row with a response ("
            + std::to_string(data.y.size()) + " rows given)");
    const Eigen::MatrixXd x = data.x(rows, Eigen::all);
    const Eigen::VectorXd y = data.y(rows);
    checkTrainingPredictors(x, data.schema);

    // Grow once without the cp bound, then derive the tree rpart grows at cp: the full tree
    // also serves predictAtCp() for every other cp.
    CartGrowthOptions options;
    options.minSplit = m_params.minSplit;
    options.minBucket = m_params.minBucket();
    options.cp = 0.0;
    options.maxDepth = kMaxDepth;
    m_full = growCartTree(x, y, data.schema.levelCounts(), options);
    m_tree = pruneCartTree(m_full, m_params.cp);
    m_schema = data.schema;
    m_fitted = true;

    FitReport report;
    setTrainingFit(report, (predict(x) - y).squaredNorm(), y);
    if (rows.size() < static_cast<std::size_t>(data.y.size()))
        report.warnings.push_back(
            countedNoun(static_cast<std::size_t>(data.y.size() - y.size()), "row")
            + " with a missing (NaN) response left out");
    if (m_tree.nodes.size() == 1)
        report.warnings.push_back(
            "the tree has no split (" + rootOnlyReason(y, m_params) + "): it predicts the mean");
    report.seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

Eigen::VectorXd Cart::predict(const Eigen::MatrixXd& x) const
{
    if (!m_fitted)
        throw StateError("Cart::predict: the model is not fitted");
    return predictTree(m_tree, x, "Cart::predict");
}

Eigen::VectorXd Cart::predictAtCp(const Eigen::MatrixXd& x, double cp) const
{
    if (!m_fitted)
        throw StateError("Cart::predictAtCp: the model is not fitted");
    if (!(cp >= 0.0 && cp < 1.0))
        throw ConfigError("Cart::predictAtCp: cp = " + formatNumber(cp) + " is outside [0, 1)");
    if (cp == m_params.cp)
        return predictTree(m_tree, x, "Cart::predictAtCp");
    return predictTree(pruneCartTree(m_full, cp), x, "Cart::predictAtCp");
}

// Descends each row from the root to a leaf.
Eigen::VectorXd Cart::predictTree(
    const CartTree& tree, const Eigen::MatrixXd& x, const char* caller) const
{
    checkColumns(caller, x, m_schema);
    const std::vector<int> levels = m_schema.levelCounts();
    for (Eigen::Index j = 0; j < x.cols(); ++j) {
        const int k = levels[static_cast<std::size_t>(j)];
        for (Eigen::Index r = 0; k > 0 && r < x.rows(); ++r)
            if (!std::isnan(x(r, j)) && !validLevel(x(r, j), k))
                throw DataError(std::string(caller) + ": " + rowColumn(r, m_schema, j) + " holds "
                    + formatNumber(x(r, j)) + ", not a level index 0.." + std::to_string(k - 1));
    }
    Eigen::VectorXd out(x.rows());
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
        std::size_t i = 0;
        while (!tree.nodes[i].isLeaf()) {
            const CartNode& node = tree.nodes[i];
            const double value = x(r, node.feature);
            int side = 0; // 0: missing for this split (NaN, or a level the node never saw)
            if (!std::isnan(value))
                side = node.levelSides.empty()
                    ? ((value < node.cut) == node.lessGoesLeft ? kLeft : kRight)
                    : node.levelSides[static_cast<std::size_t>(value)];
            if (side == 0) { // rpart without surrogates: follow the larger child, stop on a tie
                const int leftRows = tree.nodes[static_cast<std::size_t>(node.left)].rows;
                const int rightRows = tree.nodes[static_cast<std::size_t>(node.right)].rows;
                if (leftRows == rightRows)
                    break;
                side = leftRows > rightRows ? kLeft : kRight;
            }
            i = static_cast<std::size_t>(side == kLeft ? node.left : node.right);
        }
        out(r) = tree.nodes[i].value;
    }
    return out;
}

double Cart::rootDeviance() const
{
    return m_tree.nodes.empty() ? 0.0 : m_tree.nodes.front().deviance;
}

double Cart::scaledComplexity(std::size_t node) const
{
    return m_tree.nodes.at(node).complexity * (1.0 / rootDeviance()); // rpart's cp_scale product
}

int Cart::splitCount() const
{
    return m_tree.nodes.empty() ? 0 : static_cast<int>(m_tree.nodes.size() - 1) / 2;
}

namespace {

constexpr int kCartStateFormat = 1; // version of the JSON written by Cart::saveState

nlohmann::json nodeToJson(const CartNode& node)
{
    nlohmann::json json {{"rows", node.rows}, {"value", node.value}, {"deviance", node.deviance},
        {"complexity", node.complexity}};
    if (!node.isLeaf()) {
        json["feature"] = node.feature;
        json["improve"] = node.improve;
        json["left"] = node.left;
        json["right"] = node.right;
        if (node.levelSides.empty()) {
            json["cut"] = node.cut;
            json["less_goes_left"] = node.lessGoesLeft;
        } else {
            json["level_sides"] = node.levelSides;
        }
    }
    return json;
}

/// Reads one node and checks it against the schema; child indices are checked by the caller.
CartNode nodeFromJson(const nlohmann::json& json, const std::vector<int>& levels)
{
    CartNode node;
    node.rows = json.at("rows").get<int>();
    node.value = json.at("value").get<double>();
    node.deviance = json.at("deviance").get<double>();
    node.complexity = json.at("complexity").get<double>();
    if (!json.contains("feature"))
        return node;
    node.feature = json.at("feature").get<int>();
    if (node.feature < 0 || node.feature >= static_cast<int>(levels.size()))
        throw DataError("model file: CART split on feature " + std::to_string(node.feature)
            + ", the schema has " + std::to_string(levels.size()));
    node.improve = json.at("improve").get<double>();
    node.left = json.at("left").get<int>();
    node.right = json.at("right").get<int>();
    const int k = levels[static_cast<std::size_t>(node.feature)];
    if (k == 0) {
        node.cut = json.at("cut").get<double>();
        node.lessGoesLeft = json.at("less_goes_left").get<bool>();
        return node;
    }
    node.levelSides = json.at("level_sides").get<std::vector<int>>();
    const bool sidesValid = std::all_of(node.levelSides.begin(), node.levelSides.end(),
        [](int side) { return side >= -1 && side <= 1; });
    if (node.levelSides.size() != static_cast<std::size_t>(k) || !sidesValid)
        throw DataError("model file: CART categorical split needs " + std::to_string(k)
            + " level sides in -1..1");
    return node;
}

} // namespace

nlohmann::json Cart::saveState() const
{
    if (!m_fitted)
        throw StateError("Cart::saveState: the model is not fitted");
    nlohmann::json features = nlohmann::json::array();
    for (const FeatureColumn& column : m_schema.columns())
        features.push_back(column.name());
    nlohmann::json nodes = nlohmann::json::array();
    for (const CartNode& node : m_full.nodes) // the cp = 0 tree: it holds every cp's tree
        nodes.push_back(nodeToJson(node));
    return {{"format", kCartStateFormat}, {"minsplit", m_params.minSplit}, {"cp", m_params.cp},
        {"features", features}, {"nodes", nodes}};
}

void Cart::loadState(const nlohmann::json& state, const FeatureSchema& schema)
{
    CartTree tree;
    try {
        if (state.at("format").get<int>() != kCartStateFormat)
            throw DataError("model file: CART state format " + state.at("format").dump()
                + " is not supported (this build reads " + std::to_string(kCartStateFormat) + ")");
        if (state.at("minsplit").get<int>() != m_params.minSplit
            || state.at("cp").get<double>() != m_params.cp)
            throw DataError("model file: the CART tree was grown with minsplit "
                + state.at("minsplit").dump() + ", cp " + state.at("cp").dump()
                + " but the parameters say " + std::to_string(m_params.minSplit) + ", "
                + formatNumber(m_params.cp));
        const auto features = state.at("features").get<std::vector<std::string>>();
        for (std::size_t j = 0; j < std::max(features.size(), schema.size()); ++j)
            if (j >= features.size() || j >= schema.size()
                || features[j] != schema.columns()[j].name())
                throw DataError("model file: CART features do not match the schema at column "
                    + std::to_string(j + 1));
        const std::vector<int> levels = schema.levelCounts();
        for (const auto& node : state.at("nodes"))
            tree.nodes.push_back(nodeFromJson(node, levels));
    } catch (const nlohmann::json::exception& e) {
        throw DataError(std::string("model file: malformed CART state: ") + e.what());
    }
    if (tree.nodes.empty())
        throw DataError("model file: the CART tree has no nodes");
    checkTreeShape(tree.nodes, "CART");
    m_tree = pruneCartTree(tree, m_params.cp);
    m_full = std::move(tree);
    m_schema = schema;
    m_fitted = true;
}

std::unique_ptr<Regressor> Cart::clone() const
{
    return std::make_unique<Cart>(*this);
}

} // namespace iolens::core

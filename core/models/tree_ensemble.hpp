// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"
#include "models/cart.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

/// What the tree ensembles (BaggedCart, Sbcart, RandomForest) share: the training-data checks,
/// fitting CART members on row samples in parallel, combining their predictions, variable
/// importance, and the model-file pieces.
namespace iolens::core {

/// Parameter specs every ensemble has: "seed" (integer, 0..2^53 so a double holds it exactly).
ParamSpec seedParamSpec();

/// Checks data for an ensemble fit before any row is resampled, so that a message names a row of
/// the caller's data, not of a bootstrap sample: x (n x p) and y (n) agree, p matches the
/// schema, n >= 1, every response and predictor is finite and every categorical cell is a level
/// index. Throws DataError naming `caller`, the row and the feature. O(n p).
void checkEnsembleTrainingData(const char* caller, const Dataset& data);
/// Checks x (m x p) for prediction: p matches the schema, categorical cells are level indices
/// or NaN. Throws DataError naming `caller`.
void checkEnsemblePredictors(
    const char* caller, const Eigen::MatrixXd& x, const FeatureSchema& schema);

/// One CART (rpart semantics, `params`) per row sample of `data`, fitted in parallel (OpenMP;
/// each tree depends only on its rows, so the result does not depend on the thread count).
/// `warnings` receives each distinct tree warning once, with the number of trees that had it.
/// Precondition: data passed checkEnsembleTrainingData; every sample is non-empty.
/// Cost: samples x CART fit.
std::vector<Cart> fitCartSamples(const Dataset& data, const CartParams& params,
    const std::vector<std::vector<Eigen::Index>>& samples, std::vector<std::string>& warnings);

/// setTrainingFit (regressor.hpp) from the ensemble's predictions `fitted` of the training
/// response y, and the seconds since `start`.
void setTrainingFit(FitReport& report, const Eigen::VectorXd& fitted, const Eigen::VectorXd& y,
    std::chrono::steady_clock::time_point start);

/// Sum over trees of weight_b x prediction_b(x) (m values), accumulated in tree order so the
/// result is reproducible bit for bit. O(trees x m x depth).
Eigen::VectorXd weightedCartSum(
    const std::vector<Cart>& trees, const std::vector<double>& weights, const Eigen::MatrixXd& x);

/// Deviance (residual sum of squares) removed by the splits on each feature, summed over the
/// trees and divided by their number: R randomForest's IncNodePurity (importance type 2).
/// p values. O(nodes).
std::vector<double> impurityImportance(
    const std::vector<const std::vector<CartNode>*>& trees, std::size_t p);

/// "request_kib 61.2 %, read_pct 20.1 %, ..." : importance as shares of the total, largest first.
std::string describeImportance(const std::vector<double>& importance, const FeatureSchema& schema);

/// The members' saved states (Cart::saveState) as a JSON array.
nlohmann::json cartStates(const std::vector<Cart>& trees);
/// Members restored from cartStates() for `schema`; each is checked by Cart::loadState.
/// Throws DataError for a malformed state.
std::vector<Cart> cartsFromStates(
    const nlohmann::json& states, const CartParams& params, const FeatureSchema& schema);

/// Throws DataError unless the saved parameter `name` equals `current`: a model file's trees were
/// grown with the parameters stored beside them, and loading them under other values would
/// describe a different model.
void checkSavedParameter(
    const char* technique, const nlohmann::json& state, const std::string& name, double current);

} // namespace iolens::core

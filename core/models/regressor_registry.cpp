// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/regressor_registry.hpp"

#include "common/closest_name.hpp"
#include "common/error.hpp"
#include "models/auto_model.hpp"
#include "models/bagged_cart.hpp"
#include "models/cart.hpp"
#include "models/conservation_model.hpp"
#include "models/cubist.hpp"
#include "models/inside_out_regressor.hpp"
#include "models/linear_model.hpp"
#include "models/m5.hpp"
#include "models/mars.hpp"
#include "models/penalized_linear.hpp"
#include "models/random_forest.hpp"
#include "models/sbcart.hpp"

#include <algorithm>
#include <functional>
#include <utility>

namespace iolens::core {

namespace {

using Factory = std::function<std::unique_ptr<Regressor>()>;

const std::vector<std::pair<std::string, Factory>>& registry()
{
    static const std::vector<std::pair<std::string, Factory>> entries {
        // The recommended model first: the window's first column and the first curve of every
        // view, and the first entry of every list of techniques.
        {AutoModel::kTechnique, [] { return std::make_unique<AutoModel>(); }},
        {LinearModel::kTechnique, [] { return std::make_unique<LinearModel>(); }},
        {Mars::kTechnique, [] { return std::make_unique<Mars>(); }},
        {Cart::kTechnique, [] { return std::make_unique<Cart>(); }},
        {M5::kTechnique, [] { return std::make_unique<M5>(); }},
        {Cubist::kTechnique, [] { return std::make_unique<Cubist>(); }},
        {BaggedCart::kTechnique, [] { return std::make_unique<BaggedCart>(); }},
        {Sbcart::kTechnique, [] { return std::make_unique<Sbcart>(); }},
        {RandomForest::kTechnique, [] { return std::make_unique<RandomForest>(); }},
        {PenalizedLinear::kLasso, [] { return std::make_unique<PenalizedLinear>(Penalty::Lasso); }},
        {PenalizedLinear::kRidge, [] { return std::make_unique<PenalizedLinear>(Penalty::Ridge); }},
        {PenalizedLinear::kElasticNet,
            [] { return std::make_unique<PenalizedLinear>(Penalty::ElasticNet); }},
        {InsideOutRegressor::kTechnique, [] { return std::make_unique<InsideOutRegressor>(); }},
        {ConservationModel::kTechnique, [] { return std::make_unique<ConservationModel>(); }},
    };
    return entries;
}

} // namespace

std::vector<std::string> techniqueNames()
{
    std::vector<std::string> names;
    for (const auto& entry : registry())
        names.push_back(entry.first);
    return names;
}

namespace {

[[noreturn]] void throwUnknownTechnique(const std::string& technique)
{
    std::string known;
    for (const auto& name : techniqueNames())
        known += (known.empty() ? "" : ", ") + name;
    throw ConfigError("unknown technique '" + technique + "' ("
        + didYouMean(technique, techniqueNames()) + "known: " + known + ")");
}

} // namespace

std::unique_ptr<Regressor> createRegressor(const std::string& technique)
{
    for (const auto& [name, factory] : registry())
        if (name == technique)
            return factory();
    throwUnknownTechnique(technique);
}

std::vector<std::string> paperTechniques()
{
    return {LinearModel::kTechnique, Mars::kTechnique, Cart::kTechnique, M5::kTechnique,
        Cubist::kTechnique};
}

std::vector<std::string> defaultTechniques()
{
    std::vector<std::string> techniques {AutoModel::kTechnique};
    for (std::string& technique : paperTechniques())
        techniques.push_back(std::move(technique));
    return techniques;
}

std::vector<std::string> checkedTechniques(const std::vector<std::string>& names)
{
    if (names.empty())
        throw ConfigError("no technique given");
    const std::vector<std::string> known = techniqueNames();
    for (const std::string& name : names)
        if (std::find(known.begin(), known.end(), name) == known.end())
            throwUnknownTechnique(name);
    return names;
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cart_growth.hpp"

#include <nlohmann/json.hpp>

#include <vector>

/// Model-file form of a random forest's trees. A forest holds hundreds of trees, so each tree is
/// stored column-wise (one array per node field) and only with what prediction needs: split
/// feature, cut, side of x < cut, level sides, children, node size (for NaN routing) and mean.
/// Doubles round-trip exactly (nlohmann-json writes 17 significant digits).
namespace iolens::core {

nlohmann::json forestTreeToJson(const CartTree& tree);

/// A tree written by forestTreeToJson, checked against the schema's columns (`levelCounts`: 0
/// numeric, k categorical): array lengths agree, split features exist, level sides have k entries
/// in -1..1, children come after their parent and every node but the root has one parent, so
/// every descent ends in a leaf. Throws DataError naming the problem, or nlohmann::json::exception
/// for a missing field (the caller reports it as malformed).
CartTree forestTreeFromJson(const nlohmann::json& json, const std::vector<int>& levelCounts);

} // namespace iolens::core

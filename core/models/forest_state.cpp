// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/forest_state.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <string>

namespace iolens::core {

nlohmann::json forestTreeToJson(const CartTree& tree)
{
    std::vector<int> feature, left, right, rows, lessLeft;
    std::vector<double> cut, value;
    nlohmann::json sides = nlohmann::json::array();
    for (const CartNode& node : tree.nodes) {
        feature.push_back(node.feature);
        left.push_back(node.left);
        right.push_back(node.right);
        rows.push_back(node.rows);
        lessLeft.push_back(node.lessGoesLeft ? 1 : 0);
        cut.push_back(node.cut);
        value.push_back(node.value);
        sides.push_back(node.levelSides);
    }
    return {{"feature", feature}, {"cut", cut}, {"less_left", lessLeft}, {"level_sides", sides},
        {"left", left}, {"right", right}, {"rows", rows}, {"value", value}};
}

CartTree forestTreeFromJson(const nlohmann::json& json, const std::vector<int>& levelCounts)
{
    const auto feature = json.at("feature").get<std::vector<int>>();
    const auto cut = json.at("cut").get<std::vector<double>>();
    const auto lessLeft = json.at("less_left").get<std::vector<int>>();
    const auto sides = json.at("level_sides").get<std::vector<std::vector<int>>>();
    const auto left = json.at("left").get<std::vector<int>>();
    const auto right = json.at("right").get<std::vector<int>>();
    const auto rows = json.at("rows").get<std::vector<int>>();
    const auto value = json.at("value").get<std::vector<double>>();
    const std::size_t n = feature.size();
    for (const std::size_t size : {cut.size(), lessLeft.size(), sides.size(), left.size(),
             right.size(), rows.size(), value.size()})
        if (size != n || n == 0)
            throw DataError("model file: a forest tree's node arrays are empty or of different "
                            "lengths");
    CartTree tree;
    for (std::size_t i = 0; i < n; ++i) {
        CartNode node;
        node.rows = rows[i];
        node.value = value[i];
        if (feature[i] >= 0) {
            if (feature[i] >= static_cast<int>(levelCounts.size()))
                throw DataError("model file: forest tree splits on feature "
                    + std::to_string(feature[i]) + ", the schema has "
                    + std::to_string(levelCounts.size()));
            node.feature = feature[i];
            node.cut = cut[i];
            node.lessGoesLeft = lessLeft[i] != 0;
            node.levelSides = sides[i];
            node.left = left[i];
            node.right = right[i];
            const int k = levelCounts[static_cast<std::size_t>(feature[i])];
            const bool valid = std::all_of(node.levelSides.begin(), node.levelSides.end(),
                [](int s) { return s >= -1 && s <= 1; });
            if (node.levelSides.size() != static_cast<std::size_t>(k) || !valid)
                throw DataError("model file: a forest tree's split on feature "
                    + std::to_string(feature[i]) + " needs " + std::to_string(k)
                    + " level sides in -1..1");
        }
        tree.nodes.push_back(std::move(node));
    }
    checkTreeShape(tree.nodes, "forest tree");
    return tree;
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/interaction_design.hpp"

#include <functional>

namespace iolens::core {

namespace {

// All subsets of {0..p-1} of the given size, in lexicographic order.
std::vector<std::vector<int>> subsetsOfSize(int p, int size)
{
    std::vector<std::vector<int>> result;
    std::vector<int> current;
    std::function<void(int)> recurse = [&](int start) {
        if (static_cast<int>(current.size()) == size) {
            result.push_back(current);
            return;
        }
        for (int i = start; i < p; ++i) {
            current.push_back(i);
            recurse(i + 1);
            current.pop_back();
        }
    };
    recurse(0);
    return result;
}

} // namespace

InteractionDesign::InteractionDesign(const FeatureSchema& schema, int degree)
{
    const auto& features = schema.columns();
    m_columns.push_back({});
    m_names.push_back("(Intercept)");
    const int p = static_cast<int>(features.size());
    for (int size = 1; size <= std::min(degree, p); ++size) {
        for (const std::vector<int>& subset : subsetsOfSize(p, size)) {
            // Cartesian product of each feature's basis columns, first feature fastest.
            std::vector<std::vector<Factor>> products {{}};
            std::vector<std::string> names {""};
            for (int feature : subset) {
                const FeatureColumn& column = features[static_cast<std::size_t>(feature)];
                std::vector<std::pair<Factor, std::string>> basis;
                if (column.categorical()) {
                    for (std::size_t level = 1; level < column.levels.size(); ++level)
                        basis.push_back({{feature, static_cast<int>(level)},
                            column.name() + column.levels[level]});
                } else {
                    basis.push_back({{feature, -1}, column.name()});
                }
                std::vector<std::vector<Factor>> nextProducts;
                std::vector<std::string> nextNames;
                for (const auto& [factor, name] : basis) {
                    for (std::size_t i = 0; i < products.size(); ++i) {
                        auto product = products[i];
                        product.push_back(factor);
                        nextProducts.push_back(std::move(product));
                        nextNames.push_back(names[i].empty() ? name : names[i] + ":" + name);
                    }
                }
                products = std::move(nextProducts);
                names = std::move(nextNames);
            }
            m_columns.insert(m_columns.end(), products.begin(), products.end());
            m_names.insert(m_names.end(), names.begin(), names.end());
        }
    }
}

Eigen::MatrixXd InteractionDesign::expand(const Eigen::MatrixXd& x) const
{
    Eigen::MatrixXd design = Eigen::MatrixXd::Ones(x.rows(), size());
    for (std::size_t c = 0; c < m_columns.size(); ++c) {
        for (const Factor& factor : m_columns[c]) {
            auto column = design.col(static_cast<Eigen::Index>(c));
            const auto values = x.col(factor.feature);
            if (factor.level < 0)
                column.array() *= values.array();
            else
                column.array() *= (values.array() == factor.level).cast<double>();
        }
    }
    return design;
}

} // namespace iolens::core

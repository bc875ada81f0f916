// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/feature_schema.hpp"

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace iolens::core {

/// The design matrix of R's formula `y ~ .^degree` with treatment contrasts: an intercept, the
/// main effects in feature order (a k-level factor as k-1 indicators, first level = baseline),
/// then every product of 2..degree distinct features, ordered by size and then lexicographically
/// by feature index; within a product of factors the first factor's levels vary fastest. Column
/// names follow model.matrix ("schedulernone", "fileset_mib:request_kib").
class InteractionDesign {
public:
    InteractionDesign() = default;
    /// degree >= 1; `schema` gives the feature kinds and levels.
    InteractionDesign(const FeatureSchema& schema, int degree);

    /// Number of design columns (intercept included).
    Eigen::Index size() const { return static_cast<Eigen::Index>(m_columns.size()); }
    const std::vector<std::string>& names() const { return m_names; }
    /// Design matrix for encoded features x (n x schema.size()); result n x size().
    Eigen::MatrixXd expand(const Eigen::MatrixXd& x) const;

private:
    // A design column is a product of factors: (feature index, level) where level < 0 means the
    // numeric value itself and level >= 1 the indicator of that level.
    struct Factor {
        int feature;
        int level;
    };
    std::vector<std::vector<Factor>> m_columns;
    std::vector<std::string> m_names;
};

} // namespace iolens::core

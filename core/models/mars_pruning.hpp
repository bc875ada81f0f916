// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>

#include <vector>

namespace iolens::core {

/// earth's pruning pass (pmethod "backward", ALGORITHMS.md 2.5): for every subset size k of the
/// forward-pass terms (the intercept always in) the lowest-RSS subset found by leaps' backward
/// elimination with prefix reporting (Miller 2002, AS 274 BAKWRD/DROP1/REPORT). This is not plain
/// backward elimination: the forward-order prefixes start as the best subsets, and every time a
/// term is moved to the back, the new prefixes are recorded where they beat the record.
///
/// One run serves every nprune (ALGORITHMS.md 2.7): the model for nprune is the subset of the size
/// with the lowest GCV among sizes 1..nprune (selectSize()).
class MarsPruning {
public:
    /// bx: n x M basis (column 0 the intercept, linearly independent columns, M <= n), y: n.
    /// Complexity O(n M^2 + M^3): one QR, then Givens rotations and an updated R^-1.
    static MarsPruning run(const Eigen::MatrixXd& bx, const Eigen::VectorXd& y);

    /// Number of terms M (the largest subset size).
    int maxSize() const { return static_cast<int>(m_rss.size()); }
    /// RSS of the best subset of `size` terms, 1 <= size <= maxSize().
    double rss(int size) const { return m_rss.at(static_cast<std::size_t>(size - 1)); }
    /// Its columns of bx in leaps' order (column 0 first).
    const std::vector<int>& subset(int size) const
    {
        return m_subsets.at(static_cast<std::size_t>(size - 1));
    }
    /// The size with the lowest GCV among 1..min(nprune, maxSize()), the first on ties (R's
    /// which.min). An RSS below 1e-20 RSS(1) counts as 0, so the smallest exact fit wins.
    /// nprune >= 1.
    int selectSize(int nprune, double penalty, Eigen::Index rows) const;

    /// earth's GCV: RSS / (n (1 - C/n)^2) with C = size + penalty (size - 1) / 2 effective
    /// parameters (penalty per knot, (size - 1) / 2 knots); +infinity when C >= n.
    static double gcv(double rss, int size, double penalty, Eigen::Index rows);

private:
    std::vector<double> m_rss;
    std::vector<std::vector<int>> m_subsets;
};

} // namespace iolens::core

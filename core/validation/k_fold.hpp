// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"
#include "models/regressor.hpp"

#include <atomic>
#include <cstdint>
#include <vector>

namespace iolens::core {

/// Fold assignment for k-fold cross-validation: a seeded shuffle of the n rows dealt round-robin
/// into k folds, so fold sizes differ by at most one. The same (n, k, seed) always gives the same
/// folds, and the optimizer reuses one assignment for every parameter point (ICPE'13 section 5).
class FoldAssignment {
public:
    /// Preconditions: 2 <= k <= n.
    FoldAssignment(Eigen::Index n, int k, std::uint64_t seed);

    int folds() const { return m_k; }
    /// Row indices held out in fold f (0 <= f < k), ascending.
    const std::vector<Eigen::Index>& testRows(int fold) const;
    /// Row indices trained on in fold f, ascending.
    std::vector<Eigen::Index> trainRows(int fold) const;

private:
    int m_k;
    Eigen::Index m_n;
    std::vector<std::vector<Eigen::Index>> m_test;
};

/// Per-fold RMSE on held-out rows and their mean and sd (the mlpack KFoldCV shape).
struct CrossValidationResult {
    std::vector<double> foldRmse;
    double meanRmse = 0.0; ///< the paper's cost c(p)
    double sdRmse = 0.0;
    Eigen::VectorXd predictions; ///< out-of-fold prediction of every row
};

/// Fits a clone of `prototype` (parameters already set) on each training part and scores the
/// held-out part. Folds run in parallel (OpenMP). Cost O(k x fit). When `cancel` is set, the
/// folds not yet started are skipped and ValidationCancelled is thrown once the running ones end.
CrossValidationResult crossValidate(const Regressor& prototype, const Dataset& data,
    const FoldAssignment& folds, const std::atomic<bool>* cancel = nullptr);

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

/// Internal to the CART implementation (cart_growth.cpp): the split search of R rpart for
/// method "anova", with unit case weights.
namespace iolens::core::cart_detail {

inline constexpr int kLeft = -1; ///< rpart's LEFT: the child with the lower mean
inline constexpr int kRight = 1;

/// The best split of one variable in one node.
struct Candidate {
    double improve = 0.0;   ///< deviance reduction / node deviance (0: nothing admissible)
    double cut = 0.0;       ///< numeric split point
    int lessSide = kLeft;   ///< numeric: side of the rows with x < cut
    std::vector<int> sides; ///< categorical: side per level (0 = absent from the node)
};

/// rpart's once-and-for-all sort of a numeric column (its mysort: quicksort with a median-of-three
/// pivot, insertion sort below 12 elements). It is not stable; reproducing it keeps the order of
/// rows with tied x, and so every floating-point sum of the split search, identical to R's.
/// Sorts x[start..stop] (inclusive) ascending and permutes `rows` alongside. O(n log n).
void rpartSort(std::vector<double>& x, std::vector<int>& rows, int start, int stop);

/// rpart's anova split of a numeric column: xs[0..n) sorted ascending, ys alongside; every child
/// keeps >= edge rows; `risk` is the node deviance (> 0). The gain of a boundary between distinct
/// x values is S_L^2/W_L + S_R^2/W_R with S the sums of y - mean (the deviance reduction); the
/// first maximum wins, the cut is the midpoint, the lower-mean side becomes the left child. O(n).
Candidate scanNumeric(
    const std::vector<double>& xs, const std::vector<double>& ys, int n, int edge, double risk);

/// rpart's anova split of a categorical column: xs[0..n) hold level indices 0..levels-1 (in the
/// node's row order), ys alongside. The levels present are ordered by mean response (stable, as
/// rpart's insertion sort) and the cuts of that order are scanned; for least squares one of them
/// is the best of all 2^(k-1) level subsets. O(n + k log k).
Candidate scanCategorical(const std::vector<double>& xs, const std::vector<double>& ys, int n,
    int levels, int edge, double risk);

} // namespace iolens::core::cart_detail

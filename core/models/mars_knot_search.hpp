// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to the MARS forward pass (mars_forward_pass.cpp): the orthonormal basis and the
// Friedman fast-update knot search (ALGORITHMS.md 2.3 step 2c, earth's FindKnot).

#include <Eigen/Dense>

namespace iolens::core::detail {

/// Orthonormal basis of the current MARS model, built by modified Gram-Schmidt (earth's bxOrth).
/// Besides the columns q_k (n values each) it keeps, per data row, the centred values q_k(i) -
/// mean_k of all columns next to each other (earth's bxOrthCenteredT), which is what the knot
/// search reads row by row. A slot one past the last column holds the linear candidate of the pair
/// being searched. Only non-zero columns are stored: a zero column adds nothing to any inner
/// product.
class OrthogonalBasis {
public:
    /// Starts with the intercept column 1/sqrt(n). Precondition: rows >= 1.
    explicit OrthogonalBasis(Eigen::Index rows);

    Eigen::Index rows() const { return m_columns.rows(); }
    /// Number of columns, the intercept included (the candidate is not counted).
    int size() const { return m_size; }
    auto column(int k) const { return m_columns.col(k); }

    /// Removes from `v` its projections on the first `from`..size()-1 columns, in order (modified
    /// Gram-Schmidt: each projection uses the partly reduced vector). O(n * (size - from)).
    void residualize(Eigen::VectorXd& v, int from = 0) const;
    /// Appends `residual` (already residualized) divided by its norm if its sum of squares exceeds
    /// `minSumOfSquares`; returns false and appends nothing otherwise. The column is centred by
    /// the mean of the residual before normalisation, as earth's bxOrthMean is.
    bool append(const Eigen::VectorXd& residual, double minSumOfSquares);
    /// Stores a normalised candidate column in the slot after the last column, visible to the
    /// knot search through centredRow(i)[size()].
    void setCandidate(const Eigen::VectorXd& normalized, double mean);
    /// Centred values of row i: size() + 1 entries (columns, then the candidate slot).
    const double* centredRow(Eigen::Index row) const { return m_centredT.col(row).data(); }

private:
    void reserve(int columns);

    Eigen::MatrixXd m_columns;  // n x capacity
    Eigen::MatrixXd m_centredT; // (capacity + 1) x n
    int m_size = 0;
};

/// Mean as earth computes it (sum of x_i / n), so that centring matches to the last bit.
double earthMean(const Eigen::VectorXd& v);
/// Dot product summed left to right with one accumulator (earth's loops, reference BLAS ddot).
double sequentialDot(const double* a, const double* b, Eigen::Index n);

/// Which sorted positions may hold a knot (ALGORITHMS.md 2.3 "Spans"; Friedman 1991 eq. 43, 45):
/// none within `end` positions of either end, then one every `min` eligible positions, starting
/// `start` positions from the top.
struct KnotSpans {
    int start = 1, min = 1, end = 1;
};

/// earth's automatic spans (GetSpanParams, minspan = endspan = 0, Adjust.endspan = 2) for a new
/// term of degree `newDegree` whose parent is positive on `positiveRows` of `rows` rows.
KnotSpans knotSpans(Eigen::Index rows, int predictors, int newDegree, int positiveRows);

/// One knot search: parent term m and predictor v fixed, all knots of v scanned from high to low.
struct KnotSearch {
    const double* x = nullptr;            ///< predictor column, n values
    const int* order = nullptr;           ///< rows sorted by x ascending (stable), n values
    const double* parent = nullptr;       ///< parent basis function B_m, n values
    const double* yCentred = nullptr;     ///< y - mean(y), n values
    const double* yProjections = nullptr; ///< sum_i yCentred(i) q_k(i), one per searched column
    int columns = 0;                      ///< basis columns the hinge is residualised on (K)
    double linearGain = 0.0;              ///< RSS drop of the linear candidate (0 without one)
    double maxLegalGain = 0.0; ///< a knot must gain less than this (earth MaxLegalRssDelta)
    double tolerance = 0.01;   ///< min relative residual sum of squares of the hinge
    KnotSpans spans;           ///< eligible knot positions
};

/// Work buffers reused across searches (no allocation per search).
struct KnotSearchScratch {
    Eigen::VectorXd sumBasis;   // sum over rows above the knot of B_m q_k  (earth CovSx)
    Eigen::VectorXd covariance; // <hinge, q_k> for the current knot       (earth CovCol)
    void resize(int columns);
};

/// Best knot of one search. On entry `gain` is the value to beat (the linear candidate's gain);
/// returns the sorted position i of the best knot (cut = x[order[i]]) and updates `gain`, or
/// returns -1 if no knot beats it. O(n * K) for a parent without zeros, less for sparse parents.
int findBestKnot(const KnotSearch& search, const OrthogonalBasis& basis, KnotSearchScratch& scratch,
    double& gain);

} // namespace iolens::core::detail

// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/mars_knot_search.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::core::detail {

double sequentialDot(const double* a, const double* b, Eigen::Index n)
{
    // One accumulator, left to right, as the reference BLAS ddot R links and earth's own loops:
    // the same rounding makes exact ties between candidates resolve as they do in earth.
    double sum = 0.0;
    for (Eigen::Index i = 0; i < n; ++i)
        sum += a[i] * b[i];
    return sum;
}

double earthMean(const Eigen::VectorXd& v)
{
    // earth divides every term by n before adding; keep that order so centring is bit-compatible.
    const double n = static_cast<double>(v.size());
    double mean = 0.0;
    for (Eigen::Index i = 0; i < v.size(); ++i)
        mean += v(i) / n;
    return mean;
}

OrthogonalBasis::OrthogonalBasis(Eigen::Index rows)
{
    m_columns.resize(rows, 0);
    m_centredT.resize(1, rows);
    reserve(16);
    // The intercept column is constant, so its centred values are exactly zero.
    m_columns.col(0).setConstant(1.0 / std::sqrt(static_cast<double>(rows)));
    m_centredT.row(0).setZero();
    m_size = 1;
}

void OrthogonalBasis::reserve(int columns)
{
    const auto capacity = static_cast<int>(m_columns.cols());
    if (columns <= capacity)
        return;
    const int grown = std::max(columns, 2 * capacity);
    m_columns.conservativeResize(Eigen::NoChange, grown);
    m_centredT.conservativeResize(grown + 1, Eigen::NoChange);
}

void OrthogonalBasis::residualize(Eigen::VectorXd& v, int from) const
{
    for (int k = from; k < m_size; ++k) {
        // Columns have unit length, so the projection coefficient is a plain dot product.
        const double beta = sequentialDot(m_columns.col(k).data(), v.data(), v.size());
        v.noalias() -= beta * m_columns.col(k);
    }
}

bool OrthogonalBasis::append(const Eigen::VectorXd& residual, double minSumOfSquares)
{
    const double sumOfSquares = sequentialDot(residual.data(), residual.data(), residual.size());
    if (!(sumOfSquares > minSumOfSquares))
        return false;
    reserve(m_size + 1);
    const double mean = earthMean(residual);
    m_columns.col(m_size) = residual / std::sqrt(sumOfSquares);
    m_centredT.row(m_size) = (m_columns.col(m_size).array() - mean).matrix().transpose();
    ++m_size;
    return true;
}

void OrthogonalBasis::setCandidate(const Eigen::VectorXd& normalized, double mean)
{
    m_centredT.row(m_size) = (normalized.array() - mean).matrix().transpose();
}

KnotSpans knotSpans(Eigen::Index rows, int predictors, int newDegree, int positiveRows)
{
    const int n = static_cast<int>(rows);
    const double p = static_cast<double>(predictors);
    int end = static_cast<int>(7.32193 + std::log(p) / 0.69315); // Friedman eq. 45
    if (newDegree >= 2)
        end += static_cast<int>(std::lround(2.0 * end));
    end = std::max(1, std::min(end, n / 2 - 1));
    // Friedman eq. 43; a parent that is nowhere positive has no knots at all (earth computes
    // log(0) here, which on x86 ends as minspan 1).
    int min = 1;
    if (positiveRows > 0)
        min = std::max(1, static_cast<int>((2.9702 + std::log(p * positiveRows)) / 1.7329));
    const int available = std::max(0, n - 2 * end);
    int start = available / 2;
    if (available > min) {
        const int count = available / min;
        start = available == count * min ? min / 2 : (available - count * min) / 2;
    }
    return {std::max(1, end + start), min, end};
}

void KnotSearchScratch::resize(int columns)
{
    sumBasis.setZero(columns);
    covariance.setZero(columns);
}

namespace {

// Running sums of the hinge h_t = B_m (x - t)+ over the rows above the knot t, updated as t moves
// down one sorted position (Friedman 1991 section 3.9; earth FindKnot). Everything is centred
// on the fly so that the hinge's residual sum of squares needs no second pass.
struct HingeSums {
    double parentSum = 0.0, parentSqSum = 0.0, parentXSum = 0.0, parentSqXSum = 0.0;
    double hingeSum = 0.0;   // sum of h_t
    double centredSs = 0.0;  // sum of (h_t - mean h_t)^2       (earth CovCol[iNewCol])
    double yParentSum = 0.0; // sum of (y - ybar) B_m           (earth ybxSum)
    double yHinge = 0.0;     // sum of (y - ybar) h_t           (earth ycboSum[iNewCol])

    void addRow(double b1, double x0, double x1, double yCentred, double n)
    {
        const double delta = x1 - x0;
        parentSum += b1;
        parentSqSum += b1 * b1;
        parentXSum += b1 * x1;
        parentSqXSum += b1 * b1 * x1;
        const double previous = hingeSum;
        hingeSum = parentXSum - parentSum * x0;
        centredSs += delta * (2.0 * parentSqXSum - parentSqSum * (x0 + x1))
            + (previous * previous - hingeSum * hingeSum) / n;
        yParentSum += yCentred * b1;
        yHinge += delta * yParentSum;
    }
};

} // namespace

int findBestKnot(const KnotSearch& search, const OrthogonalBasis& basis, KnotSearchScratch& scratch,
    double& gain)
{
    const int k = search.columns;
    const Eigen::Index n = basis.rows();
    scratch.resize(k);
    Eigen::Map<Eigen::VectorXd> sums(scratch.sumBasis.data(), k);
    Eigen::Map<Eigen::VectorXd> cov(scratch.covariance.data(), k);

    HingeSums hinge;
    int countdown = search.spans.start;
    int best = -1;
    for (Eigen::Index i = n - 2; i >= search.spans.end; --i) {
        const int row0 = search.order[i], row1 = search.order[i + 1];
        const double x0 = search.x[row0], x1 = search.x[row1];
        const double b1 = search.parent[row1];
        const double delta = x1 - x0;
        // earth updates sums += b1 c and cov += delta sums on every row. With b1 = 0 or
        // delta = 0 (a tie) the update adds exact zeros, so skipping it changes no bit, and on
        // designed experiments (few distinct values) or sparse parents it skips most rows.
        if (b1 != 0.0)
            sums.noalias() += b1 * Eigen::Map<const Eigen::VectorXd>(basis.centredRow(row1), k);
        if (delta != 0.0)
            cov.noalias() += delta * sums;
        hinge.addRow(b1, x0, x1, search.yCentred[row1], static_cast<double>(n));

        // Eligible knots: the parent is positive just above the knot and the hinge is not
        // constant. Every minSpan-th eligible position is evaluated.
        if (!(b1 > 0.0 && hinge.centredSs > 0.0 && --countdown == 0))
            continue;
        countdown = search.spans.min;
        const double numerator = hinge.yHinge - sequentialDot(search.yProjections, cov.data(), k);
        const double residualSs = hinge.centredSs - sequentialDot(cov.data(), cov.data(), k);
        double knotGain = 0.0;
        if (residualSs / hinge.centredSs > search.tolerance)
            knotGain = numerator * numerator / residualSs;
        knotGain = search.linearGain + knotGain;
        if (knotGain > gain && knotGain < search.maxLegalGain) {
            gain = knotGain;
            best = static_cast<int>(i);
        }
    }
    return best;
}

} // namespace iolens::core::detail

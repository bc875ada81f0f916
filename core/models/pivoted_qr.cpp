// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/pivoted_qr.hpp"

#include <cmath>
#include <numeric>

namespace iolens::core {

namespace {

// Moves column l of a (and its bookkeeping) to the end, shifting the rest left, as dqrdc2 does.
void rotateColumnToEnd(Eigen::MatrixXd& a, std::vector<int>& pivot, Eigen::VectorXd& qraux,
    Eigen::VectorXd& originalNorm, Eigen::Index l)
{
    const Eigen::Index p = a.cols();
    const Eigen::VectorXd column = a.col(l);
    const double aux = qraux(l), norm = originalNorm(l);
    const int index = pivot[static_cast<std::size_t>(l)];
    for (Eigen::Index j = l; j + 1 < p; ++j) {
        a.col(j) = a.col(j + 1);
        qraux(j) = qraux(j + 1);
        originalNorm(j) = originalNorm(j + 1);
        pivot[static_cast<std::size_t>(j)] = pivot[static_cast<std::size_t>(j + 1)];
    }
    a.col(p - 1) = column;
    qraux(p - 1) = aux;
    originalNorm(p - 1) = norm;
    pivot[static_cast<std::size_t>(p - 1)] = index;
}

} // namespace

LeastSquaresFit fitLeastSquares(const Eigen::MatrixXd& x, const Eigen::VectorXd& y, double tol)
{
    const Eigen::Index n = x.rows(), p = x.cols();
    Eigen::MatrixXd a = x;
    std::vector<int> pivot(static_cast<std::size_t>(p));
    std::iota(pivot.begin(), pivot.end(), 0);
    Eigen::VectorXd qraux(p), originalNorm(p);
    for (Eigen::Index j = 0; j < p; ++j) {
        qraux(j) = a.col(j).norm();
        originalNorm(j) = qraux(j) == 0.0 ? 1.0 : qraux(j);
    }
    Eigen::Index k = p; // columns [k, p) are aliased
    const Eigen::Index steps = std::min(n, p);
    Eigen::Index l = 0;
    for (; l < steps; ++l) {
        while (l < k && qraux(l) < originalNorm(l) * tol) {
            rotateColumnToEnd(a, pivot, qraux, originalNorm, l);
            --k;
        }
        if (l >= k || l + 1 == n)
            break;
        // Householder reflection of column l (LINPACK convention: u stored in a(l:n, l),
        // with u(l) = 1 + a(l,l)/norm and the diagonal of R kept in qraux).
        double norm = a.col(l).tail(n - l).norm();
        if (norm == 0.0)
            continue;
        if (a(l, l) != 0.0)
            norm = std::copysign(norm, a(l, l));
        a.col(l).tail(n - l) /= norm;
        a(l, l) += 1.0;
        for (Eigen::Index j = l + 1; j < p; ++j) {
            const double t = -a.col(l).tail(n - l).dot(a.col(j).tail(n - l)) / a(l, l);
            a.col(j).tail(n - l) += t * a.col(l).tail(n - l);
            if (j >= k || qraux(j) == 0.0)
                continue;
            const double ratio = std::fabs(a(l, j)) / qraux(j);
            const double shrink = std::max(0.0, 1.0 - ratio * ratio);
            // dqrdc2 recomputes the norm outright once cancellation makes the update unreliable.
            if (std::fabs(shrink) < 1e-6)
                qraux(j) = a.col(j).tail(n - l - 1).norm();
            else
                qraux(j) *= std::sqrt(shrink);
        }
        qraux(l) = a(l, l);
        a(l, l) = -norm;
    }
    const Eigen::Index rank = std::min(k, n);

    // Q'y through the stored reflections, then back substitution on the leading rank x rank R.
    Eigen::VectorXd qty = y;
    for (Eigen::Index j = 0; j < std::min(rank, n - 1); ++j) {
        if (qraux(j) == 0.0)
            continue;
        const double diagonal = a(j, j);
        a(j, j) = qraux(j);
        const double t = -a.col(j).tail(n - j).dot(qty.tail(n - j)) / a(j, j);
        qty.tail(n - j) += t * a.col(j).tail(n - j);
        a(j, j) = diagonal;
    }
    Eigen::VectorXd beta = Eigen::VectorXd::Zero(rank);
    if (rank > 0)
        beta = a.topLeftCorner(rank, rank).triangularView<Eigen::Upper>().solve(qty.head(rank));

    LeastSquaresFit fit;
    fit.rank = static_cast<int>(rank);
    fit.coefficients = Eigen::VectorXd::Zero(p);
    fit.aliased.assign(static_cast<std::size_t>(p), true);
    for (Eigen::Index j = 0; j < rank; ++j) {
        fit.coefficients(pivot[static_cast<std::size_t>(j)]) = beta(j);
        fit.aliased[static_cast<std::size_t>(pivot[static_cast<std::size_t>(j)])] = false;
    }
    fit.residuals = y - x * fit.coefficients;
    return fit;
}

} // namespace iolens::core

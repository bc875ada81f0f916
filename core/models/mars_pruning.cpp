// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/mars_pruning.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace iolens::core {

namespace {

// The least-squares state of the current term order: X P = Q R, z = (Q'y) restricted to the
// terms, and R^-1 kept up to date (its row norms give every drop-one RSS increase at once).
// Only the leading `active` x `active` block is maintained: terms behind it are already dropped.
struct OrderedFit {
    Eigen::MatrixXd r, rInverse;
    Eigen::VectorXd z;
    double residualSs = 0.0; // RSS of all M terms
    std::vector<int> order;  // order[k] = column of bx at position k

    // RSS of the first `size` terms in the current order.
    double prefixRss(int size) const { return residualSs + z.tail(z.size() - size).squaredNorm(); }

    // Swaps the terms at positions k and k+1 (both < active) and restores the triangle with one
    // Givens rotation of rows k, k+1; R^-1 follows as P' R^-1 G'. O(active).
    void swapAdjacent(int k, int active)
    {
        for (int i = 0; i <= k + 1; ++i)
            std::swap(r(i, k), r(i, k + 1));
        const double a = r(k, k), b = r(k + 1, k);
        const double h = std::hypot(a, b);
        const double c = a / h, s = b / h;
        for (int j = k; j < active; ++j) {
            const double upper = r(k, j), lower = r(k + 1, j);
            r(k, j) = c * upper + s * lower;
            r(k + 1, j) = -s * upper + c * lower;
        }
        r(k + 1, k) = 0.0;
        const double zk = z(k), zk1 = z(k + 1);
        z(k) = c * zk + s * zk1;
        z(k + 1) = -s * zk + c * zk1;
        for (int j = k; j < active; ++j)
            std::swap(rInverse(k, j), rInverse(k + 1, j));
        for (int i = 0; i <= k + 1; ++i) {
            const double left = rInverse(i, k), right = rInverse(i, k + 1);
            rInverse(i, k) = c * left + s * right;
            rInverse(i, k + 1) = -s * left + c * right;
        }
        rInverse(k + 1, k) = 0.0;
        std::swap(order[static_cast<std::size_t>(k)], order[static_cast<std::size_t>(k) + 1]);
    }

    // leaps DROP1: the position in 1..active-1 whose removal raises the RSS least (the first
    // on ties), or -1. The rise for term j is b_j^2 / ||row j of R^-1||^2.
    int cheapestDrop(int active) const
    {
        const Eigen::VectorXd b
            = r.topLeftCorner(active, active).triangularView<Eigen::Upper>().solve(z.head(active));
        int best = -1;
        double smallest = 1e35; // leaps' LARGE
        for (int j = 1; j < active; ++j) {
            const double norm = rInverse.row(j).segment(j, active - j).squaredNorm();
            const double rise = b(j) * b(j) / norm;
            if (rise < smallest) {
                smallest = rise;
                best = j;
            }
        }
        return best;
    }
};

// Householder QR without pivoting (Q' applied to y alongside): on return the upper triangle of
// a's first columns is R and y holds Q'y. Unblocked on purpose: the sizes are small, and GCC 12
// at -O3 reports a spurious maybe-uninitialized inside Eigen's blocked HouseholderQR. O(n M^2).
void householderTriangularize(Eigen::MatrixXd& a, Eigen::VectorXd& y)
{
    const Eigen::Index n = a.rows(), m = a.cols();
    for (Eigen::Index k = 0; k < std::min(n, m); ++k) {
        auto v = a.col(k).tail(n - k);
        const double norm = v.norm();
        if (norm == 0.0)
            continue;
        const double alpha = v(0) > 0.0 ? -norm : norm;
        v(0) -= alpha;
        const double scale = 2.0 / v.squaredNorm();
        for (Eigen::Index j = k + 1; j < m; ++j) {
            auto column = a.col(j).tail(n - k);
            column -= (scale * v.dot(column)) * v;
        }
        y.tail(n - k) -= (scale * v.dot(y.tail(n - k))) * v;
        v.setZero();
        v(0) = alpha;
    }
}

bool sameTerms(std::vector<int> a, std::vector<int> b)
{
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

} // namespace

MarsPruning MarsPruning::run(const Eigen::MatrixXd& bx, const Eigen::VectorXd& y)
{
    const Eigen::Index n = bx.rows();
    const auto m = static_cast<int>(bx.cols());
    if (m < 1 || m > n || y.size() != n)
        throw StateError("MarsPruning::run: basis is " + std::to_string(n) + " x "
            + std::to_string(m) + ", y has " + std::to_string(y.size())
            + " values; need 1 <= terms <= rows = y values");
    Eigen::MatrixXd a = bx;
    Eigen::VectorXd qty = y;
    householderTriangularize(a, qty);
    OrderedFit fit;
    fit.r = a.topRows(m).triangularView<Eigen::Upper>();
    fit.z = qty.head(m);
    fit.residualSs = qty.tail(n - m).squaredNorm();
    fit.rInverse = fit.r.triangularView<Eigen::Upper>().solve(Eigen::MatrixXd::Identity(m, m));
    fit.order.resize(static_cast<std::size_t>(m));
    std::iota(fit.order.begin(), fit.order.end(), 0);

    MarsPruning result;
    for (int size = 1; size <= m; ++size) { // leaps INITR: the forward-order prefixes
        result.m_rss.push_back(fit.prefixRss(size));
        result.m_subsets.emplace_back(fit.order.begin(), fit.order.begin() + size);
    }
    // leaps BAKWRD with the intercept forced in: drop the cheapest term of the first `active`,
    // move it behind them, and report every prefix that changed.
    for (int active = m; active >= 3; --active) {
        const int drop = fit.cheapestDrop(active);
        if (drop < 0 || drop == active - 1)
            continue;
        for (int k = drop; k < active - 1; ++k)
            fit.swapAdjacent(k, active);
        for (int size = drop + 1; size < active; ++size) {
            const auto index = static_cast<std::size_t>(size - 1);
            const double rss = fit.prefixRss(size);
            std::vector<int> terms(fit.order.begin(), fit.order.begin() + size);
            // leaps REPORT: a strictly lower RSS replaces the record, unless it is within 0.01 %
            // and the same set of terms (a rounding difference, not a new subset).
            if (!(rss < result.m_rss[index]))
                continue;
            if (rss > 0.9999 * result.m_rss[index] && sameTerms(terms, result.m_subsets[index]))
                continue;
            result.m_rss[index] = rss;
            result.m_subsets[index] = std::move(terms);
        }
    }
    return result;
}

int MarsPruning::selectSize(int nprune, double penalty, Eigen::Index rows) const
{
    const int last = std::min(std::max(nprune, 1), maxSize());
    // An RSS this small is an exact fit; which subset's rounding noise is lowest means nothing,
    // so all exact fits count as 0 and the smallest wins (earth leaves that to leaps' rounding).
    const double exactFit = 1e-20 * rss(1);
    const auto effectiveRss = [&](int size) { return rss(size) < exactFit ? 0.0 : rss(size); };
    int best = 1;
    double bestGcv = gcv(effectiveRss(1), 1, penalty, rows);
    for (int size = 2; size <= last; ++size) {
        const double value = gcv(effectiveRss(size), size, penalty, rows);
        if (value < bestGcv) {
            bestGcv = value;
            best = size;
        }
    }
    return best;
}

double MarsPruning::gcv(double rss, int size, double penalty, Eigen::Index rows)
{
    const double n = static_cast<double>(rows);
    const double parameters = size + penalty * (size - 1) / 2.0;
    if (parameters >= n)
        return std::numeric_limits<double>::infinity();
    const double shrink = 1.0 - parameters / n;
    return rss / (n * shrink * shrink);
}

} // namespace iolens::core

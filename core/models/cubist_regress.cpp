// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cubist_regress.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>
#include <type_traits>
#include <utility>

namespace iolens::core::cubist {

Regression::Regression(const CaseTable& x, const Globals& g)
    : m_x(x)
    , m_g(g)
    , m_p1(x.cols + 1)
{
    const auto p1 = static_cast<std::size_t>(m_p1);
    m_xTx.assign(p1 * p1, 0.0); // the upper triangle stays 0 (see solve)
    m_a.assign(p1 * p1, 0.0);
    for (auto* v : {&m_xTy, &m_b, &m_mean, &m_var, &m_avDev, &m_best})
        v->assign(p1, 0.0);
    m_zero.assign(p1, 0);
    m_saveZero.assign(p1, 0);
    m_modelAtt.assign(p1, 0);
    m_slot.assign(p1, -1);
    // Room for every case with every column, once: gather overwrites what a fit uses, and a
    // resize per fit would zero the growth only to overwrite it.
    m_data.assign(static_cast<std::size_t>(x.rows) * p1, 0.f);
}

namespace {

/// Calls f(std::integral_constant<int, N>) for n == N in Min..Max and returns true, or returns
/// false for any other n: loops over a handful of columns or terms get a length known at
/// compile time, so their sums stay in registers.
template <int Min, int Max, typename F> bool withSmallSize(std::size_t n, F&& f)
{
    if constexpr (Max < Min) {
        return false;
    } else {
        if (n == static_cast<std::size_t>(Max)) {
            f(std::integral_constant<int, Max> {});
            return true;
        }
        return withSmallSize<Min, Max - 1>(n, std::forward<F>(f));
    }
}

/// Sums of one pass over the gathered rows: moments[a * S + b] = sum of d_a d_b over the cases
/// for b <= a, where d = (1, x_1, ..., x_{S-1}) is the design row, and moments[S * S + a] =
/// sum of d_a y. Every sum runs in case order with RuleQuest's operand types (float values,
/// double products and sums), as BuildTables and the candidate passes of Regress form them.
/// `S` known at compile time lets the compiler keep the sums in registers.
template <int S> void sumMoments(const float* data, int count, double* moments)
{
    double table[S * S] = {};
    double xy[S] = {};
    for (int i = 0; i < count; ++i) {
        const float* x = data + static_cast<std::ptrdiff_t>(i) * S;
        const float y = x[0];
        table[0] += 1.0;
        xy[0] += 1.0 * y;
        for (int a = 1; a < S; ++a) {
            const float xa = x[a];
            xy[a] += 1.0 * xa * y;
            table[a * S] += 1.0 * xa;
            for (int b = 1; b <= a; ++b)
                table[a * S + b] += 1.0 * xa * x[b];
        }
    }
    std::copy_n(table, S * S, moments);
    std::copy_n(xy, S, moments + S * S);
}

void sumMomentsAnySize(const float* data, int count, int stride, double* moments)
{
    const auto s = static_cast<std::size_t>(stride);
    std::fill_n(moments, s * s + s, 0.0);
    double* xy = moments + s * s;
    for (int i = 0; i < count; ++i) {
        const float* x = data + static_cast<std::size_t>(i) * s;
        const float y = x[0];
        moments[0] += 1.0;
        xy[0] += 1.0 * y;
        for (std::size_t a = 1; a < s; ++a) {
            const float xa = x[a];
            xy[a] += 1.0 * xa * y;
            moments[a * s] += 1.0 * xa;
            for (std::size_t b = 1; b <= a; ++b)
                moments[a * s + b] += 1.0 * xa * x[b];
        }
    }
}

} // namespace

// RuleQuest Regress. Types follow RuleQuest: values are float, sums double, so the normal
// equations accumulate the same rounding. Weights are 1 (R's Cubist without case weights).
void Regression::fit(const int* rows, int count, const std::vector<float>& cls,
    const std::vector<char>& allowed, Coefficients& model)
{
    model.assign(static_cast<std::size_t>(m_p1), 0.0);
    gather(rows, count, cls, allowed);
    if (!selectCandidates(count, model))
        return; // just the mean
    buildTables();
    solve(model);
    simplify(count, model);
    removeOutliers(count, model);
}

// Copies the cases once, then forms in one pass every sum that Regress's candidate pass and
// BuildTables form in theirs: the sum and sum of squares of a column are entries of X'X, and
// each entry of X'X is a separate sum, so columns dropped later change no other entry.
void Regression::gather(
    const int* rows, int count, const std::vector<float>& cls, const std::vector<char>& allowed)
{
    m_candidates.clear();
    std::fill(m_slot.begin(), m_slot.end(), -1);
    m_slot[0] = 0;
    for (int j = 1; j < m_p1; ++j) {
        const auto a = static_cast<std::size_t>(j - 1);
        if (m_g.atts[a].kind == AttKind::Continuous && allowed[a]) {
            m_slot[static_cast<std::size_t>(j)] = static_cast<int>(m_candidates.size()) + 1;
            m_candidates.push_back(j);
        }
    }
    m_stride = static_cast<int>(m_candidates.size()) + 1;
    float* out = m_data.data(); // count <= rows and stride <= p + 1: it fits
    for (int i = 0; i < count; ++i) {
        const int row = rows[i];
        const float* x = m_x.row(row);
        *out++ = cls[static_cast<std::size_t>(row)];
        for (int j : m_candidates)
            *out++ = x[j - 1];
    }
    const auto stride = static_cast<std::size_t>(m_stride);
    m_moments.resize(stride * stride + stride);
    const bool unrolled = withSmallSize<1, 5>(stride, [&](auto size) {
        sumMoments<decltype(size)::value>(m_data.data(), count, m_moments.data());
    });
    if (!unrolled)
        sumMomentsAnySize(m_data.data(), count, m_stride, m_moments.data());
}

double Regression::moment(int j, int k) const
{
    const auto stride = static_cast<std::size_t>(m_stride);
    return m_moments[static_cast<std::size_t>(m_slot[static_cast<std::size_t>(j)]) * stride
        + static_cast<std::size_t>(m_slot[static_cast<std::size_t>(k)])];
}

void Regression::useModel(const Coefficients& model)
{
    m_intercept = model[0];
    m_terms.clear();
    for (int j : m_candidates) // the only columns that can have a nonzero coefficient
        if (model[static_cast<std::size_t>(j)] != 0.0)
            m_terms.emplace_back(
                m_slot[static_cast<std::size_t>(j)], model[static_cast<std::size_t>(j)]);
}

float Regression::modelValue(int i) const
{
    const float* x = gatheredRow(i);
    double sum = m_intercept;
    for (const auto& [slot, coefficient] : m_terms)
        sum += coefficient * x[slot];
    return static_cast<float>(sum);
}

// The candidate passes of Regress: candidate columns and their means and variances (sums from
// gather), then drop those (nearly) constant on these cases, then mean absolute deviations
// (they rank coefficients during simplification).
bool Regression::selectCandidates(int count, Coefficients& model)
{
    m_nModelAtt = 0;
    m_modelAtt[0] = 0;
    m_zero[0] = 0;
    for (int j = 1; j < m_p1; ++j) {
        const bool use = m_slot[static_cast<std::size_t>(j)] >= 0;
        m_zero[static_cast<std::size_t>(j)] = !use;
        if (use) {
            m_modelAtt[static_cast<std::size_t>(++m_nModelAtt)] = j;
            m_mean[static_cast<std::size_t>(j)] = moment(j, 0);
            m_var[static_cast<std::size_t>(j)] = moment(j, j);
        }
    }
    const double cases = count;
    m_mean[0] = m_moments[static_cast<std::size_t>(m_stride) * static_cast<std::size_t>(m_stride)]
        / cases;
    for (int k = 1; k <= m_nModelAtt; ++k) {
        const auto j = static_cast<std::size_t>(m_modelAtt[static_cast<std::size_t>(k)]);
        m_mean[j] /= cases;
        m_var[j] = cases > 1 ? (m_var[j] - cases * m_mean[j] * m_mean[j]) / (cases - 1) : 0.0;
        if (m_var[j] < 1e-6) { // (nearly) constant here: drop, RuleQuest's swap-with-last
            m_zero[j] = 1;
            m_modelAtt[static_cast<std::size_t>(k--)]
                = m_modelAtt[static_cast<std::size_t>(m_nModelAtt--)];
        }
    }
    // Mean absolute deviations of the target and the columns left, each summed in case order.
    activePlaces();
    const auto kept = static_cast<std::size_t>(m_nModelAtt) + 1;
    m_sums.assign(2 * kept, 0.0);
    for (std::size_t k = 0; k < kept; ++k)
        m_sums[kept + k] = m_mean[static_cast<std::size_t>(m_modelAtt[k])];
    const bool unrolled = withSmallSize<1, 5>(
        kept, [&](auto size) { sumAbsDeviations<decltype(size)::value>(count); });
    if (!unrolled)
        for (int i = 0; i < count; ++i) {
            const float* x = gatheredRow(i);
            for (std::size_t k = 0; k < kept; ++k)
                m_sums[k] += std::fabs(x[m_places[k]] - m_sums[kept + k]);
        }
    for (std::size_t k = 0; k < kept; ++k)
        m_avDev[static_cast<std::size_t>(m_modelAtt[k])] = m_sums[k] / cases;
    // No model without candidates, or with fewer than two cases per coefficient.
    if (m_nModelAtt < 1 || cases < 2 * m_nModelAtt) {
        model[0] = m_mean[0];
        return false;
    }
    return true;
}

// Active slots are rebuilt in ascending order from ZeroCoeff, as RuleQuest's FindActiveAtts.
void Regression::findActiveAtts()
{
    m_nModelAtt = 0;
    for (int j = 0; j < m_p1; ++j)
        if (!m_zero[static_cast<std::size_t>(j)])
            m_modelAtt[static_cast<std::size_t>(m_nModelAtt++)] = j;
    --m_nModelAtt;
}

// Lower triangle of X'X and X'y over the active slots (BuildTables); slot 0 is the intercept.
// The sums were formed by gather, each in case order as BuildTables forms it.
void Regression::buildTables()
{
    findActiveAtts();
    const auto& ma = m_modelAtt;
    const auto xyBase = static_cast<std::size_t>(m_stride) * static_cast<std::size_t>(m_stride);
    for (int jj = 0; jj <= m_nModelAtt; ++jj) {
        const int j = ma[static_cast<std::size_t>(jj)];
        m_xTy[static_cast<std::size_t>(j)]
            = m_moments[xyBase + static_cast<std::size_t>(m_slot[static_cast<std::size_t>(j)])];
        for (int kk = 0; kk <= jj; ++kk)
            xTx(j, ma[static_cast<std::size_t>(kk)]) = moment(j, ma[static_cast<std::size_t>(kk)]);
    }
}

void Regression::activePlaces()
{
    m_places.resize(static_cast<std::size_t>(m_nModelAtt) + 1);
    for (int jj = 0; jj <= m_nModelAtt; ++jj)
        m_places[static_cast<std::size_t>(jj)]
            = m_slot[static_cast<std::size_t>(m_modelAtt[static_cast<std::size_t>(jj)])];
}

// Gauss-Jordan elimination with partial pivoting on a copy of the normal equations (Solve).
// A column without a usable pivot is excluded and the whole system solved again, which is how
// RuleQuest handles collinear columns (R's lm would report them as aliased instead).
void Regression::solve(Coefficients& model)
{
    const int m = m_nModelAtt;
    const auto& ma = m_modelAtt;
    std::fill(model.begin() + 1, model.end(), 0.0);
    if (m == 0) {
        model[0] = m_xTy[0] / xTx(0, 0);
        return;
    }
    for (int j = 0; j <= m; ++j) {
        for (int k = 0; k <= j; ++k)
            a(j, k) = a(k, j)
                = xTx(ma[static_cast<std::size_t>(j)], ma[static_cast<std::size_t>(k)]);
        m_b[static_cast<std::size_t>(j)]
            = m_xTy[static_cast<std::size_t>(ma[static_cast<std::size_t>(j)])];
    }
    bool singular = false;
    for (int j = 0; j <= m; ++j) {
        // RuleQuest scans column j of xTx above the diagonal for the largest element, but only
        // the lower triangle is ever filled, so the scan sees just the diagonal entry.
        const int jj = ma[static_cast<std::size_t>(j)];
        const double minPivot = (m + 1) * std::fabs(xTx(jj, jj)) * 1e-12;
        int best = j;
        double pivot = std::fabs(a(j, j));
        for (int k = j + 1; k <= m; ++k)
            if (std::fabs(a(k, j)) > pivot) {
                best = k;
                pivot = std::fabs(a(k, j));
            }
        if (pivot < minPivot) { // no usable pivot: exclude this column and solve again
            m_zero[static_cast<std::size_t>(jj)] = 1;
            singular = true;
            continue;
        }
        if (best != j) {
            for (int col = 0; col <= m; ++col)
                std::swap(a(best, col), a(j, col));
            std::swap(m_b[static_cast<std::size_t>(best)], m_b[static_cast<std::size_t>(j)]);
        }
        pivot = a(j, j); // the actual pivot may be negative
        for (int k = j; k <= m; ++k)
            a(j, k) /= pivot;
        m_b[static_cast<std::size_t>(j)] /= pivot;
        for (int k = j + 1; k <= m; ++k) {
            const double factor = -a(k, j);
            for (int col = 0; col <= m; ++col)
                a(k, col) += factor * a(j, col);
            m_b[static_cast<std::size_t>(k)] += factor * m_b[static_cast<std::size_t>(j)];
        }
    }
    if (singular) {
        findActiveAtts();
        solve(model);
        return;
    }
    for (int j = m - 1; j >= 0; --j)
        for (int k = j + 1; k <= m; ++k)
            m_b[static_cast<std::size_t>(j)] -= a(j, k) * m_b[static_cast<std::size_t>(k)];
    for (int j = 0; j <= m; ++j)
        model[static_cast<std::size_t>(ma[static_cast<std::size_t>(j)])]
            = m_b[static_cast<std::size_t>(j)];
}

// Mean |y - LinModel| over the cases (AverageErr); LinModel is limited to [floor, ceiling].
double Regression::averageErr(int count, const Coefficients& model)
{
    useModel(model);
    double sum = 0;
    const bool unrolled = withSmallSize<0, 3>(
        m_terms.size(), [&](auto size) { sum = sumAbsErrors<decltype(size)::value>(count); });
    if (!unrolled)
        for (int i = 0; i < count; ++i)
            sum += std::fabs(value(i, 0) - clampTo(modelValue(i), m_g.floor, m_g.ceiling));
    return sum / static_cast<double>(count);
}

template <int K> void Regression::sumAbsDeviations(int count)
{
    std::array<int, K> place {};
    std::array<double, K> mean {}, sum {};
    for (std::size_t k = 0; k < K; ++k) {
        place[k] = m_places[k];
        mean[k] = m_sums[K + k];
    }
    for (int i = 0; i < count; ++i) {
        const float* x = gatheredRow(i);
        for (std::size_t k = 0; k < K; ++k)
            sum[k] += std::fabs(x[place[k]] - mean[k]);
    }
    std::copy(sum.begin(), sum.end(), m_sums.begin());
}

template <int T> double Regression::sumAbsErrors(int count) const
{
    std::array<int, T> place {};
    std::array<double, T> coefficient {};
    for (std::size_t t = 0; t < T; ++t)
        std::tie(place[t], coefficient[t]) = m_terms[t];
    double sum = 0;
    for (int i = 0; i < count; ++i) {
        const float* x = gatheredRow(i);
        double v = m_intercept; // modelValue, in its order
        for (std::size_t t = 0; t < T; ++t)
            v += coefficient[t] * x[place[t]];
        sum += std::fabs(x[0] - clampTo(static_cast<float>(v), m_g.floor, m_g.ceiling));
    }
    return sum;
}

// SimplifyModel: drop the coefficients one at a time, least contribution first, refitting each
// time, and keep the model with the lowest M5 adjusted error among the "stable" ones (no term
// contributing more than 1000 x the target's mean absolute deviation).
void Regression::simplify(int count, Coefficients& model)
{
    const double cases = count;
    double bestAdjErr = 1e10;
    bool haveBest = false;
    m_saveZero = m_zero;
    int drop = 0;
    do {
        // The coefficient contributing least (|coefficient| x mean |deviation|) goes next.
        bool stable = true;
        drop = 0;
        double leastContrib = 0;
        for (int k = 1; k <= m_nModelAtt; ++k) {
            const int att = m_modelAtt[static_cast<std::size_t>(k)];
            const double contrib = std::fabs(
                model[static_cast<std::size_t>(att)] * m_avDev[static_cast<std::size_t>(att)]);
            if (!drop || contrib < leastContrib) {
                drop = att;
                leastContrib = contrib;
            }
            if (contrib > 1000 * m_avDev[0])
                stable = false;
        }
        if (stable && cases >= 2 * m_nModelAtt) {
            const double adjErr
                = estimateErr(averageErr(count, model), cases, static_cast<float>(m_nModelAtt));
            if (adjErr <= bestAdjErr) { // ties: the simpler (later) model wins
                bestAdjErr = adjErr;
                m_best = model;
                haveBest = true;
            }
        }
        if (drop) {
            model[static_cast<std::size_t>(drop)] = 0;
            m_zero[static_cast<std::size_t>(drop)] = 1;
            findActiveAtts();
            solve(model);
        }
    } while (drop);
    // RuleQuest would copy a stale model if none qualified (errors above 1e10); keep the
    // intercept-only model from the last step instead.
    if (haveBest)
        model = m_best;
    m_zero = m_saveZero;
}

// The end of Regress: shift the intercept by the mean residual, then, if some residual exceeds
// 5 x the mean |residual|, remove those cases from the normal equations and solve and simplify
// again (the refit is not bias-shifted, as in RuleQuest).
void Regression::removeOutliers(int count, Coefficients& model)
{
    if (countCoefficients(model) == 1)
        return; // just a mean
    m_resid.resize(static_cast<std::size_t>(count));
    useModel(model);
    double sumR = 0, bias = 0;
    for (int i = 0; i < count; ++i) {
        double& resid = m_resid[static_cast<std::size_t>(i)];
        resid = value(i, 0) - clampTo(modelValue(i), m_g.floor, m_g.ceiling);
        sumR += std::fabs(resid);
        bias += resid;
    }
    const double avResid = sumR / count;
    model[0] += bias / count; // correct the bias caused by limiting to [floor, ceiling]

    // The kept cases move to the front of the gathered rows, in their order, for the refit.
    int kept = 0;
    bool first = true;
    const auto stride = static_cast<std::size_t>(m_stride);
    for (int i = 0; i < count; ++i) {
        if (std::fabs(m_resid[static_cast<std::size_t>(i)]) <= 5 * avResid) {
            if (kept != i)
                std::copy_n(gatheredRow(i), stride,
                    m_data.begin() + static_cast<std::ptrdiff_t>(kept * stride));
            ++kept;
            continue;
        }
        if (first) { // the tables still hold every candidate column: re-activate them
            findActiveAtts();
            activePlaces();
            first = false;
        }
        const float* x = gatheredRow(i);
        const float classVal = x[0];
        xTx(0, 0) -= 1.0;
        m_xTy[0] -= 1.0 * classVal;
        for (int jj = 1; jj <= m_nModelAtt; ++jj) {
            const int j = m_modelAtt[static_cast<std::size_t>(jj)];
            const float jVal = x[m_places[static_cast<std::size_t>(jj)]];
            m_xTy[static_cast<std::size_t>(j)] -= 1.0 * jVal * classVal;
            xTx(j, 0) -= 1.0 * jVal;
            for (int kk = 1; kk <= jj; ++kk) {
                const int k = m_modelAtt[static_cast<std::size_t>(kk)];
                xTx(j, k) -= 1.0 * jVal * x[m_places[static_cast<std::size_t>(kk)]];
            }
        }
    }
    if (kept < count) {
        solve(model);
        simplify(kept, model);
    }
}

} // namespace iolens::core::cubist

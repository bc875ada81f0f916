// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cubist_regress.hpp"

#include <cmath>
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
}

float Regression::value(int row, int j) const
{
    return j == 0 ? (*m_cls)[static_cast<std::size_t>(row)] : m_x.at(row, j - 1);
}

// RuleQuest Regress. Types follow RuleQuest: values are float, sums double, so the normal
// equations accumulate the same rounding. Weights are 1 (R's Cubist without case weights).
void Regression::fit(const int* rows, int count, const std::vector<float>& cls,
    const std::vector<char>& allowed, Coefficients& model)
{
    m_cls = &cls;
    model.assign(static_cast<std::size_t>(m_p1), 0.0);
    if (!selectCandidates(rows, count, allowed, model))
        return; // just the mean
    buildTables(rows, count);
    solve(model);
    simplify(std::vector<int>(rows, rows + count), model);
    removeOutliers(rows, count, model);
}

// First two data passes of Regress: candidate columns, then drop those (nearly) constant on
// these cases, then mean absolute deviations (they rank coefficients during simplification).
bool Regression::selectCandidates(
    const int* rows, int count, const std::vector<char>& allowed, Coefficients& model)
{
    m_nModelAtt = 0;
    m_modelAtt[0] = 0;
    m_mean[0] = m_var[0] = m_avDev[0] = 0;
    m_zero[0] = 0;
    for (int j = 1; j < m_p1; ++j) {
        const auto a = static_cast<std::size_t>(j - 1);
        const bool use = m_g.atts[a].kind == AttKind::Continuous && allowed[a];
        m_zero[static_cast<std::size_t>(j)] = !use;
        if (use) {
            m_modelAtt[static_cast<std::size_t>(++m_nModelAtt)] = j;
            m_mean[static_cast<std::size_t>(j)] = m_var[static_cast<std::size_t>(j)] = 0;
            m_avDev[static_cast<std::size_t>(j)] = 0;
        }
    }
    const double cases = count;
    for (int i = 0; i < count; ++i)
        for (int k = 0; k <= m_nModelAtt; ++k) {
            const auto j = static_cast<std::size_t>(m_modelAtt[static_cast<std::size_t>(k)]);
            const double v = value(rows[i], static_cast<int>(j));
            m_mean[j] += v;
            m_var[j] += v * v;
        }
    m_mean[0] /= cases;
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
    for (int i = 0; i < count; ++i)
        for (int k = 0; k <= m_nModelAtt; ++k) {
            const auto j = static_cast<std::size_t>(m_modelAtt[static_cast<std::size_t>(k)]);
            m_avDev[j] += std::fabs(value(rows[i], static_cast<int>(j)) - m_mean[j]);
        }
    for (int k = 0; k <= m_nModelAtt; ++k)
        m_avDev[static_cast<std::size_t>(m_modelAtt[static_cast<std::size_t>(k)])] /= cases;
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
void Regression::buildTables(const int* rows, int count)
{
    findActiveAtts();
    const auto& ma = m_modelAtt;
    for (int jj = 0; jj <= m_nModelAtt; ++jj) {
        const int j = ma[static_cast<std::size_t>(jj)];
        m_xTy[static_cast<std::size_t>(j)] = 0;
        for (int kk = 0; kk <= jj; ++kk)
            xTx(j, ma[static_cast<std::size_t>(kk)]) = 0;
    }
    for (int i = 0; i < count; ++i) {
        const int row = rows[i];
        const float classVal = value(row, 0);
        xTx(0, 0) += 1.0;
        m_xTy[0] += 1.0 * classVal;
        for (int jj = 1; jj <= m_nModelAtt; ++jj) {
            const int j = ma[static_cast<std::size_t>(jj)];
            const float jVal = value(row, j);
            m_xTy[static_cast<std::size_t>(j)] += 1.0 * jVal * classVal;
            xTx(j, 0) += 1.0 * jVal;
            for (int kk = 1; kk <= jj; ++kk) {
                const int k = ma[static_cast<std::size_t>(kk)];
                xTx(j, k) += 1.0 * jVal * value(row, k);
            }
        }
    }
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
double Regression::averageErr(const std::vector<int>& rows, const Coefficients& model) const
{
    double sum = 0;
    for (int row : rows)
        sum += std::fabs(
            value(row, 0) - clampTo(rawValue(model, m_x.row(row)), m_g.floor, m_g.ceiling));
    return sum / static_cast<double>(rows.size());
}

// SimplifyModel: drop the coefficients one at a time, least contribution first, refitting each
// time, and keep the model with the lowest M5 adjusted error among the "stable" ones (no term
// contributing more than 1000 x the target's mean absolute deviation).
void Regression::simplify(const std::vector<int>& rows, Coefficients& model)
{
    const double cases = static_cast<double>(rows.size());
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
                = estimateErr(averageErr(rows, model), cases, static_cast<float>(m_nModelAtt));
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
void Regression::removeOutliers(const int* rows, int count, Coefficients& model)
{
    if (countCoefficients(model) == 1)
        return; // just a mean
    std::vector<double> resid(static_cast<std::size_t>(count));
    double sumR = 0, bias = 0;
    for (int i = 0; i < count; ++i) {
        const int row = rows[i];
        resid[static_cast<std::size_t>(i)]
            = value(row, 0) - clampTo(rawValue(model, m_x.row(row)), m_g.floor, m_g.ceiling);
        sumR += std::fabs(resid[static_cast<std::size_t>(i)]);
        bias += resid[static_cast<std::size_t>(i)];
    }
    const double avResid = sumR / count;
    model[0] += bias / count; // correct the bias caused by limiting to [floor, ceiling]

    std::vector<int> kept;
    bool first = true;
    for (int i = 0; i < count; ++i) {
        const int row = rows[i];
        if (std::fabs(resid[static_cast<std::size_t>(i)]) <= 5 * avResid) {
            kept.push_back(row);
            continue;
        }
        if (first) { // the tables still hold every candidate column: re-activate them
            findActiveAtts();
            first = false;
        }
        const float classVal = value(row, 0);
        xTx(0, 0) -= 1.0;
        m_xTy[0] -= 1.0 * classVal;
        for (int jj = 1; jj <= m_nModelAtt; ++jj) {
            const int j = m_modelAtt[static_cast<std::size_t>(jj)];
            const float jVal = value(row, j);
            m_xTy[static_cast<std::size_t>(j)] -= 1.0 * jVal * classVal;
            xTx(j, 0) -= 1.0 * jVal;
            for (int kk = 1; kk <= jj; ++kk) {
                const int k = m_modelAtt[static_cast<std::size_t>(kk)];
                xTx(j, k) -= 1.0 * jVal * value(row, k);
            }
        }
    }
    if (static_cast<int>(kept.size()) < count) {
        solve(model);
        simplify(kept, model);
    }
}

} // namespace iolens::core::cubist

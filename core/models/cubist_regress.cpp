// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cubist_regress.hpp"

#include <algorithm>
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
    m_slot.assign(p1, -1);
    m_data.reserve(static_cast<std::size_t>(x.rows) * p1);
}

// RuleQuest Regress. Types follow RuleQuest: values are float, sums double, so the normal
// equations accumulate the same rounding. Weights are 1 (R's Cubist without case weights).
void Regression::fit(const int* rows, int count, const std::vector<float>& cls,
    const std::vector<char>& allowed, Coefficients& model)
{
    model.assign(static_cast<std::size_t>(m_p1), 0.0);
    gather(rows, count, cls, allowed);
    if (!selectCandidates(count, model))
        return; // just the mean
    buildTables(count);
    solve(model);
    simplify(count, model);
    removeOutliers(count, model);
}

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
    m_data.resize(static_cast<std::size_t>(count) * static_cast<std::size_t>(m_stride));
    float* out = m_data.data();
    for (int i = 0; i < count; ++i) {
        const int row = rows[i];
        const float* x = m_x.row(row);
        *out++ = cls[static_cast<std::size_t>(row)];
        for (int j : m_candidates)
            *out++ = x[j - 1];
    }
}

void Regression::dropExcluded(int count)
{
    std::vector<int>& kept = m_keptColumns;
    std::vector<int>& places = m_places;
    kept.clear();
    places.assign(1, 0);
    for (int j : m_candidates)
        if (!m_zero[static_cast<std::size_t>(j)]) {
            kept.push_back(j);
            places.push_back(m_slot[static_cast<std::size_t>(j)]);
        }
    if (kept.size() == m_candidates.size())
        return;
    const auto oldStride = static_cast<std::size_t>(m_stride);
    float* out = m_data.data();
    for (int i = 0; i < count; ++i) {
        const float* x = m_data.data() + static_cast<std::size_t>(i) * oldStride;
        for (int place : places) // the write never passes the read
            *out++ = x[place];
    }
    for (int j : m_candidates)
        m_slot[static_cast<std::size_t>(j)] = -1;
    std::swap(m_candidates, kept);
    for (std::size_t place = 1; place <= m_candidates.size(); ++place)
        m_slot[static_cast<std::size_t>(m_candidates[place - 1])] = static_cast<int>(place);
    m_stride = static_cast<int>(m_candidates.size()) + 1;
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

// First two data passes of Regress: candidate columns, then drop those (nearly) constant on
// these cases, then mean absolute deviations (they rank coefficients during simplification).
bool Regression::selectCandidates(int count, Coefficients& model)
{
    m_nModelAtt = 0;
    m_modelAtt[0] = 0;
    m_mean[0] = m_var[0] = m_avDev[0] = 0;
    m_zero[0] = 0;
    for (int j = 1; j < m_p1; ++j) {
        const bool use = m_slot[static_cast<std::size_t>(j)] >= 0;
        m_zero[static_cast<std::size_t>(j)] = !use;
        if (use) {
            m_modelAtt[static_cast<std::size_t>(++m_nModelAtt)] = j;
            m_mean[static_cast<std::size_t>(j)] = m_var[static_cast<std::size_t>(j)] = 0;
            m_avDev[static_cast<std::size_t>(j)] = 0;
        }
    }
    const double cases = count;
    // Sums per gathered place (the target and every candidate), each in case order as
    // RuleQuest sums them per attribute.
    const auto stride = static_cast<std::size_t>(m_stride);
    m_sums.assign(2 * stride, 0.0);
    for (int i = 0; i < count; ++i) {
        const float* x = gatheredRow(i);
        for (std::size_t place = 0; place < stride; ++place) {
            const double v = x[place];
            m_sums[place] += v;
            m_sums[stride + place] += v * v;
        }
    }
    for (int k = 0; k <= m_nModelAtt; ++k) {
        const auto j = static_cast<std::size_t>(m_modelAtt[static_cast<std::size_t>(k)]);
        const auto place = static_cast<std::size_t>(m_slot[j]);
        m_mean[j] = m_sums[place];
        m_var[j] = m_sums[stride + place];
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
    dropExcluded(count);
    // Mean absolute deviations of what is left, again per place in case order.
    const auto kept = static_cast<std::size_t>(m_stride);
    m_sums.assign(2 * kept, 0.0);
    for (std::size_t place = 0; place < kept; ++place)
        m_sums[kept + place]
            = m_mean[static_cast<std::size_t>(place == 0 ? 0 : m_candidates[place - 1])];
    for (int i = 0; i < count; ++i) {
        const float* x = gatheredRow(i);
        for (std::size_t place = 0; place < kept; ++place)
            m_sums[place] += std::fabs(x[place] - m_sums[kept + place]);
    }
    for (std::size_t place = 0; place < kept; ++place)
        m_avDev[static_cast<std::size_t>(place == 0 ? 0 : m_candidates[place - 1])] = m_sums[place];
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
// Each entry is summed in case order, as RuleQuest sums it, in a dense table of gathered places.
void Regression::buildTables(int count)
{
    findActiveAtts();
    const int m = m_nModelAtt;
    const auto m1 = static_cast<std::size_t>(m) + 1;
    activePlaces();
    const int* place = m_places.data();
    m_sums.assign(m1 * m1 + m1, 0.0); // [jj * m1 + kk] for kk <= jj, then X'y
    double* table = m_sums.data();
    double* xy = table + m1 * m1;
    for (int i = 0; i < count; ++i) {
        const float* x = gatheredRow(i);
        const float classVal = x[0];
        table[0] += 1.0;
        xy[0] += 1.0 * classVal;
        for (std::size_t jj = 1; jj < m1; ++jj) {
            const float jVal = x[place[jj]];
            double* tableRow = table + jj * m1;
            xy[jj] += 1.0 * jVal * classVal;
            tableRow[0] += 1.0 * jVal;
            for (std::size_t kk = 1; kk <= jj; ++kk)
                tableRow[kk] += 1.0 * jVal * x[place[kk]];
        }
    }
    const auto& ma = m_modelAtt;
    for (std::size_t jj = 0; jj < m1; ++jj) {
        m_xTy[static_cast<std::size_t>(ma[jj])] = xy[jj];
        for (std::size_t kk = 0; kk <= jj; ++kk)
            xTx(ma[jj], ma[kk]) = table[jj * m1 + kk];
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
    for (int i = 0; i < count; ++i)
        sum += std::fabs(value(i, 0) - clampTo(modelValue(i), m_g.floor, m_g.ceiling));
    return sum / static_cast<double>(count);
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

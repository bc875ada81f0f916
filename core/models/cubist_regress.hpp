// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cubist_data.hpp"

#include <utility>
#include <vector>

namespace iolens::core::cubist {

/// The linear model fitted at a tree node (RuleQuest regress.c; ALGORITHMS.md 4.4):
/// least squares by pivoted Gauss-Jordan elimination of the normal equations, then greedy
/// simplification by M5's adjusted error MAE (n+v)/(n-v), a bias shift, and one refit without
/// outliers (|residual| > 5 mean |residual|). One object per fit holds the scratch tables that
/// RuleQuest keeps in its global GEnv; it is not shared between threads.
class Regression {
public:
    /// `x` and `g` must outlive the object.
    Regression(const CaseTable& x, const Globals& g);

    /// Fits a model for the cases rows[0..count) on the target `cls` (indexed by row), using only
    /// the continuous columns a with allowed[a] != 0. Writes p+1 coefficients to `model`.
    /// Complexity O(count v^2 + v^4) for v usable columns.
    void fit(const int* rows, int count, const std::vector<float>& cls,
        const std::vector<char>& allowed, Coefficients& model);

private:
    /// Gathered value of "attribute" j (slot 0 the target, slot a+1 column a) for the i-th case
    /// of the current fit. Precondition: j is the target or a candidate column.
    float value(int i, int j) const
    {
        return m_data[static_cast<std::size_t>(i) * static_cast<std::size_t>(m_stride)
            + static_cast<std::size_t>(m_slot[static_cast<std::size_t>(j)])];
    }
    const float* gatheredRow(int i) const
    {
        return m_data.data() + static_cast<std::size_t>(i) * static_cast<std::size_t>(m_stride);
    }
    double& xTx(int j, int k)
    {
        return m_xTx[static_cast<std::size_t>(j) * static_cast<std::size_t>(m_p1)
            + static_cast<std::size_t>(k)];
    }
    double& a(int j, int k)
    {
        return m_a[static_cast<std::size_t>(j) * static_cast<std::size_t>(m_p1)
            + static_cast<std::size_t>(k)];
    }

    /// Copies the target and the candidate columns of the cases into m_data, row by row.
    void gather(const int* rows, int count, const std::vector<float>& cls,
        const std::vector<char>& allowed);
    /// Candidate columns, their means, variances and mean absolute deviations (first passes).
    bool selectCandidates(int count, Coefficients& model);
    void findActiveAtts();
    /// Sum of d_j d_k over the cases (d_0 = 1): an entry of X'X. j and k are the target's
    /// place 0 (here: the intercept) or candidates, k <= j.
    double moment(int j, int k) const;
    /// m_places[jj]: the gathered place of active slot jj.
    void activePlaces();
    void buildTables();
    void solve(Coefficients& model);
    /// Over the first `count` gathered cases.
    void simplify(int count, Coefficients& model);
    double averageErr(int count, const Coefficients& model);
    /// Sum of |target - limited model value| over the first `count` gathered cases, for a model
    /// with T nonzero terms (after useModel).
    template <int T> double sumAbsErrors(int count) const;
    /// m_sums[k] = sum of |value - mean| over the first `count` gathered cases for the K active
    /// places (means in m_sums[K + k]), each summed in case order.
    template <int K> void sumAbsDeviations(int count);
    /// Outlier pass of RuleQuest Regress: bias shift, then refit without outliers if any.
    void removeOutliers(int count, Coefficients& model);
    /// The model's value for gathered case i, rounded as rawValue rounds it.
    float modelValue(int i) const;
    /// Prepares modelValue: the gathered slots of the model's nonzero coefficients.
    void useModel(const Coefficients& model);

    const CaseTable& m_x;
    const Globals& m_g;
    int m_p1 = 1; ///< number of "attributes" incl. the target/intercept slot 0

    // The cases of the current fit, gathered so that every pass over them (about a dozen per
    // fit) reads contiguous memory: row i holds the target, then the candidate columns in
    // ascending column order.
    std::vector<float> m_data;
    int m_stride = 1;
    std::vector<int> m_slot;       ///< "attribute" j -> its place in a gathered row, -1 if absent
    std::vector<int> m_candidates; ///< candidate "attributes" j >= 1, ascending
    // modelValue's terms: the intercept, then (place, coefficient) of nonzero coefficients in
    // ascending column order, the order in which rawValue sums them.
    double m_intercept = 0;
    std::vector<std::pair<int, double>> m_terms;
    std::vector<double> m_resid;   ///< removeOutliers: residual of each gathered case
    std::vector<double> m_sums;    ///< per-place sums of one pass over the cases
    std::vector<int> m_places;     ///< scratch of activePlaces
    std::vector<double> m_moments; ///< gather's sums: X'X over the gathered places, then X'y

    std::vector<double> m_xTx, m_a; ///< normal equations (lower triangle) and working copy
    std::vector<double> m_xTy, m_b, m_mean, m_var, m_avDev, m_best;
    std::vector<char> m_zero, m_saveZero; ///< ZeroCoeff: slot excluded from the model
    std::vector<int> m_modelAtt;          ///< active slots, m_modelAtt[0] = 0 (intercept)
    int m_nModelAtt = 0;                  ///< active slots excluding the intercept
};

} // namespace iolens::core::cubist

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cubist_data.hpp"

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
    /// Value of "attribute" j for a row: j = 0 is the target, j = a+1 is column a.
    float value(int row, int j) const;
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

    /// Candidate columns, their means, variances and mean absolute deviations (first passes).
    bool selectCandidates(
        const int* rows, int count, const std::vector<char>& allowed, Coefficients& model);
    void findActiveAtts();
    void buildTables(const int* rows, int count);
    void solve(Coefficients& model);
    void simplify(const std::vector<int>& rows, Coefficients& model);
    double averageErr(const std::vector<int>& rows, const Coefficients& model) const;
    /// Outlier pass of RuleQuest Regress: bias shift, then refit without outliers if any.
    void removeOutliers(const int* rows, int count, Coefficients& model);

    const CaseTable& m_x;
    const Globals& m_g;
    const std::vector<float>* m_cls = nullptr;
    int m_p1 = 1; ///< number of "attributes" incl. the target/intercept slot 0

    std::vector<double> m_xTx, m_a; ///< normal equations (lower triangle) and working copy
    std::vector<double> m_xTy, m_b, m_mean, m_var, m_avDev, m_best;
    std::vector<char> m_zero, m_saveZero; ///< ZeroCoeff: slot excluded from the model
    std::vector<int> m_modelAtt;          ///< active slots, m_modelAtt[0] = 0 (intercept)
    int m_nModelAtt = 0;                  ///< active slots excluding the intercept
};

} // namespace iolens::core::cubist

// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/auto_composition.hpp"

#include "common/error.hpp"
#include "models/derived_features.hpp"

#include <cmath>

namespace iolens::core {

Eigen::ArrayXd readShares(const Eigen::MatrixXd& x, const FeatureSchema& base)
{
    const Eigen::Index j = base.numericColumn(Factor::ReadPct);
    if (j >= 0)
        return x.col(j).array() / 100.0;
    return Eigen::ArrayXd::Constant(
        x.rows(), numericValue(base.fixedValues(), Factor::ReadPct) / 100.0);
}

Eigen::VectorXd composeRate(const Eigen::MatrixXd& x, const FeatureSchema& base, Metric metric,
    const Eigen::VectorXd& logReadMs, const Eigen::VectorXd& logWriteMs)
{
    Eigen::VectorXd rate = littleOffset(x, base, metric);
    const Eigen::ArrayXd r = readShares(x, base);
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        double timeMs = 0.0;
        if (r(i) > 0.0) {
            if (i >= logReadMs.size())
                throw StateError("composeRate: no read response time for a row with reads");
            timeMs += r(i) * std::exp(logReadMs(i));
        }
        if (r(i) < 1.0) {
            if (i >= logWriteMs.size())
                throw StateError("composeRate: no write response time for a row with writes");
            timeMs += (1.0 - r(i)) * std::exp(logWriteMs(i));
        }
        rate(i) -= std::log(timeMs / 1000.0);
    }
    return rate;
}

} // namespace iolens::core

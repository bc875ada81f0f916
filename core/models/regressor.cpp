// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/regressor.hpp"

#include "common/error.hpp"

#include <cmath>

namespace iolens::core {

void setTrainingFit(FitReport& report, double rss, const Eigen::VectorXd& y)
{
    const double tss = (y.array() - y.mean()).square().sum();
    report.rows = static_cast<int>(y.size());
    report.trainingRmse = std::sqrt(rss / static_cast<double>(y.size()));
    report.rSquared = tss > 0.0 ? 1.0 - rss / tss : 1.0;
}

FitReport Regressor::fitMeasurements(
    const std::vector<AggregatedMeasurement>&, const FeatureSchema&, Metric, bool)
{
    throw StateError("technique '" + technique() + "' fits from a dataset, not from measurements");
}

} // namespace iolens::core

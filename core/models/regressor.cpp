// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/regressor.hpp"

#include "common/error.hpp"

namespace iolens::core {

FitReport Regressor::fitMeasurements(
    const std::vector<AggregatedMeasurement>&, const FeatureSchema&, Metric, bool)
{
    throw StateError("technique '" + technique() + "' fits from a dataset, not from measurements");
}

} // namespace iolens::core

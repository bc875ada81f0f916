// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"

#include <vector>

namespace iolens::core {

/// Measurements divided into what a model is trained on and what it must predict.
struct HoldoutSplit {
    std::vector<AggregatedMeasurement> train;
    std::vector<AggregatedMeasurement> test;
};

/// The paper's interpolation scenario over request size, for a dataset without split labels:
/// every request size strictly between the smallest and the largest measured is held out, so the
/// model must predict between the sizes it saw. Empty test with fewer than three sizes.
HoldoutSplit interpolationSplit(const std::vector<AggregatedMeasurement>& rows);

/// The extrapolation scenario over request size: the largest measured size is held out, so the
/// model must predict beyond the sizes it saw (ICPE'13: train on small requests, test above).
/// Empty test with fewer than two sizes.
HoldoutSplit extrapolationSplit(const std::vector<AggregatedMeasurement>& rows);

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"
#include "data/configuration_filter.hpp"

#include <optional>
#include <string>

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

/// The multi-VM scenario (ICPE'13 section 6.3): train on the one-VM measurements, test on those
/// with 2 or more VMs, which a one-VM model predicts through predictSpreadOverVms. Empty test
/// without multi-VM rows, empty train without one-VM rows.
HoldoutSplit multiVmSplit(const std::vector<AggregatedMeasurement>& rows);

/// A scenario chosen by label and rule (`iolens-cli evaluate --scenario "request_kib>32"`, the
/// paper's "train on request sizes up to 32 KiB, test above"): the rows whose split label is
/// `split` (when given) and which `filter` admits are tested, the others trained on. O(n).
HoldoutSplit selectionSplit(const std::vector<AggregatedMeasurement>& rows,
    const std::optional<std::string>& split, const ConfigurationFilter& filter);

} // namespace iolens::core

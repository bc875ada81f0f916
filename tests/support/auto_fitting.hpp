// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"
#include "models/auto_model.hpp"
#include "models/trained_model.hpp"

#include <vector>

namespace iolens::test {

/// `data` with y on the log scale, as TrainedModel passes it to auto.
core::Dataset logged(core::Dataset data);

/// An AutoModel fitted on `data` (y already on the log scale).
core::AutoModel fitted(const core::Dataset& data);

/// `auto` trained on `rows` for `metric` as `iolens-cli train` trains it.
core::TrainedModel autoTrainedOn(
    const std::vector<core::AggregatedMeasurement>& rows, core::Metric metric);

} // namespace iolens::test

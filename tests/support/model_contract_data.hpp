// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"
#include "models/trained_model.hpp"

#include <string>
#include <vector>

namespace iolens::test {

/// The rows the Regressor contract test trains every technique on: fio-local's "none" scheduler
/// rows with file sets up to 1 GiB, small enough that the slow techniques fit in about a second.
const std::vector<iolens::core::AggregatedMeasurement>& contractRows();
/// Their configurations, in the same order.
std::vector<iolens::core::Configuration> contractConfigurations();
/// The metric of the contract's models: read throughput, which every technique can model (the
/// conservation model predicts throughput and IOPS only).
iolens::core::Metric contractMetric();
/// `technique` with default parameters trained on `rows` for contractMetric() on the log scale.
iolens::core::TrainedModel trainContractModel(
    const std::string& technique, const std::vector<iolens::core::AggregatedMeasurement>& rows);
/// Where the frozen model files of format `version` live: tests/data/models/v<version>.
std::string frozenModelDirectory(int version);

} // namespace iolens::test

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/measurement_database.hpp"

#include <optional>
#include <string>

namespace iolens::cli {

/// Says on standard error when a command given no --dataset reads a database of several: their
/// runs are pooled, those of one configuration averaged as repeats of it. fio-local and
/// fio-tiered share 106 configurations, and lm trained on both at once had R^2 0.40 (0.885 on
/// fio-tiered alone) without a word. A note, not a refusal: pooling datasets of one system
/// measured in several sessions is what a user may mean.
void notePooledDatasets(
    core::MeasurementDatabase& db, const std::optional<std::string>& dataset, const char* command);

} // namespace iolens::cli

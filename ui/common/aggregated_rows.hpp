// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"

#include <memory>
#include <vector>

namespace iolens::ui {

/// A dataset's runs with repetitions averaged (core::aggregateRepetitions, in order of first
/// appearance), computed once per dataset and shared read-only by the models' lookup, their
/// training rows and the search: at a million configurations a copy is about 380 MB.
using AggregatedRows = std::shared_ptr<const std::vector<core::AggregatedMeasurement>>;

inline AggregatedRows aggregatedRows(const std::vector<core::Measurement>& runs)
{
    return std::make_shared<const std::vector<core::AggregatedMeasurement>>(
        core::aggregateRepetitions(runs));
}

/// `rows`, or no rows for null: holders keep a non-null pointer.
inline AggregatedRows orNoRows(AggregatedRows rows)
{
    return rows ? std::move(rows)
                : std::make_shared<const std::vector<core::AggregatedMeasurement>>();
}

} // namespace iolens::ui

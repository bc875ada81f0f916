// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"
#include "whatif/data_distance.hpp"

#include <map>
#include <vector>

namespace iolens::ui {

/// The measured configurations of a dataset, repetitions averaged, found by exact configuration:
/// the "measured" column of the prediction panel. Exact match only, because a neighbour's value
/// shown as "measured" would pass a guess off as data.
class MeasuredLookup {
public:
    MeasuredLookup() = default;
    /// Aggregates `runs`. O(n log n).
    explicit MeasuredLookup(const std::vector<core::Measurement>& runs);

    /// The measurement of exactly `config`, or nullptr. O(log n).
    const core::AggregatedMeasurement* find(const core::Configuration& config) const;
    const std::vector<core::AggregatedMeasurement>& all() const { return m_rows; }
    /// The rows' configurations for distance questions (indices as in all()).
    const core::MeasuredSpace& space() const { return m_space; }

private:
    std::vector<core::AggregatedMeasurement> m_rows;
    std::map<core::Configuration, std::size_t> m_index;
    core::MeasuredSpace m_space;
};

} // namespace iolens::ui

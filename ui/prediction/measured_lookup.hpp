// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/aggregated_rows.hpp"
#include "whatif/data_distance.hpp"

#include <cstdint>
#include <vector>

namespace iolens::ui {

/// The measured configurations of a dataset, repetitions averaged, found by exact configuration:
/// the "measured" column of the prediction panel. Exact match only, because a neighbour's value
/// shown as "measured" would pass a guess off as data.
class MeasuredLookup {
public:
    MeasuredLookup();
    /// Aggregates `runs`. O(n log n).
    explicit MeasuredLookup(const std::vector<core::Measurement>& runs);
    /// Shares rows aggregated already (null: none). O(n log n) for the index.
    explicit MeasuredLookup(AggregatedRows rows);

    /// The measurement of exactly `config`, or nullptr. O(log n).
    const core::AggregatedMeasurement* find(const core::Configuration& config) const;
    const std::vector<core::AggregatedMeasurement>& all() const { return *m_rows; }
    /// The shared rows themselves, for holders that keep them (never null).
    const AggregatedRows& shared() const { return m_rows; }
    /// Indices into all() in configuration order.
    const std::vector<std::uint32_t>& inConfigurationOrder() const { return m_byConfig; }
    /// The rows' configurations for distance questions (indices as in all()).
    const core::MeasuredSpace& space() const { return m_space; }

private:
    AggregatedRows m_rows;
    /// Row indices in configuration order, searched by bisection: a map of a million
    /// configurations would hold another copy of each.
    std::vector<std::uint32_t> m_byConfig;
    core::MeasuredSpace m_space;
};

} // namespace iolens::ui

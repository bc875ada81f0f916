// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/measured_lookup.hpp"

#include <algorithm>
#include <numeric>

namespace iolens::ui {

MeasuredLookup::MeasuredLookup()
    : m_rows(orNoRows(nullptr))
{
}

MeasuredLookup::MeasuredLookup(const std::vector<core::Measurement>& runs)
    : MeasuredLookup(aggregatedRows(runs))
{
}

MeasuredLookup::MeasuredLookup(AggregatedRows rows)
    : m_rows(orNoRows(std::move(rows)))
{
    const std::vector<core::AggregatedMeasurement>& all = *m_rows;
    m_byConfig.resize(all.size());
    std::iota(m_byConfig.begin(), m_byConfig.end(), std::uint32_t {0});
    std::sort(m_byConfig.begin(), m_byConfig.end(),
        [&all](std::uint32_t a, std::uint32_t b) { return all[a].config < all[b].config; });
    std::vector<core::Configuration> configs;
    configs.reserve(all.size());
    for (const core::AggregatedMeasurement& row : all)
        configs.push_back(row.config);
    m_space = core::MeasuredSpace(configs);
}

const core::AggregatedMeasurement* MeasuredLookup::find(const core::Configuration& config) const
{
    const std::vector<core::AggregatedMeasurement>& all = *m_rows;
    const auto it = std::lower_bound(m_byConfig.begin(), m_byConfig.end(), config,
        [&all](std::uint32_t row, const core::Configuration& c) { return all[row].config < c; });
    return it != m_byConfig.end() && all[*it].config == config ? &all[*it] : nullptr;
}

} // namespace iolens::ui

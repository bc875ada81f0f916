// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/measured_lookup.hpp"

namespace iolens::ui {

MeasuredLookup::MeasuredLookup(const std::vector<core::Measurement>& runs)
    : m_rows(core::aggregateRepetitions(runs))
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        m_index.emplace(m_rows[i].config, i);
    std::vector<core::Configuration> configs;
    configs.reserve(m_rows.size());
    for (const core::AggregatedMeasurement& row : m_rows)
        configs.push_back(row.config);
    m_space = core::MeasuredSpace(configs);
}

const core::AggregatedMeasurement* MeasuredLookup::find(const core::Configuration& config) const
{
    const auto it = m_index.find(config);
    return it == m_index.end() ? nullptr : &m_rows[it->second];
}

} // namespace iolens::ui

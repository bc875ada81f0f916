// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/mars_parent_queue.hpp"

#include <algorithm>

namespace iolens::core::detail {

void ParentQueue::append(int stamp, double gain, bool sort, double fastBeta)
{
    Entry entry;
    entry.slot = static_cast<int>(m_entries.size());
    entry.gain = gain;
    entry.stamp = stamp;
    m_entries.push_back(entry);
    if (!sort)
        return;
    // Both comparisons are total orders (the slot breaks every tie), so the result does not
    // depend on the sort algorithm, just as earth's two qsort calls do not.
    m_sorted = m_entries;
    std::sort(m_sorted.begin(), m_sorted.end(), [](const Entry& a, const Entry& b) {
        if (a.gain != b.gain)
            return a.gain > b.gain;
        return a.slot < b.slot;
    });
    if (!(fastBeta > 0.0))
        return;
    for (std::size_t rank = 0; rank < m_sorted.size(); ++rank)
        m_sorted[rank].agedRank
            = static_cast<double>(rank) + fastBeta * (stamp - m_sorted[rank].stamp);
    std::sort(m_sorted.begin(), m_sorted.end(), [](const Entry& a, const Entry& b) {
        if (a.agedRank != b.agedRank)
            return a.agedRank < b.agedRank;
        if (a.gain != b.gain)
            return a.gain > b.gain;
        return a.slot < b.slot;
    });
}

void ParentQueue::update(int slot, int stamp, double gain)
{
    Entry& entry = m_entries.at(static_cast<std::size_t>(slot));
    entry.stamp = stamp;
    entry.gain = gain;
}

std::vector<int> ParentQueue::parents(int fastK) const
{
    const std::size_t count = std::min(m_sorted.size(), static_cast<std::size_t>(fastK));
    std::vector<int> slots(count);
    for (std::size_t i = 0; i < count; ++i)
        slots[i] = m_sorted[i].slot;
    return slots;
}

} // namespace iolens::core::detail

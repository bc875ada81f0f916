// SPDX-License-Identifier: GPL-3.0-or-later
#include "traces/lru_stack.hpp"

#include <algorithm>
#include <utility>

namespace iolens::core {

namespace {
constexpr std::size_t kInitialCapacity = 1 << 16;
} // namespace

void LruStack::add(std::size_t position, int delta)
{
    for (std::size_t i = position + 1; i <= m_tree.size(); i += i & (~i + 1))
        m_tree[i - 1] += delta;
}

std::int64_t LruStack::prefix(std::size_t position) const
{
    std::int64_t sum = 0;
    for (std::size_t i = position; i > 0; i -= i & (~i + 1))
        sum += m_tree[i - 1];
    return sum;
}

// Renumbers the live marks 0..k-1 in their order and rebuilds the tree with room to spare.
void LruStack::compact()
{
    std::vector<std::pair<std::size_t, std::int64_t>> live;
    live.reserve(m_last.size());
    for (const auto& [unit, position] : m_last)
        live.emplace_back(position, unit);
    std::sort(live.begin(), live.end());
    m_tree.assign(std::max(kInitialCapacity, 2 * live.size() + 1), 0);
    for (std::size_t i = 0; i < live.size(); ++i) {
        m_last[live[i].second] = i;
        add(i, 1);
    }
    m_next = live.size();
}

std::int64_t LruStack::access(std::int64_t unit)
{
    if (m_next >= m_tree.size())
        compact();
    std::int64_t distance = -1;
    const auto found = m_last.find(unit);
    if (found != m_last.end()) {
        distance = prefix(m_next) - prefix(found->second + 1);
        add(found->second, -1);
        found->second = m_next;
    } else {
        m_last.emplace(unit, m_next);
    }
    add(m_next, 1);
    ++m_next;
    return distance;
}

} // namespace iolens::core

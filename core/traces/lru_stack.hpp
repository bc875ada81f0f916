// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace iolens::core {

/// Exact LRU stack distances (Mattson et al. 1970) in O(log n) per access: a Fenwick tree over
/// access positions marks each unit's most recent access, so the distance of an access is the
/// number of marks after the unit's previous one (the distinct units touched since). Positions
/// are renumbered when the tree fills, so memory grows with the distinct units, not the trace.
class LruStack {
public:
    /// Records an access to `unit`; returns its stack distance (0: the most recently used unit)
    /// or -1 for a first access. An LRU cache of C units hits exactly when the distance < C.
    std::int64_t access(std::int64_t unit);
    std::size_t distinctUnits() const { return m_last.size(); }

private:
    void add(std::size_t position, int delta);
    std::int64_t prefix(std::size_t position) const; // marks in [0, position)
    void compact();

    std::unordered_map<std::int64_t, std::size_t> m_last; ///< unit -> position of its last access
    std::vector<int> m_tree;                              ///< Fenwick tree, 1-based inside
    std::size_t m_next = 0;                               ///< position of the next access
};

} // namespace iolens::core

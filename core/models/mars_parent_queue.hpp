// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to the MARS forward pass: Friedman's Fast MARS parent queue as earth implements it
// (ALGORITHMS.md 2.4; earth InitQ, AddTermToQ, UpdateRssDeltaInQ, GetNextParent).

#include <vector>

namespace iolens::core::detail {

/// Orders candidate parent terms by the RSS drop they gave when last examined, aged by how many
/// steps ago that was. Entry q always refers to term slot q. Entries are appended one per added
/// term, while a step always uses two slots; so after a single-term step the queue holds an unused
/// slot and lacks the newest term until later steps add entries. earth behaves exactly so, and the
/// order of parents decides ties and, with fastK, which parents are searched at all.
class ParentQueue {
public:
    /// Appends the entry for the next slot with `gain` (earth: +inf for new terms) and age stamp
    /// `stamp` (the first slot of the current step). With `sort`, re-sorts: by gain descending
    /// (ties: slot ascending) to get ranks r, then by r + fastBeta (stamp - entry stamp)
    /// ascending (ties: gain descending, slot ascending). O(q log q).
    void append(int stamp, double gain, bool sort, double fastBeta);
    /// Records the best gain found for parent `slot` in the step that started at `stamp`.
    void update(int slot, int stamp, double gain);
    /// Slots of the first min(size, fastK) entries in queue order.
    std::vector<int> parents(int fastK) const;

private:
    struct Entry {
        int slot = 0;
        double gain = -1.0;
        int stamp = 0;
        double agedRank = -1.0;
    };
    std::vector<Entry> m_entries; // by slot
    std::vector<Entry> m_sorted;  // queue order, as of the last sort
};

} // namespace iolens::core::detail

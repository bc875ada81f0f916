// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cubist_instances.hpp"

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

namespace iolens::core::cubist {

/// Each case's nearest instances (nearestInstances) for some neighbour counts K.
struct NearestTable {
    /// byK[K] (K = 0..9): one selection per case, or empty where K was not computed.
    std::vector<std::vector<NearestInstances>> byK;

    bool has(int neighbors) const;
};

/// The selections of `cases` among `instances` (scaled by `atts`) for each K in `neighbors`
/// (1..9): one distance pass per case serves every K. O(m n p + m n |neighbors|).
NearestTable nearestTable(const Instances& instances, const std::vector<Attribute>& atts,
    const CaseTable& cases, const std::vector<int>& neighbors);

/// Nearest tables for every K (1..9), kept for models whose instances are the same. The
/// optimizer's fits on one fold differ in rules and committees, never in their training cases,
/// and the neighbour search was 8 % of the grouped-CV search's instructions when every fit's
/// committee table searched again. Tables are found by content (the instances' values, scales and
/// MAXD, and the cases), not by identity, so a model on other data can never read another's table.
/// Safe to share between threads. Keeps at most `maxBytes` of tables and keys; past that, tables
/// are made and not kept.
class NearestCache {
public:
    explicit NearestCache(std::size_t maxBytes = std::size_t {64} << 20);

    /// nearestTable(instances, atts, cases, {1..9}), made at most once while it is kept.
    std::shared_ptr<const NearestTable> table(
        const Instances& instances, const std::vector<Attribute>& atts, const CaseTable& cases);

    /// Tables kept (for tests).
    std::size_t size() const;

private:
    struct Key {
        std::vector<float> instances; ///< instance values, row-major
        std::vector<float> scales;    ///< per column: kind, levels, sd
        float maxd = 0.f;
        std::vector<float> cases; ///< case values, row-major
        int columns = 0;
        bool operator==(const Key& other) const;
    };
    struct Entry {
        std::size_t hash = 0;
        Key key;
        std::shared_ptr<const NearestTable> table;
    };
    static Key keyOf(
        const Instances& instances, const std::vector<Attribute>& atts, const CaseTable& cases);
    static std::size_t hashOf(const Key& key);

    mutable std::mutex m_mutex;
    std::vector<Entry> m_entries;
    std::size_t m_bytes = 0;
    std::size_t m_maxBytes;
};

} // namespace iolens::core::cubist

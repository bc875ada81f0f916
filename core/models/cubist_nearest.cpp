// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cubist_nearest.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string_view>

namespace iolens::core::cubist {

namespace {

constexpr int kMaxNeighbors = 9; // Cubist's largest neighbour count

bool sameBits(const std::vector<float>& a, const std::vector<float>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

std::size_t bytesHash(const std::vector<float>& values)
{
    return std::hash<std::string_view> {}(std::string_view(
        reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float)));
}

} // namespace

bool NearestTable::has(int neighbors) const
{
    return neighbors >= 1 && static_cast<std::size_t>(neighbors) < byK.size()
        && !byK[static_cast<std::size_t>(neighbors)].empty();
}

NearestTable nearestTable(const Instances& instances, const std::vector<Attribute>& atts,
    const CaseTable& cases, const std::vector<int>& neighbors)
{
    NearestTable table;
    table.byK.resize(kMaxNeighbors + 1);
    if (cases.rows == 0)
        return table;
    for (const int k : neighbors)
        table.byK.at(static_cast<std::size_t>(k)).resize(static_cast<std::size_t>(cases.rows));
    for (int i = 0; i < cases.rows; ++i) {
        const std::vector<float> d = instanceDistances(instances, cases.row(i), atts);
        for (const int k : neighbors)
            table.byK[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)]
                = nearestInstances(instances, d.data(), k);
    }
    return table;
}

NearestCache::NearestCache(std::size_t maxBytes)
    : m_maxBytes(maxBytes)
{
}

bool NearestCache::Key::operator==(const Key& other) const
{
    return columns == other.columns
        && std::bit_cast<std::uint32_t>(maxd) == std::bit_cast<std::uint32_t>(other.maxd)
        && sameBits(scales, other.scales) && sameBits(cases, other.cases)
        && sameBits(instances, other.instances);
}

NearestCache::Key NearestCache::keyOf(
    const Instances& instances, const std::vector<Attribute>& atts, const CaseTable& cases)
{
    Key key;
    key.instances = instances.x.values;
    for (const Attribute& att : atts) { // what distance() reads of a column
        key.scales.push_back(static_cast<float>(att.kind));
        key.scales.push_back(static_cast<float>(att.levels));
        key.scales.push_back(att.sd);
    }
    key.maxd = instances.maxd;
    key.cases = cases.values;
    key.columns = cases.cols;
    return key;
}

std::size_t NearestCache::hashOf(const Key& key)
{
    std::size_t h = bytesHash(key.instances);
    for (const std::size_t part : {bytesHash(key.scales), bytesHash(key.cases),
             std::hash<float> {}(key.maxd), std::hash<int> {}(key.columns)})
        h ^= part + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
}

std::shared_ptr<const NearestTable> NearestCache::table(
    const Instances& instances, const std::vector<Attribute>& atts, const CaseTable& cases)
{
    Key key = keyOf(instances, atts, cases);
    const std::size_t hash = hashOf(key);
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        for (const Entry& entry : m_entries)
            if (entry.hash == hash && entry.key == key)
                return entry.table;
    }
    // Made outside the lock: two threads may make the same table; both are equal, one is kept.
    auto made = std::make_shared<const NearestTable>(
        nearestTable(instances, atts, cases, {1, 2, 3, 4, 5, 6, 7, 8, 9}));
    const std::size_t bytes
        = (key.instances.size() + key.scales.size() + key.cases.size()) * sizeof(float)
        + static_cast<std::size_t>(cases.rows) * kMaxNeighbors * sizeof(NearestInstances);
    const std::lock_guard<std::mutex> lock(m_mutex);
    for (const Entry& entry : m_entries)
        if (entry.hash == hash && entry.key == key)
            return entry.table;
    if (m_bytes + bytes <= m_maxBytes) {
        m_bytes += bytes;
        m_entries.push_back({hash, std::move(key), made});
    }
    return made;
}

std::size_t NearestCache::size() const
{
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_entries.size();
}

} // namespace iolens::core::cubist

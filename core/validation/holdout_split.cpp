// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/holdout_split.hpp"

#include <functional>
#include <set>

namespace iolens::core {

namespace {

HoldoutSplit splitBySize(const std::vector<AggregatedMeasurement>& rows,
    const std::function<bool(std::int64_t, const std::set<std::int64_t>&)>& held)
{
    std::set<std::int64_t> sizes;
    for (const AggregatedMeasurement& row : rows)
        sizes.insert(row.config.requestBytes);
    HoldoutSplit split;
    for (const AggregatedMeasurement& row : rows)
        (held(row.config.requestBytes, sizes) ? split.test : split.train).push_back(row);
    return split;
}

} // namespace

HoldoutSplit interpolationSplit(const std::vector<AggregatedMeasurement>& rows)
{
    return splitBySize(rows, [](std::int64_t size, const std::set<std::int64_t>& sizes) {
        return sizes.size() >= 3 && size != *sizes.begin() && size != *sizes.rbegin();
    });
}

HoldoutSplit extrapolationSplit(const std::vector<AggregatedMeasurement>& rows)
{
    return splitBySize(rows, [](std::int64_t size, const std::set<std::int64_t>& sizes) {
        return sizes.size() >= 2 && size == *sizes.rbegin();
    });
}

HoldoutSplit multiVmSplit(const std::vector<AggregatedMeasurement>& rows)
{
    HoldoutSplit split;
    for (const AggregatedMeasurement& row : rows)
        (row.config.vms >= 2 ? split.test : split.train).push_back(row);
    return split;
}

HoldoutSplit selectionSplit(const std::vector<AggregatedMeasurement>& rows,
    const std::optional<std::string>& split, const ConfigurationFilter& filter)
{
    HoldoutSplit result;
    for (const AggregatedMeasurement& row : rows) {
        const bool chosen = (!split || row.split == *split) && filter.admits(row.config);
        (chosen ? result.test : result.train).push_back(row);
    }
    return result;
}

} // namespace iolens::core

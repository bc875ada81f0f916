// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/conservation_check.hpp"

#include "common/error.hpp"

#include <cmath>

namespace iolens::core {

ConservationCheck checkConservation(const std::vector<AggregatedMeasurement>& rows)
{
    if (rows.empty())
        throw DataError("conservation check: no measurements");
    std::vector<Configuration> configs;
    configs.reserve(rows.size());
    for (const AggregatedMeasurement& row : rows)
        configs.push_back(row.config);
    ConservationModel model;
    model.fitMeasurements(
        rows, FeatureSchema::fromConfigurations(configs), Metric::IopsRead, false);

    ConservationCheck check;
    check.tables = model.tables();
    for (const auto& table : check.tables)
        check.measurementsUsed += 2 * static_cast<int>(table.second.size());
    for (const AggregatedMeasurement& row : rows) {
        if (row.config.readPct <= 0.0 || row.config.readPct >= 100.0)
            continue;
        const auto read = directionIops(row, true, Metric::IopsRead);
        const auto write = directionIops(row, false, Metric::IopsRead);
        if (!read || !write)
            continue;
        SizeCapacity capacity;
        try {
            capacity = model.capacity(row.config);
        } catch (const DataError&) {
            ++check.mixesWithoutCapacity;
            continue;
        }
        ConservationMix mix;
        mix.config = row.config;
        mix.writeCost = capacity.writeCost();
        mix.readIops = *read;
        mix.writeIops = *write;
        mix.capacityRatio = (*read + mix.writeCost * *write) / capacity.readIops;
        const double R = row.config.readPct;
        mix.predictedTotalIops = 100.0 * capacity.readIops / (R + (100.0 - R) * mix.writeCost);
        const double measured = *read + *write;
        mix.relativeError = std::fabs(mix.predictedTotalIops - measured) / measured;
        check.meanCapacityDeviation += std::fabs(mix.capacityRatio - 1.0);
        check.meanRelativeError += mix.relativeError;
        check.mixes.push_back(mix);
    }
    if (!check.mixes.empty()) {
        check.meanCapacityDeviation /= static_cast<double>(check.mixes.size());
        check.meanRelativeError /= static_cast<double>(check.mixes.size());
    }
    return check;
}

nlohmann::json conservationJson(const ConservationCheck& check)
{
    nlohmann::json tables = nlohmann::json::array();
    for (const auto& [config, sizes] : check.tables) {
        nlohmann::json entry {{"scheduler", config.scheduler},
            {"fileset_bytes", config.filesetBytes}, {"pattern", patternName(config.pattern)},
            {"threads", config.threads}, {"vms", config.vms}, {"sizes", nlohmann::json::array()}};
        for (const SizeCapacity& c : sizes)
            entry["sizes"].push_back({{"request_kib", c.requestKib}, {"t100r_iops", c.readIops},
                {"t100w_iops", c.writeIops}, {"f_rw", c.writeCost()}});
        tables.push_back(std::move(entry));
    }
    nlohmann::json mixes = nlohmann::json::array();
    for (const ConservationMix& m : check.mixes)
        mixes.push_back({{"scheduler", m.config.scheduler},
            {"fileset_bytes", m.config.filesetBytes}, {"request_bytes", m.config.requestBytes},
            {"pattern", patternName(m.config.pattern)}, {"read_pct", m.config.readPct},
            {"f_rw", m.writeCost}, {"read_iops", m.readIops}, {"write_iops", m.writeIops},
            {"capacity_ratio", m.capacityRatio}, {"predicted_total_iops", m.predictedTotalIops},
            {"relative_error", m.relativeError}});
    return {{"measurements_used", check.measurementsUsed}, {"mixes", std::move(mixes)},
        {"mixes_without_capacity", check.mixesWithoutCapacity},
        {"mean_capacity_deviation", check.meanCapacityDeviation},
        {"mean_relative_error", check.meanRelativeError}, {"tables", std::move(tables)}};
}

} // namespace iolens::core

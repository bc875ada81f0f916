// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/model_contract_data.hpp"

#include "data/measurement_csv.hpp"
#include "models/regressor_registry.hpp"
#include "support/test_data.hpp"

namespace iolens::test {

using namespace iolens::core;

const std::vector<AggregatedMeasurement>& contractRows()
{
    static const std::vector<AggregatedMeasurement> rows = [] {
        std::vector<AggregatedMeasurement> kept;
        for (const auto& row : aggregateRepetitions(readMeasurementsCsv(localCsvPath())))
            if (row.config.scheduler == "none" && row.config.filesetBytes <= (1LL << 30))
                kept.push_back(row);
        return kept;
    }();
    return rows;
}

std::vector<Configuration> contractConfigurations()
{
    std::vector<Configuration> configs;
    for (const auto& row : contractRows())
        configs.push_back(row.config);
    return configs;
}

Metric contractMetric()
{
    return Metric::TpReadMbs;
}

TrainedModel trainContractModel(
    const std::string& technique, const std::vector<AggregatedMeasurement>& rows)
{
    return TrainedModel::train(createRegressor(technique), rows, {contractMetric(), true});
}

std::string frozenModelDirectory(int version)
{
    return sourcePath("tests/data/models/v" + std::to_string(version));
}

} // namespace iolens::test

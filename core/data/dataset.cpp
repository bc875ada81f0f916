// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/dataset.hpp"

#include "common/error.hpp"

namespace iolens::core {

Dataset buildDataset(const std::vector<AggregatedMeasurement>& data, Metric metric)
{
    Dataset dataset;
    dataset.metric = metric;
    std::vector<double> values;
    for (const AggregatedMeasurement& m : data) {
        if (const auto value = m.value(metric)) {
            dataset.configs.push_back(m.config);
            values.push_back(*value);
        }
    }
    if (values.size() < 2)
        throw DataError("training data: only " + std::to_string(values.size())
            + " measured configuration(s) have " + std::string(metricName(metric)));
    dataset.schema = FeatureSchema::fromConfigurations(dataset.configs);
    dataset.x = dataset.schema.encode(dataset.configs);
    dataset.y
        = Eigen::Map<Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
    return dataset;
}

} // namespace iolens::core

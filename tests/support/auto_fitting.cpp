// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/auto_fitting.hpp"

#include "models/regressor_registry.hpp"

namespace iolens::test {

using namespace core;

Dataset logged(Dataset data)
{
    data.y = data.y.array().log();
    return data;
}

AutoModel fitted(const Dataset& data)
{
    AutoModel model;
    model.fit(data);
    return model;
}

TrainedModel autoTrainedOn(const std::vector<AggregatedMeasurement>& rows, Metric metric)
{
    TrainingOptions options;
    options.metric = metric;
    return TrainedModel::train(createRegressor("auto"), rows, options);
}

} // namespace iolens::test

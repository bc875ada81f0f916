// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/cubist_test_data.hpp"

#include "data/aggregation.hpp"
#include "data/measurement_csv.hpp"
#include "support/test_data.hpp"

#include <cstring>

namespace iolens::test {

using namespace iolens::core;

Dataset realDataset(const QString& source, Metric metric)
{
    const std::string path
        = source == "local" ? iolens::test::localCsvPath() : iolens::test::tieredCsvPath();
    Dataset data = buildDataset(aggregateRepetitions(readMeasurementsCsv(path)), metric);
    data.y = data.y.array().log(); // the app's default response scale
    return data;
}

bool sameBits(const Eigen::VectorXd& a, const Eigen::VectorXd& b)
{
    return a.size() == b.size()
        && std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<std::size_t>(a.size()))
        == 0;
}

Eigen::MatrixXd probeRows(const Dataset& data)
{
    Eigen::MatrixXd probe(2 * data.rows(), data.cols());
    probe.topRows(data.rows()) = data.x;
    Eigen::MatrixXd shifted = data.x;
    for (std::size_t j = 0; j < data.schema.size(); ++j)
        if (!data.schema.columns()[j].categorical())
            shifted.col(static_cast<Eigen::Index>(j)) *= 1.07;
    probe.bottomRows(data.rows()) = shifted;
    return probe;
}

Cubist fitted(const Dataset& data, int committees, int neighbors, int rules)
{
    CubistParams params;
    params.committees = committees;
    params.neighbors = neighbors;
    params.rules = rules;
    Cubist model(params);
    model.fit(data);
    return model;
}

} // namespace iolens::test

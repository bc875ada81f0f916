// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/grid_data.hpp"

#include "support/test_data.hpp"

#include <cmath>
#include <random>

namespace iolens::test {

using namespace iolens::core;

Dataset gridDataset(const GridSpec& spec)
{
    std::vector<Configuration> configs;
    std::vector<double> y;
    std::mt19937_64 rng(spec.seed);
    std::normal_distribution<double> noise(0.0, 1.0);
    for (double request : spec.requestKib)
        for (double fileset : spec.filesetMib)
            for (double read : spec.readPct)
                for (int threads : spec.threads) {
                    Configuration c;
                    c.threads = threads;
                    setNumericValue(c, Factor::RequestBytes, request);
                    setNumericValue(c, Factor::FilesetBytes, fileset);
                    c.readPct = read;
                    configs.push_back(c);
                    y.push_back(std::log(spec.metric(c)) + spec.noiseSd * noise(rng));
                }
    return datasetFromConfigurations(
        configs, Eigen::Map<Eigen::VectorXd>(y.data(), static_cast<Eigen::Index>(y.size())));
}

} // namespace iolens::test

// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/training_sample.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <map>
#include <random>

namespace iolens::core {

std::vector<std::size_t> sampleIndices(std::size_t total, std::size_t limit, std::uint64_t seed)
{
    std::vector<std::size_t> order(total);
    for (std::size_t i = 0; i < total; ++i)
        order[i] = i;
    if (total <= limit)
        return order;
    // The first `limit` places of a partial Fisher-Yates shuffle. The modulo's bias is below
    // total / 2^64, far under anything a sample could show.
    std::mt19937_64 engine(seed);
    for (std::size_t i = 0; i < limit; ++i) {
        const std::size_t j = i + static_cast<std::size_t>(engine() % (total - i));
        std::swap(order[i], order[j]);
    }
    order.resize(limit);
    std::sort(order.begin(), order.end());
    return order;
}

ConfigurationSample sampleConfigurations(
    const std::vector<Measurement>& runs, std::size_t limit, std::uint64_t seed)
{
    if (limit == 0)
        throw ConfigError("a configuration sample needs a limit of at least 1");
    // Configurations numbered in order of first appearance.
    std::map<Configuration, std::size_t> numberOf;
    std::vector<std::size_t> runConfig;
    runConfig.reserve(runs.size());
    for (const Measurement& run : runs)
        runConfig.push_back(numberOf.try_emplace(run.config, numberOf.size()).first->second);
    const std::size_t total = numberOf.size();

    ConfigurationSample sample;
    sample.totalConfigurations = total;
    if (total <= limit) {
        sample.runs = runs;
        sample.configurations = total;
        return sample;
    }
    std::vector<bool> chosen(total, false);
    for (std::size_t i : sampleIndices(total, limit, seed))
        chosen[i] = true;
    for (std::size_t i = 0; i < runs.size(); ++i)
        if (chosen[runConfig[i]])
            sample.runs.push_back(runs[i]);
    sample.configurations = limit;
    return sample;
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/resampling.hpp"

#include <algorithm>
#include <numeric>

namespace iolens::core {

std::uint64_t uniformIndex(std::mt19937_64& rng, std::uint64_t n)
{
    // 2^64 mod n, computed in unsigned arithmetic as (2^64 - n) mod n. Draws below it would make
    // the low residues more likely than the others.
    const std::uint64_t threshold = (0 - n) % n;
    std::uint64_t draw = rng();
    while (draw < threshold)
        draw = rng();
    return draw % n;
}

std::vector<Eigen::Index> bootstrapRows(Eigen::Index n, std::mt19937_64& rng)
{
    std::vector<Eigen::Index> rows(static_cast<std::size_t>(n));
    for (Eigen::Index& row : rows)
        row = static_cast<Eigen::Index>(uniformIndex(rng, static_cast<std::uint64_t>(n)));
    std::sort(rows.begin(), rows.end());
    return rows;
}

std::vector<Eigen::Index> distinctBootstrapRows(Eigen::Index n, std::mt19937_64& rng)
{
    std::vector<char> drawn(static_cast<std::size_t>(n), 0);
    for (Eigen::Index i = 0; i < n; ++i)
        drawn[uniformIndex(rng, static_cast<std::uint64_t>(n))] = 1;
    std::vector<Eigen::Index> rows;
    for (Eigen::Index i = 0; i < n; ++i)
        if (drawn[static_cast<std::size_t>(i)])
            rows.push_back(i);
    return rows;
}

std::vector<std::uint64_t> treeSeeds(std::uint64_t seed, int count)
{
    std::mt19937_64 rng(seed);
    std::vector<std::uint64_t> seeds(static_cast<std::size_t>(std::max(count, 0)));
    for (std::uint64_t& s : seeds)
        s = rng();
    return seeds;
}

std::vector<Eigen::Index> sampleWithoutReplacement(
    Eigen::Index n, Eigen::Index count, std::mt19937_64& rng)
{
    std::vector<Eigen::Index> pool(static_cast<std::size_t>(n));
    std::iota(pool.begin(), pool.end(), Eigen::Index {0});
    for (Eigen::Index i = 0; i < count; ++i) {
        const auto pick
            = i + static_cast<Eigen::Index>(uniformIndex(rng, static_cast<std::uint64_t>(n - i)));
        std::swap(pool[static_cast<std::size_t>(i)], pool[static_cast<std::size_t>(pick)]);
    }
    pool.resize(static_cast<std::size_t>(count));
    return pool;
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace iolens::core {

/// A seeded sample of whole configurations: the runs that models are trained on when a dataset
/// has more configurations than a technique can fit in the time a person waits (the window on a
/// database of 100,000 configurations). All repetitions of a chosen configuration stay
/// together, so the sample aggregates to exactly the chosen configurations' means.
struct ConfigurationSample {
    std::vector<Measurement> runs;       ///< the chosen configurations' runs, in their input order
    std::size_t configurations = 0;      ///< distinct configurations in `runs`
    std::size_t totalConfigurations = 0; ///< distinct configurations in the input
    bool sampled() const { return configurations < totalConfigurations; }
};

/// `limit` of the indices 0..total-1, chosen uniformly without replacement by a Fisher-Yates
/// shuffle driven by std::mt19937_64(seed) (its output is fixed by the standard, unlike
/// std::shuffle's and the distributions' use of it), in increasing order; all of them when total
/// <= limit. The same arguments give the same indices on every platform. O(total).
std::vector<std::size_t> sampleIndices(std::size_t total, std::size_t limit, std::uint64_t seed);

/// The runs of `limit` configurations of `runs`, chosen uniformly without replacement by a
/// sampleIndices over the configurations numbered in order of first appearance, or every run
/// when there are at most `limit` configurations. The same runs and seed give the same sample
/// on every platform.
/// Throws ConfigError for a limit of 0.
ConfigurationSample sampleConfigurations(
    const std::vector<Measurement>& runs, std::size_t limit, std::uint64_t seed);

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <cstdint>
#include <random>
#include <vector>

/// Random draws shared by the tree ensembles (bagging, SBCART, random forest) and the stability
/// check. Every draw goes through an explicit std::mt19937_64 owned by the caller, never a global
/// RNG, and integers are drawn without std::uniform_int_distribution (whose algorithm differs
/// between standard libraries), so a seed gives the same ensemble with any compiler.
namespace iolens::core {

/// A uniform integer in [0, n) (n >= 1), without modulo bias: draws below 2^64 mod n are
/// rejected (the arc4random_uniform method). Expected draws < 2.
std::uint64_t uniformIndex(std::mt19937_64& rng, std::uint64_t n);

/// n indices drawn from [0, n) with replacement (a bootstrap sample of n rows, duplicates kept
/// as repeated rows), sorted ascending. O(n log n).
std::vector<Eigen::Index> bootstrapRows(Eigen::Index n, std::mt19937_64& rng);

/// The distinct rows of a bootstrap sample (n draws with replacement, duplicates removed),
/// ascending; about 63.2 % of the n rows. O(n).
std::vector<Eigen::Index> distinctBootstrapRows(Eigen::Index n, std::mt19937_64& rng);

/// `count` seeds for independent per-tree generators, drawn in order from one generator seeded
/// with `seed`: tree b's randomness depends on (seed, b) only, so results do not depend on how
/// trees are spread over threads.
std::vector<std::uint64_t> treeSeeds(std::uint64_t seed, int count);

/// `count` distinct indices from [0, n), in random order (partial Fisher-Yates shuffle).
/// Precondition: count <= n. O(n).
std::vector<Eigen::Index> sampleWithoutReplacement(
    Eigen::Index n, Eigen::Index count, std::mt19937_64& rng);

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cubist_data.hpp"

#include <array>
#include <vector>

namespace iolens::core::cubist {

/// The training cases a composite (rules + instances) model keeps for its neighbour correction
/// (RuleQuest instance.c; ALGORITHMS.md 4.8). Only prediction uses them, so one fit serves every
/// number of neighbours.
struct Instances {
    CaseTable x;          ///< training cases, unknown values replaced
    std::vector<float> y; ///< their original target
    float maxd = 0.f;     ///< MAXD: neighbours must lie within this distance
};

/// Cubist's Manhattan distance between two cases: sum over columns of min(1, |dx| / (5 sd))
/// (continuous) or 2 / levels if the levels differ (discrete). O(p).
float distance(const float* a, const float* b, const std::vector<Attribute>& atts);

/// MAXD as RuleQuest sets it: the mean distance between each training case and one partner
/// drawn with KRandom (for at most 1000 evenly spaced cases), rounded to 1/16. O(min(n, 1000) p).
float averagePairDistance(const CaseTable& x, const std::vector<Attribute>& atts);

/// Everything the neighbour correction reads.
struct CorrectionContext {
    const Instances* instances = nullptr;
    const std::vector<Attribute>* atts = nullptr;
    const std::vector<float>* instancePred = nullptr; ///< model prediction at each instance
    float floor = 0.f;                                ///< global prediction limits
    float ceiling = 0.f;
    int neighbors = 1; ///< K, 1..9
};

/// RuleQuest NNEstimate with a model: the K nearest instances within MAXD, each contributing its
/// target plus (base - its own model prediction), weighted 1 / (distance + 0.5); instances tied at
/// the K-th distance share the remaining weight. Returns `base` if fewer than ceil(K/2)
/// instances lie within MAXD. O(n p).
float correctByNeighbours(const CorrectionContext& context, const float* x, float base);

/// The distances NNEstimate compares: from x to every instance, rounded to 1/16. One vector
/// serves every K and every committee size, which is what lets the optimizer try them all from
/// one computation. Size n. O(n p).
std::vector<float> instanceDistances(
    const Instances& instances, const float* x, const std::vector<Attribute>& atts);

/// correctByNeighbours with the distances already computed by instanceDistances (bit-identical
/// result). `distances` has one entry per instance. O(n).
float correctWithDistances(const CorrectionContext& context, const float* distances, float base);

/// The instances NNEstimate weighs for one case and K: nearest first, within MAXD, with room
/// for ties at the K-th distance. It depends on the distances and K only, so one selection
/// serves every committee size.
struct NearestInstances {
    static constexpr int kSlots = 20; ///< RuleQuest MAXN
    std::array<float, kSlots> distance {};
    std::array<int, kSlots> instance {};
    int count = 0; ///< slots in use
};

/// NNEstimate's selection of the `neighbors` (1..9) nearest of the instances at `distances`
/// (one per instance, from instanceDistances). O(n).
NearestInstances nearestInstances(
    const Instances& instances, const float* distances, int neighbors);

/// correctWithDistances from a selection made by nearestInstances for context.neighbors
/// (bit-identical result). O(K).
float correctWithNearest(
    const CorrectionContext& context, const NearestInstances& nearest, float base);

} // namespace iolens::core::cubist

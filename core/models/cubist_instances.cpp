// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cubist_instances.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace iolens::core::cubist {

namespace {

constexpr double kDPrec = 16.0; // DPREC: distances are rounded to 1/16

} // namespace

float distance(const float* a, const float* b, const std::vector<Attribute>& atts)
{
    double total = 0;
    for (std::size_t k = 0; k < atts.size(); ++k) {
        const Attribute& att = atts[k];
        if (att.kind == AttKind::Continuous) {
            // float difference, double quotient, as RuleQuest's CVDiff computes it
            const double diff = std::fabs(static_cast<double>(b[k] - a[k])) / (5 * att.sd);
            total += std::min(1.0, diff);
        } else if (att.kind == AttKind::Discrete && a[k] != b[k]) {
            total += 2.0 / att.levels;
        }
    }
    return static_cast<float>(total);
}

float averagePairDistance(const CaseTable& x, const std::vector<Attribute>& atts)
{
    // RuleQuest draws the partners while the instances are in its k-d tree order; we draw them in
    // training order (same distribution, different pairs).
    const int n = x.rows;
    const int tries = std::min(n, 1000);
    const bool useAll = tries == n;
    KRandom random;
    double sum = 0;
    for (int t = 0; t < tries; ++t) {
        const int i = useAll ? t : static_cast<int>(n * ((2 * t + 1) / (2.0 * tries)));
        int j = 0;
        do
            j = static_cast<int>(random.next() * n);
        while (j == i);
        sum += distance(x.row(j), x.row(i), atts);
    }
    return static_cast<float>(std::nearbyint(kDPrec * sum / tries) / kDPrec);
}

std::vector<float> instanceDistances(
    const Instances& instances, const float* x, const std::vector<Attribute>& atts)
{
    std::vector<float> out(static_cast<std::size_t>(instances.x.rows));
    for (int i = 0; i < instances.x.rows; ++i)
        out[static_cast<std::size_t>(i)] = static_cast<float>(
            std::nearbyint(kDPrec * distance(x, instances.x.row(i), atts)) / kDPrec);
    return out;
}

float correctByNeighbours(const CorrectionContext& c, const float* x, float base)
{
    return correctWithDistances(c, instanceDistances(*c.instances, x, *c.atts).data(), base);
}

float correctWithDistances(const CorrectionContext& c, const float* distances, float base)
{
    return correctWithNearest(c, nearestInstances(*c.instances, distances, c.neighbors), base);
}

NearestInstances nearestInstances(const Instances& inst, const float* distances, int k)
{
    // Sorted neighbour slots; a new case goes before existing ones at the same distance.
    constexpr int kMaxN = NearestInstances::kSlots;
    NearestInstances out;
    auto& bestD = out.distance;
    auto& bestI = out.instance;
    bestD.fill(inst.maxd);
    bestI.fill(-1);
    for (int i = 0; i < inst.x.rows; ++i) {
        const float dist = distances[i];
        if (dist > bestD[static_cast<std::size_t>(k - 1)])
            continue;
        int d = 0;
        while (d < kMaxN && bestD[static_cast<std::size_t>(d)] < dist)
            ++d;
        if (d == kMaxN)
            continue;
        for (int dd = kMaxN - 1; dd > d; --dd) {
            bestD[static_cast<std::size_t>(dd)] = bestD[static_cast<std::size_t>(dd - 1)];
            bestI[static_cast<std::size_t>(dd)] = bestI[static_cast<std::size_t>(dd - 1)];
        }
        bestD[static_cast<std::size_t>(d)] = dist;
        bestI[static_cast<std::size_t>(d)] = i;
    }
    int last = kMaxN - 1;
    while (last >= 0 && bestI[static_cast<std::size_t>(last)] < 0)
        --last;
    out.count = last + 1;
    return out;
}

float correctWithNearest(const CorrectionContext& c, const NearestInstances& nearest, float base)
{
    const Instances& inst = *c.instances;
    const int k = c.neighbors;
    const auto& bestD = nearest.distance;
    const auto& bestI = nearest.instance;
    const int last = nearest.count - 1;
    if (last + 1 < (k + 1) / 2) // too few close neighbours: keep the model's prediction
        return base;

    double totSum = 0, totWt = 0;
    int d = 0, count = 0;
    while (d <= last && count < k && count < inst.x.rows - 1) {
        // One group of neighbours at the same distance.
        double sameSum = 0, sameWt = 0;
        int same = 0;
        const double wt = 1 / (bestD[static_cast<std::size_t>(d)] + 0.5);
        do {
            const auto idx = static_cast<std::size_t>(bestI[static_cast<std::size_t>(d)]);
            double est = inst.y[idx] + 1.0 * base - (*c.instancePred)[idx];
            est = est > c.ceiling ? c.ceiling : est < c.floor ? c.floor : est;
            sameSum += wt * est;
            sameWt += wt;
            ++same;
            ++d;
        } while (d <= last
            && bestD[static_cast<std::size_t>(d)] == bestD[static_cast<std::size_t>(d - 1)]);
        if (count + same > k) { // ties at the K-th distance share the remaining weight
            const double share = static_cast<float>(k - count) / static_cast<float>(same);
            totSum += share * sameSum;
            totWt += share * sameWt;
            count = k;
        } else {
            totSum += sameSum;
            totWt += sameWt;
            count += same;
        }
    }
    const double est = totSum / totWt;
    return est < c.floor ? c.floor : est > c.ceiling ? c.ceiling : static_cast<float>(est);
}

} // namespace iolens::core::cubist

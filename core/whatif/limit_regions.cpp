// SPDX-License-Identifier: GPL-3.0-or-later
#include "whatif/limit_regions.hpp"

#include "common/error.hpp"

#include <cmath>
#include <string>

namespace iolens::core {

namespace {

void checkShapes(const std::vector<LimitedProfile>& limited)
{
    const Profile& first = *limited.front().profile;
    for (const LimitedProfile& l : limited) {
        const Profile& p = *l.profile;
        if (p.grid.x.size() != first.grid.x.size() || p.points.size() != p.grid.x.size())
            throw ConfigError("limitRegions: profile of " + slaLimitText(l.limit) + " has "
                + std::to_string(p.grid.x.size()) + " grid points and "
                + std::to_string(p.points.size()) + " configurations, the first "
                + std::to_string(first.grid.x.size()) + " grid points");
        if (p.y.size() != first.y.size())
            throw ConfigError("limitRegions: profile of " + slaLimitText(l.limit) + " has "
                + std::to_string(p.y.size()) + " model sets, the first "
                + std::to_string(first.y.size()));
        for (const std::vector<double>& y : p.y)
            if (y.size() != p.grid.x.size())
                throw ConfigError("limitRegions: a curve of " + slaLimitText(l.limit) + " has "
                    + std::to_string(y.size()) + " values for " + std::to_string(p.grid.x.size())
                    + " grid points");
    }
}

// Model set m at point i: 1 keeps every limit, 0 breaks one, -1 has no answer.
int modelKeeps(const std::vector<LimitedProfile>& limited, std::size_t m, std::size_t i)
{
    bool answered = true;
    for (const LimitedProfile& l : limited) {
        if (!metricHasValue(l.limit.metric, l.profile->points[i].readPct))
            continue;
        const double value = l.profile->y[m][i];
        if (std::isnan(value)) {
            answered = false; // a broken limit elsewhere still decides the vote
            continue;
        }
        if (!l.limit.holds(value))
            return 0;
    }
    return answered ? 1 : -1;
}

LimitVerdict verdictAt(const std::vector<LimitedProfile>& limited, std::size_t i)
{
    int keep = 0;
    int breakCount = 0;
    const std::size_t models = limited.front().profile->y.size();
    for (std::size_t m = 0; m < models; ++m) {
        const int vote = modelKeeps(limited, m, i);
        keep += vote == 1 ? 1 : 0;
        breakCount += vote == 0 ? 1 : 0;
    }
    if (keep > 0 && breakCount > 0)
        return LimitVerdict::Disagree;
    if (keep > 0)
        return LimitVerdict::AllMeet;
    return breakCount > 0 ? LimitVerdict::NoneMeet : LimitVerdict::Unknown;
}

// The border between grid points a and b: where the axis shows the middle between them.
double cellBorder(const SweepGrid& grid, double a, double b)
{
    if (grid.spacing == SweepSpacing::Log && a > 0.0 && b > 0.0)
        return std::sqrt(a * b);
    return 0.5 * (a + b);
}

double outerEdge(const SweepGrid& grid, double end, double inward)
{
    const bool bars
        = grid.spacing == SweepSpacing::Integer || grid.spacing == SweepSpacing::Categorical;
    if (!bars)
        return end;
    return end + (inward > end ? -0.5 : 0.5);
}

} // namespace

void limitRegions(const std::vector<LimitedProfile>& limited, LimitRegions& out)
{
    out.verdicts.clear();
    out.stretches.clear();
    if (limited.empty())
        return;
    checkShapes(limited);
    const SweepGrid& grid = limited.front().profile->grid;
    const std::size_t n = grid.x.size();
    out.verdicts.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        out.verdicts[i] = verdictAt(limited, i);

    std::size_t start = 0;
    while (start < n) {
        std::size_t end = start; // last point of the run
        while (end + 1 < n && out.verdicts[end + 1] == out.verdicts[start])
            ++end;
        if (out.verdicts[start] != LimitVerdict::Unknown) {
            LimitStretch s;
            s.verdict = out.verdicts[start];
            const double inwardFrom = n > 1 ? grid.x[1] : grid.x[0] + 1.0;
            const double inwardTo = n > 1 ? grid.x[n - 2] : grid.x[0] - 1.0;
            s.from = start == 0 ? outerEdge(grid, grid.x[0], inwardFrom)
                                : cellBorder(grid, grid.x[start - 1], grid.x[start]);
            s.to = end + 1 == n ? outerEdge(grid, grid.x[n - 1], inwardTo)
                                : cellBorder(grid, grid.x[end], grid.x[end + 1]);
            if (s.to > s.from)
                out.stretches.push_back(s);
        }
        start = end + 1;
    }
}

} // namespace iolens::core

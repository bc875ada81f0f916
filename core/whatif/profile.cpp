// SPDX-License-Identifier: GPL-3.0-or-later
#include "whatif/profile.hpp"

#include "models/vm_projection.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace iolens::core {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// One batch per model; a batch fails as a whole when one point has a level the model never saw
// (FeatureSchema::encode throws), so then each point is asked on its own and only those fail.
void predictSweep(
    const TrainedModel& model, const std::vector<Configuration>& points, std::vector<double>& y)
{
    y.resize(points.size());
    try {
        const Eigen::VectorXd values = predictSpreadOverVms(model, points);
        std::copy(values.data(), values.data() + values.size(), y.begin());
    } catch (const std::exception&) {
        for (std::size_t i = 0; i < points.size(); ++i) {
            try {
                y[i] = predictSpreadOverVms(model, points[i]);
            } catch (const std::exception&) {
                y[i] = kNaN;
            }
        }
    }
    for (std::size_t i = 0; i < points.size(); ++i)
        if (!metricHasValue(model.metric(), points[i].readPct))
            y[i] = kNaN;
}

} // namespace

void profile(const std::vector<const TrainedModel*>& models, const Configuration& scenario,
    Factor factor, const FactorDomain& domain, const SweepOptions& options, Profile& out)
{
    sweepGrid(domain, scenario, factor, options, out.grid);
    // Assignment into the kept elements reuses their strings' storage.
    out.points.resize(out.grid.x.size());
    for (std::size_t i = 0; i < out.points.size(); ++i) {
        out.points[i] = scenario;
        applySweepPoint(out.grid, i, out.points[i]);
    }
    out.current = sweepCoordinate(out.grid, scenario);
    out.y.resize(models.size());
    for (std::size_t m = 0; m < models.size(); ++m)
        predictSweep(*models[m], out.points, out.y[m]);
}

Profile profile(const std::vector<const TrainedModel*>& models, const Configuration& scenario,
    Factor factor, const FactorDomain& domain, const SweepOptions& options)
{
    Profile out;
    profile(models, scenario, factor, domain, options, out);
    return out;
}

void spread(const Profile& profile, SpreadBand& band)
{
    const std::size_t n = profile.grid.x.size();
    band.low.assign(n, kNaN);
    band.high.assign(n, kNaN);
    for (const std::vector<double>& y : profile.y) {
        for (std::size_t i = 0; i < n; ++i) {
            if (std::isnan(y[i]))
                continue;
            // fmin/fmax return the other argument when one is NaN: the first value starts it.
            band.low[i] = std::fmin(band.low[i], y[i]);
            band.high[i] = std::fmax(band.high[i], y[i]);
        }
    }
}

bool intervalBand(const TrainedModel& model, const Profile& profile, double level, SpreadBand& band)
{
    const std::size_t n = profile.points.size();
    band.low.assign(n, kNaN);
    band.high.assign(n, kNaN);
    try {
        const auto interval = predictIntervalSpreadOverVms(model, profile.points, level);
        if (!interval) {
            band.low.clear();
            band.high.clear();
            return false;
        }
        std::copy_n(interval->first.data(), n, band.low.begin());
        std::copy_n(interval->second.data(), n, band.high.begin());
    } catch (const std::exception&) {
        // A point with a level the model never saw fails the whole batch (as in predictSweep):
        // then each point is asked on its own and only those stay NaN.
        for (std::size_t i = 0; i < n; ++i) {
            try {
                if (const auto one
                    = predictIntervalSpreadOverVms(model, {profile.points[i]}, level)) {
                    band.low[i] = one->first(0);
                    band.high[i] = one->second(0);
                }
            } catch (const std::exception&) {
                // no answer at this point: it stays NaN
            }
        }
    }
    for (std::size_t i = 0; i < n; ++i)
        if (!metricHasValue(model.metric(), profile.points[i].readPct))
            band.low[i] = band.high[i] = kNaN;
    return true;
}

} // namespace iolens::core

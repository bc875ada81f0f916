// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/trained_model.hpp"
#include "whatif/factor_sweep.hpp"

#include <vector>

namespace iolens::core {

/// A prediction profile (JMP's "prediction profiler"): every model's prediction as one factor
/// sweeps its range while the other factors stay at the scenario.
struct Profile {
    SweepGrid grid;                    ///< the swept factor's points
    std::vector<Configuration> points; ///< the configuration of each grid point, same order
    /// y[m][i]: model m's prediction at grid point i in the metric's unit (ms, MiB/s); NaN where
    /// the model has no answer (a level it never saw) or the metric has no value there (read
    /// response time at 0 % reads).
    std::vector<std::vector<double>> y;
    double current = 0.0; ///< the scenario's own grid coordinate (sweepCoordinate)
};

/// Sweeps `factor` for every model of `models` (non-null) at `scenario`. Each model predicts the
/// whole sweep in one batch (TrainedModel::predict), so y[m][i] equals models[m]->predict
/// (out.points[i]) exactly. `out` is filled in place: a caller that keeps it between slider steps
/// reuses its buffers. Cost: models x points predictions. Never throws for a model that cannot
/// predict (its values become NaN).
void profile(const std::vector<const TrainedModel*>& models, const Configuration& scenario,
    Factor factor, const FactorDomain& domain, const SweepOptions& options, Profile& out);

/// The same, returning a fresh Profile.
Profile profile(const std::vector<const TrainedModel*>& models, const Configuration& scenario,
    Factor factor, const FactorDomain& domain, const SweepOptions& options = {});

/// The spread of the models at each grid point: where trees and MARS have no confidence interval
/// of their own, the range the models span shows where they disagree.
struct SpreadBand {
    std::vector<double> low;  ///< min over the models with a value; NaN where none has one
    std::vector<double> high; ///< max, likewise
};

/// Min and max over the models of `profile` at every grid point, in place. O(models x points).
void spread(const Profile& profile, SpreadBand& band);

/// The prediction interval of `model` at `level` (0 < level < 1) at every point of `profile`
/// (predictIntervalSpreadOverVms), in place; NaN where the model has no answer or the metric no
/// value. Returns false, leaving `band` empty, if the model has no calibrated intervals. One batch
/// per call: O(points) predictions.
bool intervalBand(
    const TrainedModel& model, const Profile& profile, double level, SpreadBand& band);

} // namespace iolens::core

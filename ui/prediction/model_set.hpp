// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"
#include "models/trained_model.hpp"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace iolens::ui {

/// The model of one metric, or why there is none.
struct MetricModel {
    core::Metric metric = core::Metric::RtReadMs;
    std::optional<core::TrainedModel> model; ///< empty if training failed
    std::string error;                       ///< the failure, for a person; empty on success
};

/// One model per core metric (kCoreMetrics order), all of one technique with its default
/// parameters: one column of the prediction panel (see ModelEntry). A model added from elsewhere
/// may hold fewer metrics, in any order; find() looks them up.
struct ModelSet {
    std::string technique;
    std::vector<MetricModel> models;
    double seconds = 0.0; ///< wall time of training all of them

    /// The entry for `metric`, or nullptr.
    const MetricModel* find(core::Metric metric) const;
};

/// Trains `technique` with default parameters for each core metric on `runs`, exactly as
/// core::trainModel does on a database (aggregate repetitions, default TrainingOptions, fit).
/// It works on a copy of the runs rather than the database because it runs on a worker thread,
/// and an SQLite connection must not be shared with the UI thread. Never throws: a metric that
/// cannot be trained (too few rows, an unknown technique) gets an error instead of a model.
/// Cost: that of fitting four models; milliseconds for 'lm' on a few hundred rows. When `cancel`
/// is given and set, the metrics not yet started are left out (auto takes seconds to minutes per
/// metric, and its set is of no use once the window's data changed or it closes).
ModelSet trainModelSet(const std::vector<core::Measurement>& runs, const std::string& technique,
    const std::atomic<bool>* cancel = nullptr);

} // namespace iolens::ui

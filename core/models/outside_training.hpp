// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/trained_model.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace iolens::core {

// What a model is asked outside what it was trained on, for `predict` to say beside its answers:
// factors it never saw vary, and values beyond the ranges it was measured over.

/// A factor that was the same in every training run of a model (threads = 16 in both shared
/// datasets, one scheduler) and that some configurations ask for at another value. The model
/// answers them as at its training value, whatever they ask: it learned nothing about the
/// factor. The window never asks such a configuration (its panel shows the factor as fixed by
/// the data); `predict` says so instead of answering silently.
struct UnlearnedFactor {
    Factor factor = Factor::Threads;
    std::string trainedValue;       ///< the value of every training run, as in the CSV column
    std::size_t configurations = 0; ///< how many of the configurations ask for another value
    std::size_t first = 0;          ///< index of the first of them
    std::string firstValue;         ///< the value that one asks for
};

/// The factors `model` never saw vary that `configs` ask for at other values, in the CSV's column
/// order. The VM count of a one-VM model is not one of them: the projection over VMs answers it
/// (vm_projection.hpp); that of a model trained at one other count is. O(configs x factors).
std::vector<UnlearnedFactor> unlearnedFactors(
    const TrainedModel& model, const std::vector<Configuration>& configs);

/// A numeric factor that some configurations ask for below its smallest or above its largest
/// value in training: the model extrapolates there. Grouped CV scores one measured step out
/// (the outermost levels); farther out nothing has checked it.
struct FactorBeyondRange {
    Factor factor = Factor::RequestBytes;
    double low = 0.0;  ///< smallest value in training, in the modelling unit (featureName)
    double high = 0.0; ///< largest
    std::size_t configurations = 0; ///< how many of the configurations lie beyond the range
    std::size_t first = 0;          ///< index of the first of them
    double firstValue = 0.0;        ///< its value, in the modelling unit
    /// The thread count of an auto model of mean response times (or of a rate composed from
    /// them), some configurations above its range: answered there by the operational bounds of
    /// a closed workload (thread_saturation.hpp), not by the regression's own line.
    bool operationalBounds = false;
    /// The request size of an auto model of mean response times (or of a rate composed from
    /// them), some configurations above its range: answered there at most in proportion to the
    /// request (request_bound.hpp).
    bool requestBound = false;
    /// With requestBound: and at least as a fixed cost plus a transfer time (auto state
    /// version 7 on).
    bool transferTime = false;
};

/// The numeric factors the model has as columns that `configs` ask for beyond their trained
/// range, as the model is asked them (askedConfiguration: N VMs as their shared storage), in the
/// CSV's column order. O(configs x factors).
std::vector<FactorBeyondRange> factorsBeyondRange(
    const TrainedModel& model, const std::vector<Configuration>& configs);

} // namespace iolens::core

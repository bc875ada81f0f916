// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/trained_model.hpp"
#include "whatif/factor_sweep.hpp"
#include "whatif/sla_limit.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iolens::core {

/// The capacity-planning questions: how many VMs, how large a file set, how much of the load as
/// writes, how many threads (clients) can the scenario take before a limit breaks?
enum class HeadroomFactor {
    Vms,          ///< more VMs sharing the workload (Factor::Vms, upwards)
    FilesetBytes, ///< a larger file set (Factor::FilesetBytes, upwards)
    WriteShare,   ///< more writes (Factor::ReadPct, downwards; answered as % writes)
    /// more threads issuing requests (Factor::Threads, upwards): the clients of a file server.
    Threads,
};

inline constexpr std::array kHeadroomFactors {HeadroomFactor::Vms, HeadroomFactor::FilesetBytes,
    HeadroomFactor::WriteShare, HeadroomFactor::Threads};

/// Whether `factor` can be answered on data of `domain`: the thread count, the file set and the
/// write share only where the data measured two levels of it or more, since a model of one
/// level answers the same for every other (it never learnt what the factor does), which would
/// read as unlimited headroom. The VM count always (projected from one VM).
bool headroomApplies(HeadroomFactor factor, const FactorDomain& domain);

/// "vms", "fileset", "write-share", "threads" (command line and CSV).
std::string_view headroomFactorName(HeadroomFactor factor);
std::optional<HeadroomFactor> parseHeadroomFactor(std::string_view name);

/// One model set's answer for one factor.
struct HeadroomAnswer {
    HeadroomFactor factor = HeadroomFactor::Vms;
    bool meetsNow = false; ///< every limit holds at the scenario itself
    /// The farthest value, walking from the scenario in the factor's direction along the sweep,
    /// up to which every point keeps every limit: VM count, file-set MiB, or % writes. Empty
    /// when the scenario itself breaks a limit or a model is missing.
    std::optional<double> largest;
    /// The limits still hold at the end of the sweep: the answer is "at least `largest`".
    bool openEnded = false;
    /// Smallest SlaLimit::margin over the limits at `largest` (0.12 = 12 % to spare).
    double margin = 0.0;
    /// The limit that breaks first: at the next point beyond `largest`, or at the scenario when
    /// !meetsNow. Empty when openEnded.
    std::optional<SlaLimit> binding;
    /// Why there is no answer: no model for a limited metric, or a model without an answer
    /// (a level it never saw) along the way.
    std::string error;
};

/// Walks `factor`'s sweep (sweepGrid over `domain`, widened to hold the scenario) from the
/// scenario's value in the factor's direction (an error where !headroomApplies), predicting every
/// limited metric with the model of `models` for that metric, and stops before the first point that
/// breaks a limit. A limit on a metric that has no value at a point (read response time at 0 %
/// reads) does not constrain it. Cost: one batch prediction of the sweep per limited metric.
HeadroomAnswer findHeadroom(const std::vector<const TrainedModel*>& models,
    const Configuration& scenario, HeadroomFactor factor, const std::vector<SlaLimit>& limits,
    const FactorDomain& domain, const SweepOptions& options = {});

} // namespace iolens::core

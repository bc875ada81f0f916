// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/measurement_database.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

/// An optimizer run as the database keeps it (`iolens-cli optimize`, or a search in the
/// window): what was searched, how far it got and its best cost so far.
struct StoredOptimizerRun {
    std::int64_t id = 0;
    std::string technique;
    std::string metric;
    std::string dataset;  ///< empty: every dataset of the database
    std::string settings; ///< JSON: k, n, iterations, folds, seed, cv, split, where, fixed, ...
    std::string status;   ///< running, cancelled, failed or finished
    std::string created;
    int points = 0;                 ///< evaluated points with a cost
    std::optional<double> bestCost; ///< the lowest cost recorded; none without points
};

/// Every optimizer run, oldest first.
std::vector<StoredOptimizerRun> optimizerRuns(MeasurementDatabase& db);
/// One run, if the database has it.
std::optional<StoredOptimizerRun> optimizerRun(MeasurementDatabase& db, std::int64_t id);

} // namespace iolens::core

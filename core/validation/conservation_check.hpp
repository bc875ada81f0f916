// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/conservation_model.hpp"

#include <nlohmann/json.hpp>

#include <vector>

namespace iolens::core {

/// One measured read/write mix held against the conservation hypothesis.
struct ConservationMix {
    Configuration config;
    double writeCost = 0.0;     ///< f_rw of its request size
    double readIops = 0.0;      ///< measured T_r
    double writeIops = 0.0;     ///< measured T_w
    double capacityRatio = 0.0; ///< C / T100r with C = T_r + f_rw T_w: 1 if capacity is conserved
    double predictedTotalIops = 0.0; ///< 100 k of eq. 3-6
    double relativeError = 0.0;      ///< |predicted - measured| / measured, total IOPS
};

/// Ra and Lee's check on a dataset (their Figures 2a and 3): the capacity tables (f_rw per size),
/// and every measured mix (0 < read % < 100) with its consumed capacity and estimation error.
struct ConservationCheck {
    std::vector<std::pair<Configuration, std::vector<SizeCapacity>>> tables;
    std::vector<ConservationMix> mixes;
    int mixesWithoutCapacity = 0;       ///< mixes of a size or system the tables do not cover
    double meanCapacityDeviation = 0.0; ///< mean |C / T100r - 1| over the mixes
    double meanRelativeError = 0.0;     ///< mean estimation error of total IOPS over the mixes
    int measurementsUsed = 0;           ///< the 100 % read and 100 % write measurements
};

/// Fits the conservation model to `rows` and checks it on their mixes. Throws DataError if no
/// request size has both the 100 % read and the 100 % write measurement.
ConservationCheck checkConservation(const std::vector<AggregatedMeasurement>& rows);

nlohmann::json conservationJson(const ConservationCheck& check);

} // namespace iolens::core

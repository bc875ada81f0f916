// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/measurement_database.hpp"

#include <string>
#include <vector>

namespace iolens::core {

/// The per-host results of multi-host runs as CSV (`iolens-cli export --per-host`): the columns
/// of measurementsToCsv, where the configuration columns, rep and split are the run's (the
/// aggregate row's: threads and file set of all hosts, vms = hosts), so a host row joins its
/// aggregate on them, and the metric columns are the host's own; then "host", "host_index",
/// "address", "host_threads" and "host_fileset_bytes" (the host's share). Rows in the order
/// given. O(rows).
std::string hostMeasurementsToCsv(const std::vector<StoredHostMeasurement>& rows);

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"

#include <vector>

namespace iolens::test {

/// A closed workload of 16 threads on a stack whose reads are cached and whose writes wait on
/// a slow array: response times in ms, linear in the request size.
double readMs(double kib);
double writeMs(double kib, double filesetMib);

/// One configuration of that workload, its rates from Little's law: each thread issues its next
/// request when one completes, a read with probability r.
core::AggregatedMeasurement closedRow(double kib, double filesetMib, double readPct);

/// The grid the shared datasets have: read shares 0, 50, 100 %, so each direction's rate is
/// measured at two of them.
std::vector<core::AggregatedMeasurement> closedGrid();

} // namespace iolens::test

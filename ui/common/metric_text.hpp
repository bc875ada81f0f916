// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"
#include "data/metric.hpp"

#include <QString>

namespace iolens::ui {

/// Translated names and units of metrics and factors. Core keeps its English labels for the
/// command line and files; the window shows these instead, so they go through the translator.

/// "Read response time"
QString metricTitle(core::Metric metric);
/// "Read RT" (table headers, where space is short)
QString metricShortTitle(core::Metric metric);
/// "ms", "MiB/s"
QString metricUnitText(core::Metric metric);
/// "Request size", "File-set size", "Read share", ...
QString factorTitle(core::Factor factor);
/// "1 thread", "16 threads"
QString threadCountText(qlonglong threads);
/// "1 VM", "3 VMs"
QString vmCountText(qlonglong vms);

} // namespace iolens::ui

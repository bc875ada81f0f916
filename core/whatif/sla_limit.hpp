// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/metric.hpp"

#include <string>
#include <string_view>

namespace iolens::core {

/// A service-level limit on one metric: "read response time <= 5 ms", "write throughput >= 200
/// MiB/s". A metric with no value at a configuration (read response time at 0 % reads) does not
/// constrain it.
struct SlaLimit {
    Metric metric = Metric::RtReadMs;
    bool atMost = true; ///< true: value <= bound; false: value >= bound
    double bound = 0.0; ///< in the metric's unit (ms, MiB/s), > 0

    bool holds(double value) const { return atMost ? value <= bound : value >= bound; }
    /// How far `value` is inside the limit, as a share of the bound: 0.2 = 20 % below a
    /// "<=" bound or above a ">=" one; negative when the limit is broken.
    double margin(double value) const
    {
        return atMost ? (bound - value) / bound : (value - bound) / bound;
    }
};

/// Reads "rt_read_ms<=5" or "tp_write_mbs >= 200" (a metric's column name, <= or >=, a positive
/// number). Throws ConfigError naming the text and what is wrong.
SlaLimit parseSlaLimit(std::string_view text);
/// The text parseSlaLimit reads ("rt_read_ms<=5").
std::string slaLimitText(const SlaLimit& limit);

} // namespace iolens::core

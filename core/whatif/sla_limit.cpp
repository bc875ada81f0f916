// SPDX-License-Identifier: GPL-3.0-or-later
#include "whatif/sla_limit.hpp"

#include "common/error.hpp"
#include "common/text_trim.hpp"
#include "data/csv_table.hpp"

#include <string>

namespace iolens::core {

namespace {

} // namespace

SlaLimit parseSlaLimit(std::string_view text)
{
    const auto fail = [&](const std::string& what) -> SlaLimit {
        throw ConfigError("limit '" + std::string(text) + "': " + what);
    };
    const std::size_t at = text.find_first_of("<>");
    if (at == std::string_view::npos || at + 1 >= text.size() || text[at + 1] != '=')
        return fail("write METRIC<=VALUE or METRIC>=VALUE, e.g. rt_read_ms<=5");
    SlaLimit limit;
    limit.atMost = text[at] == '<';
    const std::string name(trimmed(text.substr(0, at), " \t"));
    const auto metric = parseMetric(name);
    if (!metric)
        return fail("'" + name + "' is not a metric (" + metricNameList() + ")");
    limit.metric = *metric;
    if (!parseDouble(trimmed(text.substr(at + 2), " \t"), limit.bound) || !(limit.bound > 0.0))
        return fail("the bound must be a positive number");
    return limit;
}

std::string slaLimitText(const SlaLimit& limit)
{
    return std::string(metricName(limit.metric)) + (limit.atMost ? "<=" : ">=")
        + formatNumber(limit.bound);
}

} // namespace iolens::core

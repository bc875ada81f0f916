// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/metric.hpp"

#include "common/closest_name.hpp"

#include <string>
#include <vector>

namespace iolens::core {

namespace {
struct MetricInfo {
    std::string_view name;
    std::string_view label;
    std::string_view unit;
    bool read;
};

constexpr std::array<MetricInfo, kMetricCount> kMetricInfo {{
    {"rt_read_ms", "Read response time", "ms", true},
    {"rt_write_ms", "Write response time", "ms", false},
    {"tp_read_mbs", "Read throughput", "MiB/s", true},
    {"tp_write_mbs", "Write throughput", "MiB/s", false},
    {"iops_read", "Read IOPS", "IOPS", true},
    {"iops_write", "Write IOPS", "IOPS", false},
    {"rt_read_p99_ms", "Read response time p99", "ms", true},
    {"rt_write_p99_ms", "Write response time p99", "ms", false},
}};
} // namespace

std::string_view metricName(Metric metric)
{
    return kMetricInfo[metricIndex(metric)].name;
}
std::string_view metricLabel(Metric metric)
{
    return kMetricInfo[metricIndex(metric)].label;
}
std::string_view metricUnit(Metric metric)
{
    return kMetricInfo[metricIndex(metric)].unit;
}
bool isReadMetric(Metric metric)
{
    return kMetricInfo[metricIndex(metric)].read;
}

bool metricHasValue(Metric metric, double readPct)
{
    return isReadMetric(metric) ? readPct > 0.0 : readPct < 100.0;
}

bool isRateMetric(Metric metric)
{
    return metric == Metric::TpReadMbs || metric == Metric::TpWriteMbs || metric == Metric::IopsRead
        || metric == Metric::IopsWrite;
}

std::optional<Metric> parseMetric(std::string_view name)
{
    for (Metric metric : kAllMetrics)
        if (metricName(metric) == name)
            return metric;
    return std::nullopt;
}

std::string unknownMetricMessage(const std::string& text)
{
    std::vector<std::string> names;
    names.reserve(kAllMetrics.size());
    for (Metric metric : kAllMetrics)
        names.emplace_back(metricName(metric));
    return "unknown metric '" + text + "' (" + didYouMean(text, names)
        + "known: " + listOfNames(names) + ")";
}

std::string metricNameList()
{
    std::string list;
    for (Metric metric : kAllMetrics)
        list += (list.empty() ? "" : ", ") + std::string(metricName(metric));
    return list;
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/low_level_metrics.hpp"

#include "common/counted_noun.hpp"
#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <set>

namespace iolens::core {

namespace {

[[noreturn]] void failRow(
    const CsvTable& table, int line, const std::string& column, const std::string& what)
{
    throw DataError(
        table.source + ": row " + std::to_string(line) + ", column '" + column + "': " + what);
}

int requireColumn(const CsvTable& table, const std::string& name)
{
    const int index = table.columnIndex(name);
    if (index < 0)
        throw DataError(table.source + ": no column '" + name + "' in the header");
    return index;
}

double numberAt(const CsvTable& table, const CsvTable::Row& row, int column)
{
    const std::string& text = row.fields[static_cast<std::size_t>(column)];
    double value = 0.0;
    if (!parseDouble(text, value))
        failRow(table, row.line, table.header[static_cast<std::size_t>(column)],
            text.empty() ? "empty value" : "'" + text + "' is not a number");
    return value;
}

// The features square the values (std) and the learner squares the features again, so a value
// near the largest double (1e308) would come out as an infinity far from its row.
constexpr double kLargestValue = 1e100;

double metricAt(const CsvTable& table, const CsvTable::Row& row, int column)
{
    const double value = numberAt(table, row, column);
    if (std::fabs(value) > kLargestValue)
        failRow(table, row.line, table.header[static_cast<std::size_t>(column)],
            "'" + row.fields[static_cast<std::size_t>(column)]
                + "' is out of range: a value must stay within 1e100 either side of 0 (the "
                  "standard deviation across nodes squares it)");
    return value;
}

// The spacing of doubles grows with their size: at 1.8e18 (nanoseconds since 1970 taken as
// seconds) it is 256, so neither a 1 s step nor a 60 s window can be told from the next one.
// A time has to resolve the step (and the window) to 1/1024 of it; that also keeps
// time / step below 2^43, far inside what the step index can hold.
double timeAt(const CsvTable& table, const CsvTable::Row& row, int column,
    const LowLevelFeatureOptions& options)
{
    const double value = numberAt(table, row, column);
    const double magnitude = std::fabs(value);
    const double spacing
        = std::nextafter(magnitude, std::numeric_limits<double>::infinity()) - magnitude;
    const bool stepFinest = options.stepSeconds <= options.windowSeconds;
    const double finest = stepFinest ? options.stepSeconds : options.windowSeconds;
    if (spacing > finest / 1024.0)
        failRow(table, row.line, table.header[static_cast<std::size_t>(column)],
            "'" + row.fields[static_cast<std::size_t>(column)]
                + "' is too large: doubles that big are " + formatNumber(spacing)
                + " s apart, too coarse for a " + formatNumber(finest) + " s "
                + (stepFinest ? "step" : "window")
                + "; timestamps are seconds of any origin (nanoseconds since 1970? divide them "
                  "by 1e9)");
    return value;
}

// One time series read from a CSV, sorted by time, with the file rows for messages.
struct Series {
    std::vector<double> times;
    std::vector<int> lines;
    std::vector<std::vector<double>> values; ///< per value column, aligned with times
};

// Sorts a series by time and rejects two samples at the same time (named by their rows).
void sortByTime(Series& s, const CsvTable& table, const std::string& what)
{
    std::vector<std::size_t> order(s.times.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
        [&](std::size_t a, std::size_t b) { return s.times[a] < s.times[b]; });
    Series sorted;
    sorted.values.resize(s.values.size());
    for (std::size_t i : order) {
        if (!sorted.times.empty() && sorted.times.back() == s.times[i])
            failRow(table, s.lines[i], "timestamp",
                what + " has two samples at time " + formatNumber(s.times[i]) + " (rows "
                    + std::to_string(sorted.lines.back()) + " and " + std::to_string(s.lines[i])
                    + ")");
        sorted.times.push_back(s.times[i]);
        sorted.lines.push_back(s.lines[i]);
        for (std::size_t c = 0; c < s.values.size(); ++c)
            sorted.values[c].push_back(s.values[c][i]);
    }
    s = std::move(sorted);
}

void smooth(Series& s, double window)
{
    for (auto& column : s.values)
        column = trailingMovingAverage(s.times, column, window);
}

struct NodeData {
    std::string group;
    Series series;
};

// Reads the nodes table: node name -> its metric series, and the metric column names.
std::map<std::string, NodeData> readNodes(
    const CsvTable& table, std::vector<std::string>& metrics, const LowLevelFeatureOptions& options)
{
    const int nodeColumn = requireColumn(table, "node");
    const int timeColumn = requireColumn(table, "timestamp");
    const int groupColumn = table.columnIndex("group");
    std::vector<int> metricColumns;
    for (std::size_t c = 0; c < table.header.size(); ++c)
        if (static_cast<int>(c) != nodeColumn && static_cast<int>(c) != timeColumn
            && static_cast<int>(c) != groupColumn) {
            metricColumns.push_back(static_cast<int>(c));
            metrics.push_back(table.header[c]);
        }
    if (metrics.empty())
        throw DataError(table.source + ": no metric columns besides node and timestamp");
    std::map<std::string, NodeData> nodes;
    for (const CsvTable::Row& row : table.rows) {
        const std::string& name = row.fields[static_cast<std::size_t>(nodeColumn)];
        if (name.empty())
            failRow(table, row.line, "node", "empty node name");
        const std::string group
            = groupColumn < 0 ? std::string() : row.fields[static_cast<std::size_t>(groupColumn)];
        auto [it, added] = nodes.try_emplace(name);
        NodeData& node = it->second;
        if (added) {
            node.group = group;
            node.series.values.resize(metrics.size());
        } else if (node.group != group) {
            failRow(table, row.line, "group",
                "node '" + name + "' was in group '" + node.group + "' before, now '" + group
                    + "'");
        }
        node.series.times.push_back(timeAt(table, row, timeColumn, options));
        node.series.lines.push_back(row.line);
        for (std::size_t m = 0; m < metricColumns.size(); ++m)
            node.series.values[m].push_back(metricAt(table, row, metricColumns[m]));
    }
    if (nodes.empty())
        throw DataError(table.source + ": no rows");
    for (auto& [name, node] : nodes)
        sortByTime(node.series, table, "node '" + name + "'");
    return nodes;
}

// The target table: the chosen column as one series.
Series readTarget(const CsvTable& table, const LowLevelFeatureOptions& options)
{
    const std::string& wanted = options.targetColumn;
    const int timeColumn = requireColumn(table, "timestamp");
    int valueColumn = -1;
    if (!wanted.empty()) {
        valueColumn = requireColumn(table, wanted);
    } else {
        if (table.header.size() != 2)
            throw DataError(table.source + ": name the target column, the file has "
                + std::to_string(table.header.size() - 1) + " besides timestamp");
        valueColumn = timeColumn == 0 ? 1 : 0;
    }
    Series series;
    series.values.resize(1);
    for (const CsvTable::Row& row : table.rows) {
        series.times.push_back(timeAt(table, row, timeColumn, options));
        series.lines.push_back(row.line);
        series.values[0].push_back(metricAt(table, row, valueColumn));
    }
    if (series.times.empty())
        throw DataError(table.source + ": no rows");
    sortByTime(series, table, "the target");
    return series;
}

// Aggregated node features per complete step, ascending in time.
struct StepFeatures {
    std::vector<double> times;
    std::vector<std::vector<double>> rows;
    int incompleteSteps = 0;
};

StepFeatures aggregateSteps(const std::map<std::string, NodeData>& nodes,
    const std::vector<std::string>& groups, std::size_t metricCount, const CsvTable& table,
    const LowLevelFeatureOptions& options)
{
    // step index -> per node (in map order) the sample index in that step, or -1.
    std::map<long long, std::vector<long>> steps;
    std::size_t nodeIndex = 0;
    for (const auto& [name, node] : nodes) {
        for (std::size_t i = 0; i < node.series.times.size(); ++i) {
            const long long step = std::llround(node.series.times[i] / options.stepSeconds);
            auto& slots
                = steps.try_emplace(step, std::vector<long>(nodes.size(), -1)).first->second;
            if (slots[nodeIndex] >= 0)
                failRow(table, node.series.lines[i], "timestamp",
                    "node '" + name + "' has two samples in one "
                        + formatNumber(options.stepSeconds) + " s step (rows "
                        + std::to_string(
                            node.series.lines[static_cast<std::size_t>(slots[nodeIndex])])
                        + " and " + std::to_string(node.series.lines[i]) + ")");
            slots[nodeIndex] = static_cast<long>(i);
        }
        ++nodeIndex;
    }
    StepFeatures result;
    for (const auto& [step, slots] : steps) {
        if (std::find(slots.begin(), slots.end(), -1) != slots.end()) {
            ++result.incompleteSteps;
            continue;
        }
        double timeSum = 0.0;
        std::vector<double> row;
        for (const std::string& group : groups) {
            for (std::size_t m = 0; m < metricCount; ++m) {
                std::vector<double> values;
                std::size_t n = 0;
                for (const auto& [name, node] : nodes) {
                    const auto i = static_cast<std::size_t>(slots[n++]);
                    if (node.group == group)
                        values.push_back(node.series.values[m][i]);
                }
                const NodeAggregate a = aggregateAcrossNodes(values, options.topRule);
                row.insert(row.end(), {a.mean, a.sum, a.std, a.top});
            }
        }
        std::size_t n = 0;
        for (const auto& entry : nodes)
            timeSum += entry.second.series.times[static_cast<std::size_t>(slots[n++])];
        result.times.push_back(timeSum / static_cast<double>(nodes.size()));
        result.rows.push_back(std::move(row));
    }
    return result;
}

void checkOptions(const LowLevelFeatureOptions& options)
{
    if (!(options.windowSeconds > 0.0) || !(options.stepSeconds > 0.0)
        || !(options.toleranceSeconds >= 0.0))
        throw ConfigError("low-level features: window and step must be > 0, tolerance >= 0");
}

} // namespace

NodeAggregate aggregateAcrossNodes(const std::vector<double>& values, TopShareRule rule)
{
    if (values.empty())
        throw StateError("aggregateAcrossNodes: no values");
    const double n = static_cast<double>(values.size());
    NodeAggregate a;
    a.sum = std::accumulate(values.begin(), values.end(), 0.0);
    a.mean = a.sum / n;
    double ss = 0.0;
    for (double v : values)
        ss += (v - a.mean) * (v - a.mean);
    a.std = std::sqrt(ss / n);
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    if (rule == TopShareRule::Percentile95) {
        const double h = (n - 1.0) * 0.95;
        const auto lo = static_cast<std::size_t>(std::floor(h));
        const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
        a.top = sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
    } else {
        const auto k = static_cast<std::size_t>(std::ceil(0.05 * n));
        a.top = std::accumulate(sorted.end() - static_cast<long>(k), sorted.end(), 0.0)
            / static_cast<double>(k);
    }
    return a;
}

std::vector<double> trailingMovingAverage(
    const std::vector<double>& times, const std::vector<double>& values, double window)
{
    std::vector<double> out(values.size());
    std::size_t first = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        // times[i] - window rounds to times[i] itself where the window is below the spacing of
        // doubles there (a 60 s window at 1e18): a sample stays in its own window regardless.
        while (first < i && times[first] <= times[i] - window)
            ++first;
        // Summed afresh per window rather than as a running sum: a running sum drifts with
        // rounding over a long series, and an exact window mean is what the tests can check.
        out[i] = std::accumulate(values.begin() + static_cast<long>(first),
                     values.begin() + static_cast<long>(i) + 1, 0.0)
            / static_cast<double>(i + 1 - first);
    }
    return out;
}

LowLevelFeatureTable buildLowLevelFeatures(
    const CsvTable& nodesTable, const CsvTable& targetTable, const LowLevelFeatureOptions& options)
{
    checkOptions(options);
    std::vector<std::string> metrics;
    std::map<std::string, NodeData> nodes = readNodes(nodesTable, metrics, options);
    std::set<std::string> groupSet;
    for (auto& [name, node] : nodes) {
        smooth(node.series, options.windowSeconds);
        groupSet.insert(node.group);
    }
    const std::vector<std::string> groups(groupSet.begin(), groupSet.end());
    LowLevelFeatureTable table;
    table.nodes = static_cast<int>(nodes.size());
    for (const std::string& group : groups)
        for (const std::string& metric : metrics)
            for (const char* statistic : {"mean", "sum", "std", "top5"})
                table.names.push_back(std::string(statistic) + "("
                    + (group.empty() ? metric : group + "/" + metric) + ")");
    const StepFeatures steps = aggregateSteps(nodes, groups, metrics.size(), nodesTable, options);
    if (steps.incompleteSteps > 0)
        table.warnings.push_back(countedNoun(steps.incompleteSteps, "time step")
            + " skipped: not every node has a sample there");

    Series target = readTarget(targetTable, options);
    smooth(target, options.windowSeconds);
    std::vector<std::size_t> matched;
    for (std::size_t i = 0; i < target.times.size(); ++i) {
        const double t = target.times[i];
        const auto it = std::lower_bound(steps.times.begin(), steps.times.end(), t);
        std::size_t best = steps.times.size();
        if (it != steps.times.end())
            best = static_cast<std::size_t>(it - steps.times.begin());
        if (it != steps.times.begin()) {
            const auto before = static_cast<std::size_t>(it - steps.times.begin()) - 1;
            if (best == steps.times.size() || t - steps.times[before] <= steps.times[best] - t)
                best = before;
        }
        if (best < steps.times.size()
            && std::fabs(steps.times[best] - t) <= options.toleranceSeconds) {
            table.timestamps.push_back(t);
            matched.push_back(best);
            table.y.conservativeResize(static_cast<Eigen::Index>(matched.size()));
            table.y(table.y.size() - 1) = target.values[0][i];
        }
    }
    const std::size_t dropped = target.times.size() - matched.size();
    if (dropped > 0)
        table.warnings.push_back(countedNoun(dropped, "target sample")
            + " dropped: no node step within " + formatNumber(options.toleranceSeconds) + " s");
    if (matched.empty())
        throw DataError(targetTable.source + ": no target sample matches a time step of "
            + nodesTable.source + " (check the time origin of both files)");
    table.x.resize(
        static_cast<Eigen::Index>(matched.size()), static_cast<Eigen::Index>(table.names.size()));
    for (std::size_t r = 0; r < matched.size(); ++r)
        for (std::size_t c = 0; c < table.names.size(); ++c)
            table.x(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c))
                = steps.rows[matched[r]][c];
    return table;
}

LowLevelFeatureTable readLowLevelFeatures(const std::string& nodesPath,
    const std::string& targetPath, const LowLevelFeatureOptions& options)
{
    return buildLowLevelFeatures(readCsvFile(nodesPath), readCsvFile(targetPath), options);
}

} // namespace iolens::core

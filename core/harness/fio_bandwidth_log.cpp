// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/fio_bandwidth_log.hpp"

#include "common/error.hpp"
#include "common/text_file.hpp"
#include "common/text_trim.hpp"
#include "data/csv_table.hpp"

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

namespace iolens::core {

namespace {

} // namespace

std::vector<ThroughputSample> readBandwidthLogs(const std::vector<std::filesystem::path>& logs)
{
    std::map<long long, double> kibPerSecond; // whole Unix second -> KiB/s of all jobs
    for (const auto& log : logs) {
        std::ifstream in(log);
        std::string line;
        for (int row = 1; std::getline(in, line); ++row) {
            if (line.empty())
                continue;
            std::istringstream fields(line);
            std::string timeText, valueText;
            double timeMs = 0.0, value = 0.0;
            if (!std::getline(fields, timeText, ',') || !std::getline(fields, valueText, ',')
                || !parseDouble(trimmed(timeText), timeMs)
                || !parseDouble(trimmed(valueText), value))
                throw DataError(log.string() + ": line " + std::to_string(row)
                    + ": not 'time_ms, KiB/s, ...' of an fio bandwidth log");
            // Jobs log at slightly different milliseconds; one second collects them all.
            kibPerSecond[std::llround(timeMs / 1000.0)] += value;
        }
    }
    std::vector<ThroughputSample> samples;
    samples.reserve(kibPerSecond.size());
    for (const auto& [second, kib] : kibPerSecond)
        samples.push_back({static_cast<double>(second), kib / 1024.0});
    return samples;
}

void writeThroughputCsv(
    const std::filesystem::path& file, const std::vector<ThroughputSample>& samples)
{
    std::string text = "timestamp,throughput_mbs\n";
    for (const ThroughputSample& s : samples)
        text += formatNumber(s.timestamp) + "," + formatNumber(s.mibPerSecond) + "\n";
    writeTextFileAtomically(file.string(), text);
}

} // namespace iolens::core

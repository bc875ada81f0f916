// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/scenario_text.hpp"

#include "common/closest_name.hpp"
#include "common/error.hpp"
#include "common/text_trim.hpp"
#include "data/csv_table.hpp"
#include "data/fio_json_reader.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::core {

namespace {

[[noreturn]] void reject(std::string_view item, const std::string& why)
{
    throw ConfigError("scenario item '" + std::string(item) + "': " + why);
}

/// A size: a bare number is in `unitBytes` (fractions allowed, "0.5" MiB), anything else goes
/// through fio's size syntax.
std::int64_t parseSize(std::string_view item, std::string_view value, double unitBytes)
{
    double number = 0.0;
    if (parseDouble(value, number)) {
        const double bytes = number * unitBytes;
        if (!(bytes >= 1.0) || bytes != std::floor(bytes))
            reject(item, "a size must be a positive whole number of bytes");
        if (bytes > 0x1p62)
            reject(item, "a size must be below 4 EiB");
        return static_cast<std::int64_t>(bytes);
    }
    const auto bytes = parseFioSize(value);
    if (!bytes || *bytes <= 0)
        reject(item, "not a size (use e.g. 16KiB, 4GiB)");
    return *bytes;
}

int parseCount(std::string_view item, std::string_view value)
{
    long long count = 0;
    if (!parseInt64(value, count) || count < 1 || count > 1000000)
        reject(item, "expects a whole number >= 1");
    return static_cast<int>(count);
}

void applyItem(std::string_view item, Configuration& config)
{
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos)
        reject(item, "expected key=value");
    const std::string_view key = trimmed(item.substr(0, eq), " ");
    const std::string_view value = trimmed(item.substr(eq + 1), " ");
    if (value.empty())
        reject(item, "no value");
    if (key == "request") {
        config.requestBytes = parseSize(item, value, 1024.0);
    } else if (key == "fileset") {
        config.filesetBytes = parseSize(item, value, 1024.0 * 1024.0);
    } else if (key == "read") {
        double pct = 0.0;
        if (!parseDouble(value, pct) || pct < 0.0 || pct > 100.0)
            reject(item, "the read share is a number from 0 to 100");
        config.readPct = pct;
    } else if (key == "scheduler") {
        config.scheduler = std::string(value);
    } else if (key == "pattern") {
        if (!parsePattern(value, config.pattern))
            reject(item, "the pattern is random or sequential");
    } else if (key == "threads") {
        config.threads = parseCount(item, value);
    } else if (key == "vms") {
        config.vms = parseCount(item, value);
    } else {
        static const std::vector<std::string> kKeys {
            "request", "read", "fileset", "scheduler", "pattern", "threads", "vms"};
        reject(item,
            "unknown key '" + std::string(key) + "' (" + didYouMean(key, kKeys) + "use "
                + listOfNames(kKeys) + ")");
    }
}

std::string binarySize(std::int64_t bytes)
{
    static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int unit = 0;
    // Largest unit that divides the size exactly, so the text reads back as the same bytes.
    while (unit < 4 && bytes % 1024 == 0 && bytes >= 1024) {
        bytes /= 1024;
        ++unit;
    }
    return std::to_string(bytes) + units[unit];
}

} // namespace

Configuration parseScenarioText(std::string_view text, Configuration base)
{
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view item = trimmed(text.substr(start, comma - start), " ");
        if (!item.empty())
            applyItem(item, base);
        start = comma + 1;
    }
    return base;
}

std::string scenarioText(const Configuration& config)
{
    return "request=" + binarySize(config.requestBytes) + ",read=" + formatNumber(config.readPct)
        + ",fileset=" + binarySize(config.filesetBytes) + ",scheduler=" + config.scheduler
        + ",pattern=" + std::string(patternName(config.pattern))
        + ",threads=" + std::to_string(config.threads) + ",vms=" + std::to_string(config.vms);
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/configuration.hpp"

#include "common/error.hpp"
#include "common/units.hpp"

#include <cmath>

namespace iolens::core {

namespace {
constexpr double kBytesPerKiB = 1024.0;
} // namespace

std::string_view patternName(Pattern pattern)
{
    return pattern == Pattern::Random ? "random" : "sequential";
}

bool parsePattern(std::string_view text, Pattern& pattern)
{
    if (text == "random") {
        pattern = Pattern::Random;
        return true;
    }
    if (text == "sequential") {
        pattern = Pattern::Sequential;
        return true;
    }
    return false;
}

std::string_view factorColumnName(Factor factor)
{
    switch (factor) {
    case Factor::Scheduler:
        return "scheduler";
    case Factor::FilesetBytes:
        return "fileset_bytes";
    case Factor::RequestBytes:
        return "request_bytes";
    case Factor::Pattern:
        return "pattern";
    case Factor::ReadPct:
        return "read_pct";
    case Factor::Threads:
        return "threads";
    case Factor::Vms:
        return "vms";
    }
    return "";
}

bool isCategorical(Factor factor)
{
    return factor == Factor::Scheduler || factor == Factor::Pattern;
}

std::string_view categoricalValue(const Configuration& config, Factor factor)
{
    if (factor == Factor::Scheduler)
        return config.scheduler;
    if (factor == Factor::Pattern)
        return patternName(config.pattern);
    throw StateError(
        "categoricalValue: factor " + std::string(factorColumnName(factor)) + " is numeric");
}

double numericValue(const Configuration& config, Factor factor)
{
    switch (factor) {
    case Factor::FilesetBytes:
        return static_cast<double>(config.filesetBytes) / kBytesPerMiB;
    case Factor::RequestBytes:
        return static_cast<double>(config.requestBytes) / kBytesPerKiB;
    case Factor::ReadPct:
        return config.readPct;
    case Factor::Threads:
        return config.threads;
    case Factor::Vms:
        return config.vms;
    case Factor::Scheduler:
    case Factor::Pattern:
        break;
    }
    throw StateError(
        "numericValue: factor " + std::string(factorColumnName(factor)) + " is categorical");
}

void setNumericValue(Configuration& config, Factor factor, double value)
{
    switch (factor) {
    case Factor::FilesetBytes:
        config.filesetBytes = std::llround(value * kBytesPerMiB);
        return;
    case Factor::RequestBytes:
        config.requestBytes = std::llround(value * kBytesPerKiB);
        return;
    case Factor::ReadPct:
        config.readPct = value;
        return;
    case Factor::Threads:
        config.threads = static_cast<int>(std::lround(value));
        return;
    case Factor::Vms:
        config.vms = static_cast<int>(std::lround(value));
        return;
    case Factor::Scheduler:
    case Factor::Pattern:
        break;
    }
    throw StateError(
        "setNumericValue: factor " + std::string(factorColumnName(factor)) + " is categorical");
}

std::string_view featureName(Factor factor)
{
    switch (factor) {
    case Factor::Scheduler:
        return "scheduler";
    case Factor::FilesetBytes:
        return "fileset_mib";
    case Factor::RequestBytes:
        return "request_kib";
    case Factor::Pattern:
        return "pattern";
    case Factor::ReadPct:
        return "read_pct";
    case Factor::Threads:
        return "threads";
    case Factor::Vms:
        return "vms";
    }
    return "";
}

std::string_view featureUnit(Factor factor)
{
    switch (factor) {
    case Factor::FilesetBytes:
        return "MiB";
    case Factor::RequestBytes:
        return "KiB";
    case Factor::ReadPct:
        return "%";
    default:
        return "";
    }
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/timestamp.hpp"

#include <chrono>
#include <ctime>

namespace iolens::core {

std::string isoTimestamp(std::int64_t secondsSinceEpoch)
{
    // gcc 12's library has no std::format, so this goes through the C calendar functions.
    const std::time_t time = static_cast<std::time_t>(secondsSinceEpoch);
    std::tm utc {};
    gmtime_r(&time, &utc);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return buffer;
}

std::string currentTimestamp()
{
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    return isoTimestamp(std::chrono::duration_cast<std::chrono::seconds>(now).count());
}

} // namespace iolens::core

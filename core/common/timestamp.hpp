// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

namespace iolens::core {

/// ISO 8601 UTC text of a Unix time ("2026-11-22T13:18:00Z").
std::string isoTimestamp(std::int64_t secondsSinceEpoch);
/// The current time as isoTimestamp.
std::string currentTimestamp();

} // namespace iolens::core

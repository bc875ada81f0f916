// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace iolens::core {

/// Parses a user's JSON file. Malformed text and numbers JSON can't hold (1e999 overflows a
/// double) throw DataError naming `source`, the field where parsing stopped ("jobs[0].read.bw")
/// and the reason, so the command line can exit 2 with a message a person can act on.
nlohmann::json parseJsonText(std::string_view text, const std::string& source);

} // namespace iolens::core

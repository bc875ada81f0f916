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

/// A double as JSON, which has no NaN or infinity (nlohmann writes null for both): "not
/// measured" (NaN) travels as null, an infinity (exp of a wild log-scale extrapolation) as the
/// string "inf" or "-inf".
nlohmann::json jsonNumber(double value);
/// The inverse of jsonNumber. Throws DataError for another string.
double numberOfJson(const nlohmann::json& json);

} // namespace iolens::core

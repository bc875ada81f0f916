// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace iolens::core {

/// A count with its noun, singular for one: "1 rule", "3 rules", "2 leaves" (`plural` when the
/// noun does not take an "s"). Messages and descriptions say "1 rule" rather than "1 rule(s)".
inline std::string countedNoun(
    std::size_t count, std::string_view singular, std::string_view plural = {})
{
    std::string text = std::to_string(count) + " ";
    if (count == 1)
        return text.append(singular);
    if (!plural.empty())
        return text.append(plural);
    return text.append(singular).append("s");
}

} // namespace iolens::core

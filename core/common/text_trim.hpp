// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string_view>

namespace iolens::core {

/// `text` without the leading and trailing characters of `blanks`.
inline std::string_view trimmed(std::string_view text, std::string_view blanks = " \t\r")
{
    const auto first = text.find_first_not_of(blanks);
    if (first == std::string_view::npos)
        return {};
    return text.substr(first, text.find_last_not_of(blanks) - first + 1);
}

} // namespace iolens::core

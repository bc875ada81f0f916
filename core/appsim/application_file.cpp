// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/application_file.hpp"

#include "appsim/builtin_applications.hpp"
#include "common/error.hpp"
#include "common/text_file.hpp"

#include <filesystem>

namespace iolens::core {

Application applicationFromArgument(const std::string& text)
{
    if (auto builtin = builtinApplication(text))
        return *builtin;
    if (!std::filesystem::is_regular_file(text)) {
        std::string names;
        for (const std::string& name : builtinApplicationNames())
            names += (names.empty() ? "" : ", ") + name;
        throw ConfigError(
            "--app '" + text + "': no such file, and not a built-in application (" + names + ")");
    }
    return parseApplication(readTextFile(text), text);
}

} // namespace iolens::core

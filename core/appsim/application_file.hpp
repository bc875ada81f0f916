// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsim/application.hpp"

#include <string>

namespace iolens::core {

/// The application an `--app` argument names: a built-in personality (fileserver, varmail,
/// webserver) or a JSON definition file. Throws ConfigError for neither (listing the built-ins)
/// and the parser's errors for a bad file.
Application applicationFromArgument(const std::string& text);

} // namespace iolens::core

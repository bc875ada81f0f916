// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/regressor.hpp"

#include <memory>
#include <string>
#include <vector>

namespace iolens::core {

/// Technique keys known to this build, in the order the window lists them.
std::vector<std::string> techniqueNames();
/// A new, unfitted regressor with default parameters. Throws ConfigError for an unknown key.
std::unique_ptr<Regressor> createRegressor(const std::string& technique);

} // namespace iolens::core

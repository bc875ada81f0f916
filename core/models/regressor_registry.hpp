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

/// The techniques of the ICPE'13 paper: lm, mars, cart, m5, cubist.
std::vector<std::string> paperTechniques();
/// What the window, `render`, `evidence` and `headroom` use unless told otherwise: the
/// recommended model ("auto", chosen per metric on leave-level-out cross-validation) first, then
/// paperTechniques() to compare it with. Twelve techniques side by side do not fit a prediction
/// panel, and the ensembles take seconds each on every dataset opened.
std::vector<std::string> defaultTechniques();
/// `names` if each is a key of techniqueNames(); throws ConfigError naming the first unknown one
/// and the known keys, or if `names` is empty.
std::vector<std::string> checkedTechniques(const std::vector<std::string>& names);

} // namespace iolens::core

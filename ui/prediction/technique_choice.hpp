// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace iolens::ui {

/// The user's choice from the Models menu, remembered in QSettings ("models/techniques"), in
/// registry order; unknown names (a technique of an older version) are dropped, and an empty or
/// missing choice gives core::defaultTechniques().
std::vector<std::string> loadTechniqueChoice();
void saveTechniqueChoice(const std::vector<std::string>& techniques);

} // namespace iolens::ui

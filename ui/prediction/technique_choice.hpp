// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace iolens::ui {

/// The techniques of the ICPE'13 paper (lm, mars, cart, m5, cubist): what the window trains
/// unless the user picks others. Twelve techniques side by side do not fit a prediction panel,
/// and the ensembles take seconds each on every dataset opened.
std::vector<std::string> paperTechniques();

/// The user's choice from the Models menu, remembered in QSettings ("models/techniques"), in
/// registry order; unknown names (a technique of an older version) are dropped, and an empty or
/// missing choice gives paperTechniques().
std::vector<std::string> loadTechniqueChoice();
void saveTechniqueChoice(const std::vector<std::string>& techniques);

} // namespace iolens::ui

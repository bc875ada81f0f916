// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace iolens::ui {

/// Help > About: the version, what iolens does and the papers its methods come from.
QString aboutText();

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/param_spec.hpp"

#include <QString>

namespace iolens::ui {

/// A technique parameter's one-line description in the window's language. Core keeps its
/// English text for the command line and model files; the window translates the descriptions
/// of the parameters the Parameter search tab offers as axes (their English texts are listed in
/// param_text.cpp for the translator). Any other description is shown as core has it.
QString paramDescription(const core::ParamSpec& spec);

/// Whether the translator has `spec`'s description: a test keeps the list in step with core.
bool paramDescriptionListed(const core::ParamSpec& spec);

} // namespace iolens::ui

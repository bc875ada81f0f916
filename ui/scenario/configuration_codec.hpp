// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"

#include <QString>

#include <optional>

namespace iolens::ui {

/// A configuration as one line of text for QSettings: the CSV header and row of its seven
/// configuration columns, the format `iolens-cli predict --configs` reads.
QString encodeConfiguration(const core::Configuration& config);
/// The configuration of encodeConfiguration's text; std::nullopt for anything else.
std::optional<core::Configuration> decodeConfiguration(const QString& text);

} // namespace iolens::ui

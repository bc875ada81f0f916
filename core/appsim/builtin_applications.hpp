// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsim/application.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iolens::core {

/// "fileserver", "varmail", "webserver": Filebench's personalities of those names.
std::vector<std::string> builtinApplicationNames();

/// The personality's file set, thread count and per-loop flowops, with Filebench's defaults
/// (file count, gamma file sizes of shape 1.5, append and I/O sizes, nthreads). Filebench has no
/// CPU or delay demands: those given here (0.1 ms CPU per create or delete, 0.02 ms per open,
/// close or stat, 1 ms per fsync) are starting points for the calibration at one client count
/// (CBSE'14 section 4.4), not measurements. nullopt for an unknown name.
std::optional<Application> builtinApplication(std::string_view name);

} // namespace iolens::core

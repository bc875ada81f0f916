// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace iolens::core {

/// Writes back dirty pages and empties the page cache (/proc/sys/vm/drop_caches), so a run
/// starts cold. Needs root; throws ConfigError saying so otherwise.
void dropPageCache();

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/page_cache.hpp"

#include "common/error.hpp"

#include <unistd.h>

#include <fstream>

namespace iolens::core {

void dropPageCache()
{
    ::sync();
    std::ofstream control("/proc/sys/vm/drop_caches");
    control << "3\n";
    control.flush();
    if (!control)
        throw ConfigError("--drop-caches: cannot write /proc/sys/vm/drop_caches (needs root)");
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/error.hpp"

#include <atomic>

namespace iolens::core {

/// A cross-validation stopped through its cancel flag: the window opened other data while an
/// `auto` model's folds, minutes of fits on a large database, were still running.
class ValidationCancelled : public Error {
public:
    ValidationCancelled()
        : Error("cross-validation cancelled")
    {
    }
};

/// True when `cancel` is given and set: the check every fold makes before it fits.
inline bool validationCancelled(const std::atomic<bool>* cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

} // namespace iolens::core

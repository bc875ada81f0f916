// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"

#include <QMetaType>

// Core types that travel through signals (and QSignalSpy in the tests). Core stays Qt-free, so
// the declarations live here rather than next to the types.
Q_DECLARE_METATYPE(iolens::core::Configuration)

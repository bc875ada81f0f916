// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace iolens::core {

inline constexpr std::int64_t kMiB = 1024 * 1024;
inline constexpr double kBytesPerMiB = 1024.0 * 1024.0;
/// The block unit of block-level traces (LBAs, blkparse sectors, DiskSim blocks).
inline constexpr std::int64_t kSectorBytes = 512;

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// How long a window test waits for work the window does in the background (training,
/// cross-validation, searches) before it fails: minutes, since the sanitizer build on CI's two
/// cores is many times slower than a release build.
inline constexpr int kTimeoutMs = 120000;

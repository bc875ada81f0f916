// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <functional>

namespace iolens::ui {

class MainWindow;

/// Saves a PNG of `window` (QWidget::grab, so it works on the offscreen platform) as soon as its
/// models are trained, so the picture shows predictions and not "training…" (and, when the
/// Models tab is the current view, as soon as they are cross-validated as well); then calls
/// `done(true)`, or `done(false)` if the file could not be written or the models did not finish
/// within `timeoutMs`. Used by `iolens --screenshot` for the README picture and by a test.
void saveScreenshotWhenReady(MainWindow& window, const QString& path,
    const std::function<void(bool)>& done, int timeoutMs = 120000);

} // namespace iolens::ui

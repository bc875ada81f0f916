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
/// Ten minutes by default: the Error CDF of fio-local's 300 configurations waits for the 10-fold
/// cross-validation of 24 models, `auto` refitted in every fold, which took 174 s on the 2-core
/// development machine (session 57), past the two minutes allowed until then.
void saveScreenshotWhenReady(MainWindow& window, const QString& path,
    const std::function<void(bool)>& done, int timeoutMs = 600000);

} // namespace iolens::ui

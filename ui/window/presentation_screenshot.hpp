// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QImage>
#include <QString>

class QWidget;

namespace iolens::ui {

/// `widget` (the whole window, or one view) drawn at `scale` times its pixels: an image of
/// size() x scale pixels laid out exactly as on screen, sharp on a projector or a slide (asked for
/// as "a whole-window or whole-view presentation screenshot at 2x"). Plots are redrawn at the scale
/// for the picture rather than enlarged from their screen buffers, then put back. The image
/// says 96 dpi x scale and carries "Software" and "Title" (the window title) as text.
/// Works on the offscreen platform; needs a QApplication.
QImage presentationScreenshot(QWidget& widget, double scale = 2.0);

/// Writes presentationScreenshot(widget, scale) as PNG to `path`. Returns false and sets
/// `error` naming the file if it cannot be written.
bool savePresentationScreenshot(
    QWidget& widget, const QString& path, double scale = 2.0, QString* error = nullptr);

/// View ▸ Save presentation screenshot…: asks for a PNG file and saves the window at 2x; a
/// failure is shown in a message box.
void promptPresentationScreenshot(QWidget& window);

} // namespace iolens::ui

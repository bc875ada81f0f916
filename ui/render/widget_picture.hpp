// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plots/plot_export.hpp"

#include <QString>

class QWidget;

namespace iolens::ui {

/// Writes `widget` as drawn on screen at its current size to `path`: PNG (QWidget::grab, with
/// `info` as text chunks), SVG (QSvgGenerator) or PDF (QPdfWriter, one page of the widget's size
/// at 96 dpi), by the extension. For the views that are tables and panels rather than plots
/// (measurements, models, predictions). Returns false with `error` naming the file on failure.
bool saveWidgetPicture(
    QWidget& widget, const QString& path, const PictureInfo& info, QString* error = nullptr);

} // namespace iolens::ui

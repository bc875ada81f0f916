// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>
#include <QString>

#include <optional>

class QCustomPlot;
class QImage;

namespace iolens::ui {

/// Saving a QCustomPlot as a picture for a report or a slide ("Presenting and
/// exporting"): PNG at a chosen size and DPI scale, SVG, PDF, or the clipboard. The data behind
/// a plot goes to CSV through plot_data_csv.hpp; the context menu of every plot is
/// plot_export_menu.hpp.

/// The picture formats, chosen by the file's extension.
enum class PictureFormat { Png, Svg, Pdf };

/// PictureFormat of `path` by its extension (.png, .svg, .pdf, any case); nullopt otherwise.
std::optional<PictureFormat> pictureFormatOf(const QString& path);

/// What a picture shows, written into a PNG as text chunks ("Scenario", "Models") so that a
/// picture in a report still says where it came from. Empty fields are left out.
struct PictureInfo {
    QString title;    ///< "Error CDF", "Conservation check", ...
    QString scenario; ///< "request=16KiB,read=70,..." or the evaluation scenario
    QString models;   ///< the model names shown, comma separated
};

/// How a plot is exported.
struct PlotExportOptions {
    QSize size;         ///< logical size in pixels; empty: the plot's size on screen
    double scale = 1.0; ///< device pixel ratio of a PNG (2: twice the pixels, same layout)
    PictureInfo info;
};

/// The plot drawn at `options.size` (its own size if empty) into an image of
/// size x scale pixels whose dots-per-metre say 96 dpi x scale, with `options.info` as text.
/// The plot's widget size is left as it was.
QImage plotImage(QCustomPlot& plot, const PlotExportOptions& options);

/// Writes `plot` to `path` in the format of its extension. Returns false and sets `error` (if
/// given) to a message naming the file when the extension is unknown or the file cannot be
/// written. SVG and PDF are vector pictures at the logical size; the scale applies to PNG only.
bool savePlot(QCustomPlot& plot, const QString& path, const PlotExportOptions& options,
    QString* error = nullptr);

/// Puts the plot, as drawn on screen at twice its pixels, on the clipboard as an image.
void copyPlotToClipboard(QCustomPlot& plot);

} // namespace iolens::ui

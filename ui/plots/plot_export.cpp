// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/plot_export.hpp"

#include <qcustomplot.h>

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QSvgGenerator>

#include <cmath>

namespace iolens::ui {

namespace {

/// The context of the export's messages for Qt Linguist.
class PlotExport {
    Q_DECLARE_TR_FUNCTIONS(PlotExport)
};

/// 96 dpi, the logical resolution Qt lays widgets out at, in dots per metre.
constexpr double kLogicalDotsPerMetre = 96.0 / 0.0254;

QSize exportSize(const QCustomPlot& plot, const PlotExportOptions& options)
{
    return options.size.isEmpty() ? plot.size() : options.size;
}

void fail(QString* error, const QString& message)
{
    if (error)
        *error = message;
}

bool saveSvg(QCustomPlot& plot, const QString& path, const PlotExportOptions& options)
{
    const QSize size = exportSize(plot, options);
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(options.info.title);
    generator.setDescription(options.info.scenario);
    QCPPainter painter;
    if (!painter.begin(&generator))
        return false;
    plot.toPainter(&painter, size.width(), size.height());
    return painter.end();
}

} // namespace

std::optional<PictureFormat> pictureFormatOf(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return PictureFormat::Png;
    if (suffix == QLatin1String("svg"))
        return PictureFormat::Svg;
    if (suffix == QLatin1String("pdf"))
        return PictureFormat::Pdf;
    return std::nullopt;
}

QImage plotImage(QCustomPlot& plot, const PlotExportOptions& options)
{
    const QSize size = exportSize(plot, options);
    // toPixmap lays the plot out at `size` for this one drawing and restores its viewport.
    QImage image = plot.toPixmap(size.width(), size.height(), options.scale).toImage();
    const int dots = static_cast<int>(std::lround(kLogicalDotsPerMetre * options.scale));
    image.setDotsPerMeterX(dots);
    image.setDotsPerMeterY(dots);
    // toPixmap hands back an image with the scale as its device pixel ratio; a file has none.
    image.setDevicePixelRatio(1.0);
    const std::pair<const char*, QString> texts[]
        = {{"Title", options.info.title}, {"Scenario", options.info.scenario},
            {"Models", options.info.models}, {"Software", QStringLiteral("iolens")}};
    for (const auto& [key, value] : texts)
        if (!value.isEmpty())
            image.setText(QString::fromLatin1(key), value);
    return image;
}

bool savePlot(
    QCustomPlot& plot, const QString& path, const PlotExportOptions& options, QString* error)
{
    const auto format = pictureFormatOf(path);
    if (!format) {
        fail(
            error, PlotExport::tr("%1: unknown picture format (use .png, .svg or .pdf)").arg(path));
        return false;
    }
    QDir().mkpath(QFileInfo(path).absolutePath());
    bool written = false;
    QString reason;
    switch (*format) {
    case PictureFormat::Png: {
        QImageWriter writer(path, "png");
        written = writer.write(plotImage(plot, options));
        reason = writer.errorString();
        break;
    }
    case PictureFormat::Svg:
        written = saveSvg(plot, path, options);
        break;
    case PictureFormat::Pdf: {
        const QSize size = exportSize(plot, options);
        // Cosmetic pens would be one device pixel wide: invisible hairlines in print.
        written = plot.savePdf(path, size.width(), size.height(), QCP::epNoCosmetic,
            QStringLiteral("iolens"), options.info.title);
        break;
    }
    }
    if (!written)
        fail(error,
            PlotExport::tr("%1: cannot write (%2)")
                .arg(path, reason.isEmpty() ? QStringLiteral("?") : reason));
    return written;
}

void copyPlotToClipboard(QCustomPlot& plot)
{
    PlotExportOptions options;
    options.scale = 2.0; // sharp on a high-DPI screen and on a projector
    QApplication::clipboard()->setImage(plotImage(plot, options));
}

} // namespace iolens::ui

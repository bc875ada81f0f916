// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/presentation_screenshot.hpp"

#include "common/version.hpp"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QFileDialog>
#include <QImageWriter>
#include <QMessageBox>
#include <QWidget>

#include <cmath>

namespace iolens::ui {

namespace {

/// The context of the messages for Qt Linguist.
class PresentationScreenshot {
    Q_DECLARE_TR_FUNCTIONS(PresentationScreenshot)
};

/// 96 dpi, the logical resolution Qt lays widgets out at, in dots per metre.
constexpr double kLogicalDotsPerMetre = 96.0 / 0.0254;

/// Redraws each plot into buffers of its given device pixels per pixel.
void setPlotBufferRatio(const std::vector<std::pair<QCustomPlot*, double>>& ratios)
{
    for (const auto& [plot, ratio] : ratios) {
        plot->setBufferDevicePixelRatio(ratio);
        plot->replot(QCustomPlot::rpImmediateRefresh);
    }
}

} // namespace

QImage presentationScreenshot(QWidget& widget, double scale)
{
    QImage image(widget.size() * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(widget.palette().color(QPalette::Window));
    // A plot paints its last replot's buffers; at the screen's ratio they would be enlarged,
    // blurred, into the picture. Redraw them at the picture's ratio, then put them back.
    std::vector<std::pair<QCustomPlot*, double>> sharp;
    std::vector<std::pair<QCustomPlot*, double>> normal;
    for (QCustomPlot* plot : widget.findChildren<QCustomPlot*>()) {
        sharp.emplace_back(plot, scale);
        normal.emplace_back(plot, plot->bufferDevicePixelRatio());
    }
    setPlotBufferRatio(sharp);
    widget.render(&image);
    setPlotBufferRatio(normal);
    image.setDevicePixelRatio(1.0); // a file has pixels, not logical pixels
    const int dots = static_cast<int>(std::lround(kLogicalDotsPerMetre * scale));
    image.setDotsPerMeterX(dots);
    image.setDotsPerMeterY(dots);
    image.setText(
        QStringLiteral("Software"), QStringLiteral("iolens ") + QString::fromLatin1(kVersion));
    if (!widget.windowTitle().isEmpty())
        image.setText(QStringLiteral("Title"), widget.windowTitle());
    return image;
}

bool savePresentationScreenshot(QWidget& widget, const QString& path, double scale, QString* error)
{
    QImageWriter writer(path, "png");
    if (writer.write(presentationScreenshot(widget, scale)))
        return true;
    if (error)
        *error
            = PresentationScreenshot::tr("%1: cannot write (%2)").arg(path, writer.errorString());
    return false;
}

void promptPresentationScreenshot(QWidget& window)
{
    QString path = QFileDialog::getSaveFileName(&window,
        PresentationScreenshot::tr("Save presentation screenshot (2x)"),
        QStringLiteral("iolens-screenshot.png"),
        PresentationScreenshot::tr("PNG pictures (*.png)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive))
        path += QStringLiteral(".png");
    QString error;
    if (!savePresentationScreenshot(window, path, 2.0, &error))
        QMessageBox::warning(
            &window, PresentationScreenshot::tr("Cannot save the screenshot"), error);
}

} // namespace iolens::ui

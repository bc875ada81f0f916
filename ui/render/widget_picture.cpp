// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/widget_picture.hpp"

#include "common/pending_layouts.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPixmap>
#include <QSvgGenerator>
#include <QWidget>

namespace iolens::ui {

namespace {

/// The context of the messages for Qt Linguist.
class WidgetPicture {
    Q_DECLARE_TR_FUNCTIONS(WidgetPicture)
};

/// Qt lays widgets out at 96 logical dpi; PDF pages are measured in points (1/72 in).
constexpr double kPointsPerPixel = 72.0 / 96.0;

bool savePng(QWidget& widget, const QString& path, const PictureInfo& info, QString& reason)
{
    QImage image = widget.grab().toImage();
    image.setDevicePixelRatio(1.0);
    if (!info.title.isEmpty())
        image.setText(QStringLiteral("Title"), info.title);
    if (!info.scenario.isEmpty())
        image.setText(QStringLiteral("Scenario"), info.scenario);
    if (!info.models.isEmpty())
        image.setText(QStringLiteral("Models"), info.models);
    image.setText(QStringLiteral("Software"), QStringLiteral("iolens"));
    QImageWriter writer(path, "png");
    if (writer.write(image))
        return true;
    reason = writer.errorString();
    return false;
}

bool saveSvg(QWidget& widget, const QString& path, const PictureInfo& info)
{
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(widget.size());
    generator.setViewBox(widget.rect());
    generator.setTitle(info.title);
    generator.setDescription(info.scenario);
    QPainter painter;
    if (!painter.begin(&generator))
        return false;
    widget.render(&painter);
    return painter.end();
}

bool savePdf(QWidget& widget, const QString& path, const PictureInfo& info)
{
    QPdfWriter writer(path);
    writer.setCreator(QStringLiteral("iolens"));
    writer.setTitle(info.title);
    writer.setResolution(96); // one PDF unit per widget pixel
    const QSizeF points = QSizeF(widget.size()) * kPointsPerPixel;
    writer.setPageLayout(
        QPageLayout(QPageSize(points, QPageSize::Point), QPageLayout::Portrait, QMarginsF()));
    QPainter painter;
    if (!painter.begin(&writer))
        return false;
    widget.render(&painter);
    return painter.end();
}

} // namespace

bool saveWidgetPicture(
    QWidget& widget, const QString& path, const PictureInfo& info, QString* error)
{
    const auto format = pictureFormatOf(path);
    QString reason;
    bool written = false;
    if (format) {
        QDir().mkpath(QFileInfo(path).absolutePath());
        settlePendingLayouts();
        switch (*format) {
        case PictureFormat::Png:
            written = savePng(widget, path, info, reason);
            break;
        case PictureFormat::Svg:
            written = saveSvg(widget, path, info);
            break;
        case PictureFormat::Pdf:
            written = savePdf(widget, path, info);
            break;
        }
    }
    if (!written && error)
        *error = format
            ? WidgetPicture::tr("%1: cannot write (%2)")
                  .arg(path, reason.isEmpty() ? QStringLiteral("?") : reason)
            : WidgetPicture::tr("%1: unknown picture format (use .png, .svg or .pdf)").arg(path);
    return written;
}

} // namespace iolens::ui

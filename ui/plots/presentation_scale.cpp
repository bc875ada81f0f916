// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/presentation_scale.hpp"

#include <qcustomplot.h>

#include <QMetaProperty>

namespace iolens::ui {

namespace {

/// The dynamic property holding the plot's factor, and the prefixes of those holding an object's
/// normal value of a property and the value this code last set.
constexpr const char* kFactorProperty = "iolensPresentationFactor";
const QByteArray kNormalPrefix = QByteArrayLiteral("iolensNormal.");
const QByteArray kScaledPrefix = QByteArrayLiteral("iolensScaled.");

QFont scaled(QFont font, double factor)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * factor);
    else if (font.pixelSize() > 0)
        font.setPixelSize(qRound(font.pixelSize() * factor));
    return font;
}

QPen scaled(QPen pen, double factor)
{
    if (pen.style() == Qt::NoPen)
        return pen;
    // Width 0 is a cosmetic one-pixel line: it grows like a 1-pixel pen.
    pen.setWidthF(std::max(pen.widthF(), 1.0) * factor);
    return pen;
}

/// Sets property `name` of `object` to its normal value times `factor`. The normal value is the
/// current one unless the current one is what this code set last: a view that set a new pen or
/// font since (a new colour on selection) has thereby set a new normal value.
template <typename T> void scaleProperty(QObject& object, const char* name, double factor)
{
    const QByteArray normalKey = kNormalPrefix + name;
    const QByteArray scaledKey = kScaledPrefix + name;
    const T current = qvariant_cast<T>(object.property(name));
    const QVariant lastSet = object.property(scaledKey.constData());
    const T normal = lastSet.isValid() && qvariant_cast<T>(lastSet) == current
        ? qvariant_cast<T>(object.property(normalKey.constData()))
        : current;
    const T value = scaled(normal, factor);
    object.setProperty(normalKey.constData(), QVariant::fromValue(normal));
    object.setProperty(scaledKey.constData(), QVariant::fromValue(value));
    if (!(value == current))
        object.setProperty(name, QVariant::fromValue(value));
}

/// Every QPen and QFont property QCustomPlot declares on `object` (axes, grids, plottables,
/// legends, text elements, items): one generic pass instead of a list per class.
void scaleObject(QObject& object, double factor)
{
    const QMetaObject* meta = object.metaObject();
    for (int i = 0; i < meta->propertyCount(); ++i) {
        const QMetaProperty property = meta->property(i);
        if (!property.isWritable())
            continue;
        if (property.metaType() == QMetaType::fromType<QPen>())
            scaleProperty<QPen>(object, property.name(), factor);
        else if (property.metaType() == QMetaType::fromType<QFont>())
            scaleProperty<QFont>(object, property.name(), factor);
    }
}

} // namespace

void applyPresentationScale(QCustomPlot& plot, double factor)
{
    // Layerables (axes, grids, plottables, items, legends, text elements) are QObject children
    // of their plot.
    // Legend items are left out: QCPLegend::setFont passes the legend's (scaled) font on to
    // every item, and scaling the items too would enlarge their text twice.
    for (QCPLayerable* layerable : plot.findChildren<QCPLayerable*>())
        if (!qobject_cast<QCPAbstractLegendItem*>(layerable))
            scaleObject(*layerable, factor);
}

void installPresentationScale(QCustomPlot& plot, double factor)
{
    const bool hooked = plot.property(kFactorProperty).isValid();
    plot.setProperty(kFactorProperty, factor);
    applyPresentationScale(plot, factor);
    if (hooked)
        return;
    // beforeReplot comes before the layout and drawing: a graph a view just rebuilt is drawn
    // at the presentation size in the same replot.
    QObject::connect(&plot, &QCustomPlot::beforeReplot, &plot,
        [&plot] { applyPresentationScale(plot, plot.property(kFactorProperty).toDouble()); });
}

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/plot_data_csv.hpp"

#include "common/text_file.hpp"
#include "data/csv_table.hpp"

#include <qcustomplot.h>

#include <cmath>
#include <exception>
#include <string>
#include <vector>

namespace iolens::ui {

namespace {

using core::formatNumber;

struct SeriesText {
    std::string name;
    std::string xAxis;
    std::string yAxis;
};

std::string axisLabel(const QCPAxis* axis)
{
    return axis ? axis->label().simplified().toStdString() : std::string();
}

void appendRow(
    std::string& csv, const SeriesText& series, double x, double y, const std::string& z = {})
{
    if (std::isnan(x) || std::isnan(y))
        return; // a gap in a line, not a point
    csv += core::formatCsvLine(
        {series.name, series.xAxis, series.yAxis, formatNumber(x), formatNumber(y), z});
}

template <typename Container>
void appendPoints(std::string& csv, const SeriesText& series, const Container& data)
{
    for (auto it = data.constBegin(); it != data.constEnd(); ++it)
        appendRow(csv, series, it->mainKey(), it->mainValue());
}

void appendCurve(std::string& csv, const SeriesText& series, const QCPCurve& curve)
{
    // A curve's main key is its parameter t; its points are (key, value) in t order.
    for (auto it = curve.data()->constBegin(); it != curve.data()->constEnd(); ++it)
        appendRow(csv, series, it->key, it->value);
}

void appendColorMap(std::string& csv, const SeriesText& series, const QCPColorMap& map)
{
    // cell() is not const in QCustomPlot 2.1, though it only reads.
    QCPColorMapData* data = map.data();
    for (int ix = 0; ix < data->keySize(); ++ix) {
        for (int iy = 0; iy < data->valueSize(); ++iy) {
            double x = 0.0;
            double y = 0.0;
            data->cellToCoord(ix, iy, &x, &y);
            const double z = data->cell(ix, iy);
            if (!std::isnan(z))
                appendRow(csv, series, x, y, formatNumber(z));
        }
    }
}

} // namespace

QString plotDataCsv(const QCustomPlot& plot)
{
    std::string csv = core::formatCsvLine({"series", "x_axis", "y_axis", "x", "y", "z"});
    // QCustomPlot 2.1 has no const accessor for its plottables; they are only read here.
    auto& readable = const_cast<QCustomPlot&>(plot);
    for (int i = 0; i < plot.plottableCount(); ++i) {
        const QCPAbstractPlottable* plottable = readable.plottable(i);
        if (!plottable->visible())
            continue;
        SeriesText series {plottable->name().isEmpty() ? "series " + std::to_string(i + 1)
                                                       : plottable->name().toStdString(),
            axisLabel(plottable->keyAxis()), axisLabel(plottable->valueAxis())};
        if (const auto* graph = qobject_cast<const QCPGraph*>(plottable))
            appendPoints(csv, series, *graph->data());
        else if (const auto* bars = qobject_cast<const QCPBars*>(plottable))
            appendPoints(csv, series, *bars->data());
        else if (const auto* curve = qobject_cast<const QCPCurve*>(plottable))
            appendCurve(csv, series, *curve);
        else if (const auto* map = qobject_cast<const QCPColorMap*>(plottable))
            appendColorMap(csv, series, *map);
    }
    return QString::fromStdString(csv);
}

bool savePlotDataCsv(const QCustomPlot& plot, const QString& path, QString* error)
{
    try {
        core::writeTextFileAtomically(path.toStdString(), plotDataCsv(plot).toStdString());
        return true;
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
}

} // namespace iolens::ui

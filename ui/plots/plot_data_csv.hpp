// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QCustomPlot;

namespace iolens::ui {

/// The data behind a plot as CSV, so that a figure in a report can be redrawn or checked with
/// another tool. One row per data point of every visible plottable, in the plot's order:
///
///     series,x_axis,y_axis,x,y,z
///
/// `series` is the plottable's name ("series N" if it has none), `x_axis` and `y_axis` the
/// labels of its axes (with their units; they tell the panels of a multi-panel plot apart).
/// Graphs and curves give x and y (gaps, NaN, are left out); bars give key and value; a colour
/// map gives one row per cell: the cell's centre as x and y and its value as z. Numbers are
/// written in the shortest form that reads back exactly. O(points).
QString plotDataCsv(const QCustomPlot& plot);

/// Writes plotDataCsv(plot) to `path`; false, with `error` naming the file, if it cannot.
bool savePlotDataCsv(const QCustomPlot& plot, const QString& path, QString* error = nullptr);

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plots/cdf_curve.hpp"

#include <QColor>
#include <QTableWidget>

#include <vector>

namespace iolens::ui {

/// The caption of the error CDF: one row per curve with its colour, a tick box that shows or
/// hides the curve, its 50th/90th/99th percentile and mean relative error, and how many
/// configurations were evaluated. Always exactly as tall as its rows: never a scroll area.
class ErrorCdfTable : public QTableWidget {
    Q_OBJECT
public:
    explicit ErrorCdfTable(QWidget* parent = nullptr);

    /// One row per curve, in `colors[i]`; the tick boxes start ticked.
    void showCurves(const std::vector<CdfCurve>& curves, const std::vector<QColor>& colors);
    void setRowChecked(int row, bool checked);
    /// The width that shows every column whole, the model labels included.
    int widthForColumns() const;

signals:
    /// The user ticked or unticked the row of `label`.
    void curveToggled(const QString& label, bool visible);
};

} // namespace iolens::ui

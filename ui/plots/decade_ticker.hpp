// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

#include <optional>

namespace iolens::ui {

/// Ticks of a logarithmic axis at the decades, labelled as plain numbers in the plot's locale
/// ("0.01", "1", "1000") rather than QCustomPlot's "10^3", since storage people read "1000 %"
/// at a glance; decades beyond that ("10⁻⁶") as powers of ten. Optionally the tick at the axis
/// floor is labelled "0", for axes whose zeros are drawn at the floor because a log axis has no
/// zero (see ParameterScale); the ticks are then counted from the floor, so it always has one.
class DecadeTicker : public QCPAxisTickerLog {
public:
    DecadeTicker();

    /// Labels the tick at `value` (a decade) "0"; std::nullopt labels every tick by its value.
    void setZeroAt(std::optional<double> value) { m_zeroAt = value; }

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;

private:
    std::optional<double> m_zeroAt;
};

} // namespace iolens::ui

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
/// An axis spanning less than 1.6 decades, where QCustomPlot falls back to linear steps that
/// crowd the top of a log axis ("12.5 15 17.5 20"), gets 1-2-5 ticks (1, 2, 5, 10, 20) and the
/// integer mantissas as sub-ticks instead.
class DecadeTicker : public QCPAxisTickerLog {
public:
    DecadeTicker();

    /// Labels the tick at `value` (a decade) "0"; std::nullopt labels every tick by its value.
    void setZeroAt(std::optional<double> value) { m_zeroAt = value; }

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;
    QVector<double> createSubTickVector(int subTickCount, const QVector<double>& ticks) override;
    QString getTickLabel(
        double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    std::optional<double> m_zeroAt;
    bool m_shortRange = false; ///< the last ticks were 1-2-5 ticks of a short range
};

} // namespace iolens::ui

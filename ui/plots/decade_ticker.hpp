// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

#include <QPointer>

#include <optional>

namespace iolens::ui {

/// Ticks of a logarithmic axis at the decades, labelled as plain numbers in the plot's locale
/// ("0.01", "1", "1000") rather than QCustomPlot's "10^3", since storage people read "1000 %"
/// at a glance; decades beyond that ("10⁻⁶") as powers of ten. Optionally the tick at the axis
/// floor is labelled "0", for axes whose zeros are drawn at the floor because a log axis has no
/// zero (see ParameterScale); the ticks are then counted from the floor, so it always has one.
/// An axis spanning less than 1.6 decades, where QCustomPlot falls back to linear steps that
/// crowd the top of a log axis ("12.5 15 17.5 20"), gets 1-2-5 ticks (1, 2, 5, 10, 20) and the
/// integer mantissas as sub-ticks instead (1-3 or 1 alone where 1-2-5 labels would touch).
/// Given the axis it labels, it labels only every 2nd, 3rd, 5th ... decade where labels at every
/// decade would be closer than 1.2 text lines (a short panel, presentation mode's large fonts),
/// the skipped decades becoming sub-ticks.
class DecadeTicker : public QCPAxisTickerLog {
public:
    /// `axis`: the axis whose length and tick label font decide how many decades get a label;
    /// nullptr labels up to eight decades (QCustomPlot's thinning beyond). The ticks are made
    /// before the layout, from the axis length of the last one: the axis's plot is laid out again
    /// when the new length wants another step (fitAfterLayout, hooked once per axis).
    explicit DecadeTicker(QCPAxis* axis = nullptr);

    /// The smallest step of labelled decades (1, 2, 3, 5, 10, 20 ...) that puts labels of an
    /// axis `lengthPx` long spanning `decades` at least `labelRoomPx` apart.
    static int labelledDecadeStep(double decades, double lengthPx, double labelRoomPx);

    /// Labels the tick at `value` (a decade) "0"; std::nullopt labels every tick by its value.
    void setZeroAt(std::optional<double> value) { m_zeroAt = value; }

    /// Whether the last ticks were made for another axis length than the present one's.
    bool stale() const;

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;
    QVector<double> createSubTickVector(int subTickCount, const QVector<double>& ticks) override;
    QString getTickLabel(
        double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    struct LabelRoom {
        double lengthPx; ///< the axis's length
        double labelPx;  ///< the least distance between two labels' centres
    };
    /// How much room the axis gives its labels; std::nullopt without an axis.
    std::optional<LabelRoom> labelRoom() const;
    /// The labelled decade step for `range` on the axis (1 without an axis).
    int decadeStepFor(const QCPRange& range) const;
    /// For a short range: 0 for 1-2-5 ticks, 1 for 1-3, 2 for 1 alone, the first whose labels
    /// are 1.2 lines apart (0 without an axis).
    int shortThinningFor(const QCPRange& range) const;
    static QVector<double> shortRangeTicks(const QCPRange& range, int thinning);

    QPointer<QCPAxis> m_axis;
    std::optional<double> m_zeroAt;
    /// The labelled decade step of the last ticks (their shortThinningFor on a short range).
    int m_decadeStep = 1;
    bool m_shortRange = false; ///< the last ticks were 1-2-5 ticks of a short range
};

} // namespace iolens::ui

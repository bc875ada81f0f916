// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/decade_ticker.hpp"

#include "plots/plot_style.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>

namespace iolens::ui {

namespace {

// Plain numbers from 0.001 to 10000; beyond, "1e-06" would be the alternative, and nobody
// reads that on a slide.
constexpr int kPlainLowExponent = -3;
constexpr int kPlainHighExponent = 4;

QString superscript(int exponent)
{
    static const QChar digits[] = {QChar(0x2070), QChar(0x00B9), QChar(0x00B2), QChar(0x00B3),
        QChar(0x2074), QChar(0x2075), QChar(0x2076), QChar(0x2077), QChar(0x2078), QChar(0x2079)};
    QString text;
    for (const QChar c : QString::number(std::abs(exponent)))
        text += digits[c.digitValue()];
    return exponent < 0 ? QChar(0x207B) + text : text;
}

bool sameTick(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::fabs(b);
}

// Below this many decades the axis gets 1-2-5 ticks. QCPAxisTickerLog switches to linear steps
// below 1.6; up to 2.5 decades it labels only two or three decades, and the Predictions tab's
// read time from 0.8 to 60 ms read "1" and "10" alone, where 1-2-5 ticks fit with room to spare
// (and thin themselves where they would not; see shortThinningFor).
constexpr double kShortRangeDecades = 2.5;

// The values mantissa × 10^e inside `range`, for every decade e it touches.
QVector<double> mantissaTicks(const QCPRange& range, std::initializer_list<double> mantissas)
{
    QVector<double> ticks;
    const int first = static_cast<int>(std::floor(std::log10(range.lower)));
    const int last = static_cast<int>(std::ceil(std::log10(range.upper)));
    for (int exponent = first; exponent <= last; ++exponent)
        for (const double mantissa : mantissas) {
            const double tick = mantissa * std::pow(10.0, exponent);
            if (tick >= range.lower * (1 - 1e-12) && tick <= range.upper * (1 + 1e-12))
                ticks.push_back(tick);
        }
    return ticks;
}

// Labels closer than this many text lines read as one smear (presentation mode's six panels).
constexpr double kLabelSpacingLines = 1.2;

// The decades 10^e for every e divisible by `step` from below `range` to above it (the ones outside
// give the sub-ticks at the ends; QCustomPlot trims them).
QVector<double> everyNthDecade(const QCPRange& range, int step)
{
    QVector<double> ticks;
    const auto below = [step](double e) { return static_cast<int>(std::floor(e / step)) * step; };
    const int first = below(std::floor(std::log10(range.lower)));
    const int last = below(std::ceil(std::log10(range.upper))) + step;
    for (int exponent = first; exponent <= last; exponent += step)
        ticks.push_back(std::pow(10.0, exponent));
    return ticks;
}

} // namespace

int DecadeTicker::labelledDecadeStep(double decades, double lengthPx, double labelRoomPx)
{
    if (!(decades > 0.0) || !std::isfinite(decades) || !(lengthPx > 0.0))
        return 1;
    for (int scale = 1;; scale *= 10)
        for (const int step : {1, 2, 3, 5})
            if (lengthPx * step * scale / decades >= labelRoomPx || step * scale >= decades)
                return step * scale;
}

std::optional<DecadeTicker::LabelRoom> DecadeTicker::labelRoom() const
{
    if (!m_axis || !m_axis->axisRect())
        return std::nullopt;
    const bool vertical = m_axis->orientation() == Qt::Vertical;
    const QRect rect = m_axis->axisRect()->rect();
    const QFontMetrics metrics(m_axis->tickLabelFont());
    // Side by side, labels need their width and a gap; stacked, a line and a bit.
    const double room = vertical
        ? kLabelSpacingLines * metrics.height()
        : metrics.horizontalAdvance(QStringLiteral("0.001")) + metrics.averageCharWidth() * 2;
    return LabelRoom {static_cast<double>(vertical ? rect.height() : rect.width()), room};
}

int DecadeTicker::decadeStepFor(const QCPRange& range) const
{
    const std::optional<LabelRoom> room = labelRoom();
    if (!room)
        return 1;
    return labelledDecadeStep(std::log10(range.upper / range.lower), room->lengthPx, room->labelPx);
}

int DecadeTicker::shortThinningFor(const QCPRange& range) const
{
    const std::optional<LabelRoom> room = labelRoom();
    if (!room || !(room->lengthPx > 0.0))
        return 0;
    const double pxPerDecade = room->lengthPx / std::log10(range.upper / range.lower);
    for (int thinning = 0; thinning < 2; ++thinning) {
        const QVector<double> ticks = shortRangeTicks(range, thinning);
        bool fits = true;
        for (qsizetype i = 0; i + 1 < ticks.size(); ++i)
            fits = fits && pxPerDecade * std::log10(ticks[i + 1] / ticks[i]) >= room->labelPx;
        if (fits)
            return thinning;
    }
    return 2;
}

QVector<double> DecadeTicker::shortRangeTicks(const QCPRange& range, int thinning)
{
    QVector<double> ticks = mantissaTicks(range, {1.0, 2.0, 5.0});
    if (ticks.size() < 3) // less than a factor 2.5: finer steps, few enough to fit
        return mantissaTicks(range, {1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0});
    // Where 1-2-5 labels would touch (a short panel in a large font): 1-3, then 1 alone.
    if (thinning == 1)
        ticks = mantissaTicks(range, {1.0, 3.0});
    else if (thinning >= 2)
        ticks = mantissaTicks(range, {1.0});
    return ticks;
}

DecadeTicker::DecadeTicker(QCPAxis* axis)
    : m_axis(axis)
{
    static const char* const kHooked = "iolensDecadeLabelsFitted";
    if (axis && axis->parentPlot() && !axis->property(kHooked).toBool()) {
        axis->setProperty(kHooked, true);
        // Whichever DecadeTicker the axis holds by then (views make a new one per redraw).
        fitAfterLayout(*axis->parentPlot(), [axis] {
            const auto* ticker = dynamic_cast<const DecadeTicker*>(axis->ticker().data());
            return axis->scaleType() == QCPAxis::stLogarithmic && ticker && ticker->stale();
        });
    }
    setLogBase(10.0);
    // 2..9 between the decades: the sub-ticks show the log scale for what it is.
    setSubTickCount(8);
    // Up to eight decades get a label each (the log ticker labels every other one beyond).
    setTickCount(8);
}

bool DecadeTicker::stale() const
{
    if (!m_axis || m_axis->range().lower <= 0.0)
        return false;
    return (m_shortRange ? shortThinningFor(m_axis->range()) : decadeStepFor(m_axis->range()))
        != m_decadeStep;
}

QVector<double> DecadeTicker::createTickVector(double tickStep, const QCPRange& range)
{
    m_shortRange = !m_zeroAt && range.lower > 0.0
        && std::log10(range.upper / range.lower) < kShortRangeDecades;
    if (m_shortRange) {
        m_decadeStep = shortThinningFor(range);
        return shortRangeTicks(range, m_decadeStep);
    }
    m_decadeStep = range.lower > 0.0 ? decadeStepFor(range) : 1;
    QVector<double> ticks = m_axis && range.lower > 0.0
        ? everyNthDecade(range, m_decadeStep)
        : QCPAxisTickerLog::createTickVector(tickStep, range);
    if (!m_zeroAt || ticks.size() < 2 || ticks.front() <= 0.0)
        return ticks;
    for (const double tick : ticks)
        if (sameTick(tick, *m_zeroAt))
            return ticks;
    // The log ticker skipped the floor (it labels every other decade of a long axis): count the
    // same steps from the floor instead.
    const double factor = ticks[1] / ticks[0];
    QVector<double> anchored;
    for (double tick = *m_zeroAt; tick <= range.upper * factor; tick *= factor)
        anchored.push_back(tick);
    return anchored;
}

QVector<double> DecadeTicker::createSubTickVector(int subTickCount, const QVector<double>& ticks)
{
    if (!m_shortRange && m_decadeStep > 1 && ticks.size() >= 2) {
        // The decades without a label, between the labelled ones.
        QVector<double> subTicks;
        for (qsizetype i = 0; i + 1 < ticks.size(); ++i)
            for (double tick = ticks[i] * 10.0; tick < ticks[i + 1] * (1 - 1e-9); tick *= 10.0)
                subTicks.push_back(tick);
        return subTicks;
    }
    if (!m_shortRange || ticks.size() < 2)
        return QCPAxisTickerLog::createSubTickVector(subTickCount, ticks);
    QVector<double> subTicks;
    for (const double value :
        mantissaTicks(QCPRange(ticks.front(), ticks.back()), {1, 2, 3, 4, 5, 6, 7, 8, 9}))
        if (std::none_of(ticks.begin(), ticks.end(), [&](double t) { return sameTick(value, t); }))
            subTicks.push_back(value);
    return subTicks;
}

QString DecadeTicker::getTickLabel(double tick, const QLocale& locale, QChar, int)
{
    if (m_zeroAt && sameTick(tick, *m_zeroAt))
        return locale.toString(0);
    if (tick > 0.0) {
        const int exponent = static_cast<int>(std::lround(std::log10(tick)));
        const bool decade = sameTick(tick, std::pow(10.0, exponent));
        if (decade && (exponent < kPlainLowExponent || exponent > kPlainHighExponent))
            return QStringLiteral("10") + superscript(exponent);
    }
    // 'g' with 6 digits prints the plain decades without an exponent.
    return locale.toString(tick, 'g', 6);
}

} // namespace iolens::ui

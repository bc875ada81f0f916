// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/decade_ticker.hpp"

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

// Below this many decades QCPAxisTickerLog switches to linear steps.
constexpr double kShortRangeDecades = 1.6;

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

} // namespace

DecadeTicker::DecadeTicker()
{
    setLogBase(10.0);
    // 2..9 between the decades: the sub-ticks show the log scale for what it is.
    setSubTickCount(8);
    // Up to eight decades get a label each (the log ticker labels every other one beyond).
    setTickCount(8);
}

QVector<double> DecadeTicker::createTickVector(double tickStep, const QCPRange& range)
{
    m_shortRange = !m_zeroAt && range.lower > 0.0
        && std::log10(range.upper / range.lower) < kShortRangeDecades;
    if (m_shortRange) {
        QVector<double> ticks = mantissaTicks(range, {1.0, 2.0, 5.0});
        if (ticks.size() < 3) // less than a factor 2.5: finer steps
            ticks = mantissaTicks(range, {1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0});
        return ticks;
    }
    QVector<double> ticks = QCPAxisTickerLog::createTickVector(tickStep, range);
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

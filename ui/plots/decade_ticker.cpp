// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/decade_ticker.hpp"

#include <cmath>

namespace iolens::ui {

namespace {

// Plain numbers from 0.001 to 10000; beyond, "1e-06" would be the alternative, and nobody
// reads that on a slide.
constexpr int kPlainLowExponent = -3;
constexpr int kPlainHighExponent = 4;

QString superscript(int exponent)
{
    static const QChar digits[] = {QChar(0x2070), QChar(0x00B9), QChar(0x00B2), QChar(0x00B3),
                                   QChar(0x2074), QChar(0x2075), QChar(0x2076), QChar(0x2077),
                                   QChar(0x2078), QChar(0x2079)};
    QString text;
    for (const QChar c : QString::number(std::abs(exponent)))
        text += digits[c.digitValue()];
    return exponent < 0 ? QChar(0x207B) + text : text;
}

bool sameTick(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::fabs(b); }

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

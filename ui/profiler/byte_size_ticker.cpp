// SPDX-License-Identifier: GPL-3.0-or-later
#include "profiler/byte_size_ticker.hpp"

#include "common/number_format.hpp"

#include <cmath>

namespace iolens::ui {

namespace {

constexpr int kWantedLabels = 5;

} // namespace

ByteSizeTicker::ByteSizeTicker(double unitBytes)
    : m_unitBytes(unitBytes)
{
}

// The step is counted in octaves here, not in axis units.
double ByteSizeTicker::getTickStep(const QCPRange& range)
{
    if (range.lower <= 0.0 || range.upper <= range.lower)
        return 1.0;
    const double octaves = std::log2(range.upper / range.lower);
    return std::max(1.0, std::ceil(octaves / kWantedLabels));
}

int ByteSizeTicker::getSubTickCount(double tickStep)
{
    return std::max(0, static_cast<int>(std::lround(tickStep)) - 1);
}

QVector<double> ByteSizeTicker::createTickVector(double tickStep, const QCPRange& range)
{
    QVector<double> ticks;
    if (range.lower <= 0.0 || range.upper <= range.lower)
        return ticks;
    const auto step = static_cast<int>(std::lround(tickStep));
    // Aligned to whole multiples of the step in bytes, so the labels are 1 KiB, 4 KiB, 16 KiB
    // rather than 2 KiB, 8 KiB whichever octave the range happens to start at.
    const double lowBytes = range.lower * m_unitBytes;
    int exponent = static_cast<int>(std::floor(std::log2(lowBytes) / step)) * step;
    for (; std::ldexp(1.0, exponent) / m_unitBytes <= range.upper * 2.0; exponent += step)
        ticks.push_back(std::ldexp(1.0, exponent) / m_unitBytes);
    return ticks;
}

// The default places sub-ticks evenly in axis units; on a log axis they belong at the octaves.
QVector<double> ByteSizeTicker::createSubTickVector(int subTickCount, const QVector<double>& ticks)
{
    QVector<double> sub;
    for (qsizetype i = 0; i + 1 < ticks.size(); ++i)
        for (int k = 1; k <= subTickCount; ++k)
            sub.push_back(ticks[i] * std::ldexp(1.0, k));
    return sub;
}

QString ByteSizeTicker::getTickLabel(double tick, const QLocale& locale, QChar, int)
{
    return formatByteSize(static_cast<std::int64_t>(std::llround(tick * m_unitBytes)), locale);
}

} // namespace iolens::ui

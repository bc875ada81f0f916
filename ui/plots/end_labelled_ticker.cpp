// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/end_labelled_ticker.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::ui {

namespace {

bool whole(double value)
{
    return std::fabs(value - std::round(value)) < 1e-9 * std::max(1.0, std::fabs(value));
}

} // namespace

EndLabelledTicker::EndLabelledTicker(double first, double last, bool wholeNumbers)
    : m_first(first)
    , m_last(last)
    , m_wholeNumbers(wholeNumbers)
{
    setTickCount(5);
}

double EndLabelledTicker::getTickStep(const QCPRange& range)
{
    const double step = QCPAxisTicker::getTickStep(range);
    if (!m_wholeNumbers)
        return step;
    // The next of 1, 2, 5, 10, 20 ... at or above QCustomPlot's step (which may be 2.5).
    for (double decade = 1.0;; decade *= 10.0)
        for (const double mantissa : {1.0, 2.0, 5.0})
            if (mantissa * decade >= step * (1 - 1e-9))
                return mantissa * decade;
}

QVector<double> EndLabelledTicker::createTickVector(double tickStep, const QCPRange& range)
{
    QVector<double> ticks;
    const double gap = 0.5 * tickStep;
    for (const double tick : QCPAxisTicker::createTickVector(tickStep, range))
        if (tick > m_first + gap * (1 - 1e-9) && tick < m_last - gap * (1 - 1e-9))
            ticks.push_back(tick);
    for (const double end : {m_first, m_last})
        if (range.contains(end))
            ticks.push_back(end);
    std::sort(ticks.begin(), ticks.end());
    ticks.erase(std::unique(ticks.begin(), ticks.end()), ticks.end());
    return ticks;
}

QString EndLabelledTicker::getTickLabel(double tick, const QLocale& locale, QChar, int)
{
    if (whole(tick))
        return locale.toString(static_cast<qlonglong>(std::llround(tick)));
    // An end between round values (the first read share above 0 %, 0.503): one decimal.
    return locale.toString(tick, 'f', 1);
}

} // namespace iolens::ui

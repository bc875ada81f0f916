// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

namespace iolens::ui {

/// Ticks of a linear axis whose data run from `first` to `last` (a sweep's ends), with both ends
/// labelled: "1" on a VM axis whose round ticks are 2, 4, 6, 8, the first read share shown. The
/// round ticks outside the data are dropped, as is one closer than half a step to an end (its
/// label would touch the end's). `wholeNumbers`: steps of 1, 2, 5, 10 ... only (counts).
class EndLabelledTicker : public QCPAxisTicker {
public:
    EndLabelledTicker(double first, double last, bool wholeNumbers);

protected:
    double getTickStep(const QCPRange& range) override;
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;
    QString getTickLabel(
        double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    double m_first;
    double m_last;
    bool m_wholeNumbers;
};

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

namespace iolens::ui {

/// Ticks of a logarithmic size axis at powers of two, labelled "4 KiB", "1 MiB", "2 GiB": the
/// units admins think in, where decades (10, 100, 1000 KiB) would be odd sizes. The axis holds
/// sizes in a modelling unit (KiB for requests, MiB for file sets, see core::numericValue);
/// `unitBytes` converts them for the labels. Every 1st, 2nd, 3rd ... octave is labelled so that
/// about five labels fit, and sub-ticks mark the octaves in between.
class ByteSizeTicker : public QCPAxisTicker {
public:
    explicit ByteSizeTicker(double unitBytes);

protected:
    double getTickStep(const QCPRange& range) override;
    int getSubTickCount(double tickStep) override;
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;
    QVector<double> createSubTickVector(int subTickCount, const QVector<double>& ticks) override;
    QString getTickLabel(
        double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    double m_unitBytes;
};

} // namespace iolens::ui

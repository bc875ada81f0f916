// SPDX-License-Identifier: GPL-3.0-or-later
// Room for a marker at the ends of an axis: the first and last point sit that many pixels in.
#include "plots/pixel_padding.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::ui;

class TestPixelPadding : public QObject {
    Q_OBJECT
private slots:
    void linear_putsTheEndsPadPixelsIn()
    {
        // VMs 1..8 on a 300 px axis, a 7 px marker radius.
        const QCPRange range = padByPixels(1.0, 8.0, false, 7.0, 300.0);
        const double perPixel = (range.upper - range.lower) / 300.0;
        QVERIFY(std::fabs((1.0 - range.lower) / perPixel - 7.0) < 1e-9);
        QVERIFY(std::fabs((range.upper - 8.0) / perPixel - 7.0) < 1e-9);
    }

    void log_padsInDecades()
    {
        const QCPRange range = padByPixels(1.0, 100.0, true, 10.0, 200.0);
        const double perPixel = std::log10(range.upper / range.lower) / 200.0;
        QVERIFY(std::fabs(std::log10(1.0 / range.lower) / perPixel - 10.0) < 1e-9);
        QVERIFY(std::fabs(std::log10(range.upper / 100.0) / perPixel - 10.0) < 1e-9);
    }

    void oneValueOrNoRoom_getsAUnitEitherSide()
    {
        const QCPRange one = padByPixels(1.0, 1.0, false, 7.0, 300.0);
        QCOMPARE(one.lower, 0.0);
        QCOMPARE(one.upper, 2.0);
        const QCPRange cramped = padByPixels(1.0, 8.0, false, 7.0, 10.0);
        QCOMPARE(cramped.lower, 0.0);
        QCOMPARE(cramped.upper, 9.0);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestPixelPadding)
#include "test_pixel_padding.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/application_plot.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;

class TestApplicationPlot : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    // A short plot (presentation mode at 1280x800) names its y axes in brief instead of cutting
    // "Response time per loop (ms)" at both ends; a tall one names them in full.
    void shortPlot_namesItsAxesInBrief()
    {
        ApplicationPlot plot;
        QFont font = plot.yAxis->labelFont();
        font.setPixelSize(26);
        plot.yAxis->setLabelFont(font);
        plot.yAxis2->setLabelFont(font);
        plot.resize(900, 420);
        plot.setViewport(plot.rect()); // a hidden widget gets no resize event
        plot.replot();
        QCOMPARE(plot.yAxis->label(), QStringLiteral("RT per loop (ms)"));
        QCOMPARE(plot.yAxis2->label(), QStringLiteral("loops/s"));
        QVERIFY(
            QFontMetrics(font).horizontalAdvance(plot.yAxis->label()) < plot.axisRect()->height());

        plot.resize(900, 900);
        plot.setViewport(plot.rect());
        plot.replot();
        QCOMPARE(plot.yAxis->label(), QStringLiteral("Response time per loop (ms)"));
        QCOMPARE(plot.yAxis2->label(), QStringLiteral("Throughput (loops/s)"));
    }
};

IOLENS_TEST_MAIN(TestApplicationPlot)
#include "test_application_plot.moc"

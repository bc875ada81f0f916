// SPDX-License-Identifier: GPL-3.0-or-later
// The Trace tab on a stored trace whose response times the cache decides: it lists the trace,
// trains without and with the hit feature off the UI thread, draws the three views, and the
// cache-size slider changes the hit feature and with it the error.
#include "traces/trace_panel.hpp"

#include "store/trace_store.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "support/test_timeouts.hpp"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <random>

using namespace iolens::core;
using iolens::ui::TracePanel;

namespace {

// 3,000 reads of a 1,024-unit (4 KiB) working set; a unit read again within the last 256
// distinct units takes 0.05 ms, any other read 5 ms: exactly the hits of a 1 MiB LRU cache.
std::string cachedTrace()
{
    std::mt19937_64 random(11);
    std::uniform_int_distribution<int> unit(0, 1023);
    std::vector<int> recent;
    std::string text;
    for (int i = 0; i < 3000; ++i) {
        const int u = unit(random);
        const bool hit = std::find(recent.begin(), recent.end(), u) != recent.end();
        recent.erase(std::remove(recent.begin(), recent.end(), u), recent.end());
        recent.push_back(u);
        if (recent.size() > 256)
            recent.erase(recent.begin());
        text += std::to_string(128166372003061629LL + i * 10000LL) + ",t,0,Read,"
            + std::to_string(u * 4096) + ",4096," + (hit ? "500" : "50000") + "\n";
    }
    return text;
}

} // namespace

class TestTracePanel : public QObject {
    Q_OBJECT
private slots:
    void storedTrace_isAnalysedAndTheCacheSliderMatters()
    {
        QTemporaryDir dir;
        const std::string file = iolens::test::writeFile(dir.path(), "t.csv", cachedTrace());
        auto db = std::make_shared<MeasurementDatabase>(MeasurementDatabase::inMemory());
        importTrace(*db, "cached", file, TraceFormat::Msr);
        TracePanel panel;
        panel.resize(1200, 800);
        QSignalSpy shown(&panel, &TracePanel::analysisShown);
        panel.setDatabase(db);
        QCOMPARE(panel.traceChoice()->count(), 1);
        QCOMPARE(panel.traceChoice()->currentData().toString(), QStringLiteral("cached"));
        QVERIFY(!panel.plotArea()->isHidden());

        panel.techniqueChoice()->setCurrentIndex(panel.techniqueChoice()->findData("cart"));
        panel.cacheSlider()->setValue(0); // no cache: no request hits
        panel.analyseNow();
        QVERIFY(shown.wait(kTimeoutMs));
        QVERIFY(panel.analysis());
        QCOMPARE(panel.analysis()->hitShare, 0.0);
        const double blind = panel.analysis()->withHit.medianRelativeError;
        QVERIFY2(blind > 0.5, qPrintable(QString::number(blind)));

        panel.cacheSlider()->setValue(1); // 1 MiB: the cache that decides
        panel.analyseNow();
        QVERIFY(shown.wait(kTimeoutMs));
        const auto& a = *panel.analysis();
        QVERIFY(a.hitShare > 0.1);
        QVERIFY2(a.withHit.medianRelativeError < 0.05,
            qPrintable(QString::number(a.withHit.medianRelativeError)));
        QVERIFY(a.withoutHit.medianRelativeError > 0.5);
        QVERIFY(!a.plotArrivalMs.empty() && a.plotArrivalMs.size() <= 4000);
        QCOMPARE(a.sortedRelativeErrors.size(), a.withHit.testRequests);
        QVERIFY(std::is_sorted(a.sortedRelativeErrors.begin(), a.sortedRelativeErrors.end()));
        QVERIFY2(panel.summaryLabel()->text().contains(QStringLiteral("Median relative error")),
            qPrintable(panel.summaryLabel()->text()));
        const auto plots = panel.findChildren<QCustomPlot*>();
        QCOMPARE(plots.size(), 3);
        int drawn = 0;
        for (QCustomPlot* plot : plots)
            drawn += plot->plottableCount() > 0 ? 1 : 0;
        QCOMPARE(drawn, 3);

        // The tab's height at 1280x800: each y label fits along its axis (the lower plots cut
        // "Share of test requests" and "Error rise (points)" at both ends).
        panel.resize(1280, 480);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        for (QCustomPlot* plot : plots) {
            plot->replot();
            const QFontMetrics metrics(plot->yAxis->labelFont());
            QVERIFY2(metrics.horizontalAdvance(plot->yAxis->label()) <= plot->axisRect()->height(),
                qPrintable(QStringLiteral("'%1' along %2 pixels")
                               .arg(plot->yAxis->label())
                               .arg(plot->axisRect()->height())));
        }
    }

    void databaseWithoutTraces_saysHowToImportOne()
    {
        auto db = std::make_shared<MeasurementDatabase>(MeasurementDatabase::inMemory());
        TracePanel panel;
        panel.setDatabase(db);
        QCOMPARE(panel.traceChoice()->count(), 0);
        QVERIFY(panel.summaryLabel()->text().contains(QStringLiteral("trace-import")));
        QVERIFY(!panel.analysis());
        // No empty axes and legend boxes before a trace is there: the hint alone.
        QVERIFY(panel.plotArea()->isHidden());
    }
};

IOLENS_TEST_MAIN(TestTracePanel)
#include "test_trace_panel.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "models/vm_projection.hpp"
#include "prediction/model_controller.hpp"
#include "profiler/profile_plot.hpp"
#include "profiler/profiler_view.hpp"
#include "support/signal_wait.hpp"

#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

#include <cmath>

using namespace iolens::ui;
using iolens::core::Configuration;
using iolens::core::Factor;
using iolens::core::Metric;

namespace {

constexpr int kTimeoutMs = 120000;

// A measured configuration with reads and writes, so every metric has a value.
Configuration mixedScenario(const ModelController& controller)
{
    for (const auto& row : controller.measured().all())
        if (row.config.readPct == 50.0)
            return row.config;
    return controller.measured().all().front().config;
}

QPoint pixelAt(ProfilePlot& plot, double x)
{
    plot.replot();
    const int px = static_cast<int>(std::lround(plot.xAxis->coordToPixel(x)));
    return {px, plot.axisRect()->rect().center().y()};
}

} // namespace

class TestProfilerView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_controller = new ModelController({"mars", "cart"}, this);
        m_view = new ProfilerView(m_controller);
        m_view->resize(1200, 700);
        m_view->show();
        QSignalSpy ready(m_controller, &ModelController::modelsReady);
        m_controller->setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        QVERIFY(iolens::test::waitForEmission(ready, kTimeoutMs));
        m_scenario = mixedScenario(*m_controller);
        m_controller->setScenario(m_scenario);
    }

    void cleanupTestCase()
    {
        delete m_view;
        QThreadPool::globalInstance()->waitForDone(); // cross-validation tasks still running
    }

    void view_hasAPlotPerFactorButConstantThreads()
    {
        QCOMPARE(m_view->plotCount(), 6);
        QVERIFY(m_view->plot(Factor::Threads) == nullptr);
        for (Factor f : {Factor::RequestBytes, Factor::ReadPct, Factor::FilesetBytes,
                 Factor::Scheduler, Factor::Pattern, Factor::Vms})
            QVERIFY(m_view->plot(f) != nullptr);
        QVERIFY(m_view->legendText().contains(QStringLiteral("mars")));
    }

    void curves_equalTheModelsPredictionsAtTheSweepPoints_data()
    {
        QTest::addColumn<int>("metric");
        for (Metric metric : iolens::core::kCoreMetrics)
            QTest::newRow(std::string(iolens::core::metricName(metric)).c_str())
                << static_cast<int>(metric);
    }

    void curves_equalTheModelsPredictionsAtTheSweepPoints()
    {
        QFETCH(int, metric);
        m_view->setMetric(static_cast<Metric>(metric));
        const auto& entries = m_controller->entries();
        for (Factor factor : {Factor::RequestBytes, Factor::ReadPct, Factor::Pattern}) {
            ProfilePlot* plot = m_view->plot(factor);
            const iolens::core::Profile* profile = m_view->profile(factor);
            QCOMPARE(plot->curveCount(), 2);
            for (int m = 0; m < 2; ++m) {
                const iolens::core::TrainedModel* model
                    = entries[static_cast<std::size_t>(m)].model(static_cast<Metric>(metric));
                QVERIFY(model);
                QCOMPARE(plot->curve(m)->dataCount(), static_cast<int>(profile->points.size()));
                for (std::size_t i = 0; i < profile->points.size(); ++i) {
                    const auto point = plot->curve(m)->data()->at(static_cast<int>(i));
                    QCOMPARE(point->key, profile->grid.x[i]);
                    const Configuration& c = profile->points[i];
                    if (!iolens::core::metricHasValue(static_cast<Metric>(metric), c.readPct)) {
                        QVERIFY(std::isnan(point->value));
                        continue;
                    }
                    QCOMPARE(point->value, iolens::core::predictSpreadOverVms(*model, c));
                    // Only the swept factor moves.
                    Configuration back = c;
                    if (factor == Factor::Pattern)
                        back.pattern = m_scenario.pattern;
                    else
                        iolens::core::setNumericValue(
                            back, factor, iolens::core::numericValue(m_scenario, factor));
                    QCOMPARE(back, m_scenario);
                }
            }
        }
        // The scenario was measured: its own measurement is on every plot.
        QVERIFY(m_view->plot(Factor::RequestBytes)->measuredGraph()->dataCount() >= 1);
    }

    void scenarioLine_followsTheScenario()
    {
        ProfilePlot* plot = m_view->plot(Factor::RequestBytes);
        QCOMPARE(plot->scenarioX(), m_scenario.requestBytes / 1024.0);
        Configuration moved = m_scenario;
        moved.requestBytes = 8 * 1024;
        m_controller->setScenario(moved);
        QCOMPARE(plot->scenarioX(), 8.0);
        QCOMPARE(m_view->plot(Factor::ReadPct)->scenarioX(), m_scenario.readPct);
        // The sweeps of the other factors now run at 8 KiB.
        QCOMPARE(m_view->profile(Factor::ReadPct)->points.front().requestBytes, 8 * 1024);
        // 8 KiB is between measured sizes, one octave from 4 KiB and 16 KiB.
        QVERIFY(m_controller->evaluation().nearest);
        QCOMPARE(m_controller->evaluation().nearest->steps, 1.0);
        m_controller->setScenario(m_scenario);
    }

    void farFromData_isShadedBeyondTheMeasuredSizes()
    {
        ProfilePlot* plot = m_view->plot(Factor::RequestBytes);
        // One octave beyond the largest measured size on both ends of the sweep: far (> 1 step)
        // only where the nearest size is more than an octave away, which the sweep does not
        // reach at its ends; the VM sweep, with a single VM measured, is far from 3 VMs on.
        QCOMPARE(plot->farStretchCount(), 0);
        QCOMPARE(m_view->plot(Factor::Vms)->farStretchCount(), 1);
        Configuration far = m_scenario;
        far.requestBytes = 1024 * 1024;
        m_controller->setScenario(far);
        QVERIFY(plot->farStretchCount() >= 1);
        m_controller->setScenario(m_scenario);
    }

    void click_movesThatFactorOfTheScenario()
    {
        QSignalSpy requested(m_view, &ProfilerView::scenarioRequested);
        ProfilePlot* plot = m_view->plot(Factor::RequestBytes);
        QTest::mouseClick(plot, Qt::LeftButton, {}, pixelAt(*plot, 32.0));
        QCOMPARE(requested.count(), 1);
        auto picked = requested.takeFirst().at(0).value<Configuration>();
        QVERIFY(std::fabs(std::log2(picked.requestBytes / (32.0 * 1024))) < 0.05);
        picked.requestBytes = m_scenario.requestBytes;
        QCOMPARE(picked, m_scenario);

        ProfilePlot* pattern = m_view->plot(Factor::Pattern);
        const double other = m_scenario.pattern == iolens::core::Pattern::Random ? 1.0 : 0.0;
        QTest::mouseClick(pattern, Qt::LeftButton, {}, pixelAt(*pattern, other));
        QCOMPARE(requested.count(), 1);
        QVERIFY(requested.takeFirst().at(0).value<Configuration>().pattern != m_scenario.pattern);
    }

private:
    ModelController* m_controller = nullptr;
    ProfilerView* m_view = nullptr;
    Configuration m_scenario;
};

QTEST_MAIN(TestProfilerView)
#include "test_profiler_view.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/background_pool.hpp"
#include "document/example_database.hpp"
#include "models/regressor_registry.hpp"
#include "models/vm_projection.hpp"
#include "planning/capacity_panel.hpp"
#include "plots/plot_style.hpp"
#include "prediction/model_controller.hpp"
#include "profiler/profile_plot.hpp"
#include "profiler/profiler_view.hpp"
#include "profiler/range_exits.hpp"
#include "profiler/value_range.hpp"
#include "support/dark_palette.hpp"
#include "support/isolated_settings.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"
#include "support/test_timeouts.hpp"

#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

using namespace iolens::ui;
using iolens::core::Configuration;
using iolens::core::Factor;
using iolens::core::LimitStretch;
using iolens::core::LimitVerdict;
using iolens::core::Metric;

namespace {

// A profiler of its own, 1200x700 and shown, on models of `techniques` that the tiered example
// has trained; both null if the training did not finish in time.
struct TrainedProfiler {
    std::unique_ptr<ModelController> controller;
    std::unique_ptr<ProfilerView> view;
};
TrainedProfiler profilerOnTiered(std::vector<std::string> techniques)
{
    TrainedProfiler trained;
    trained.controller = std::make_unique<ModelController>(std::move(techniques));
    trained.view = std::make_unique<ProfilerView>(trained.controller.get());
    trained.view->resize(1200, 700);
    trained.view->show();
    QSignalSpy ready(trained.controller.get(), &ModelController::modelsReady);
    trained.controller->setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
    if (!iolens::test::waitForEmission(ready, kTimeoutMs))
        return {};
    return trained;
}

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

// The verdict at one sweep point from the models' own predictions, independent of the view:
// every model keeps every limit, some do, none does (a metric without a value never binds).
LimitVerdict expectedVerdict(const ModelController& controller, const Configuration& point,
    const std::vector<iolens::core::SlaLimit>& limits)
{
    int keep = 0;
    int breaks = 0;
    for (const auto& entry : controller.entries()) {
        bool ok = true;
        for (const auto& limit : limits) {
            if (!iolens::core::metricHasValue(limit.metric, point.readPct))
                continue;
            const double value
                = iolens::core::predictSpreadOverVms(*entry.model(limit.metric), point);
            ok = ok && limit.holds(value);
        }
        (ok ? keep : breaks) += 1;
    }
    return keep && breaks ? LimitVerdict::Disagree
                          : (keep ? LimitVerdict::AllMeet : LimitVerdict::NoneMeet);
}

// The legend's words, its no-break spaces as spaces.
QString legendWords(const ProfilerView& view)
{
    return view.legendText().replace(QStringLiteral("&nbsp;"), QStringLiteral(" "));
}

// The band drawn over grid coordinate x, or nullptr.
const LimitStretch* bandAt(const std::vector<LimitStretch>& bands, double x)
{
    for (const LimitStretch& band : bands)
        if (band.from <= x && x <= band.to)
            return &band;
    return nullptr;
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
        iolens::ui::backgroundPool()->waitForDone(); // cross-validation tasks still running
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

    // A stored model trained on small requests only is dashed where the request-size sweep
    // leaves its own training data, although the open data covers it; the window's own models
    // stay solid there.
    void storedModel_isDashedOutsideItsOwnTrainingDomain()
    {
        ModelController controller({"lm"});
        ProfilerView view(&controller);
        view.resize(1200, 700);
        view.show();
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        controller.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        QVERIFY(iolens::test::waitForEmission(ready, kTimeoutMs));
        std::vector<iolens::core::AggregatedMeasurement> small;
        for (const auto& row : controller.measured().all())
            if (row.config.requestBytes <= 16 * 1024)
                small.push_back(row);
        iolens::core::TrainingOptions options;
        options.metric = Metric::RtWriteMs;
        QVERIFY(controller.addModel(QStringLiteral("lm-small"),
                    iolens::core::TrainedModel::train(
                        iolens::core::createRegressor("lm"), small, options),
                    ModelOrigin::Stored)
            > 0);
        view.setMetric(Metric::RtWriteMs);
        controller.setScenario(mixedScenario(controller));

        ProfilePlot* plot = view.plot(Factor::RequestBytes);
        QCOMPARE(plot->curveCount(), 2);
        QCOMPARE(plot->outsideCurve(0)->dataCount(), 0); // the window's lm
        const QCPGraph* solid = plot->curve(1);
        const QCPGraph* dashed = plot->outsideCurve(1);
        QCOMPARE(dashed->pen().style(), Qt::DashLine);
        QCOMPARE(dashed->dataCount(), solid->dataCount());
        const iolens::core::Profile* profile = view.profile(Factor::RequestBytes);
        QCOMPARE(static_cast<std::size_t>(solid->dataCount()), profile->points.size());
        int outside = 0;
        for (int i = 0; i < solid->dataCount(); ++i) {
            // Beyond 16 KiB the curve is dashed only, below 4 KiB too (the sweep reaches an
            // octave beyond the data); from 4 to 16 KiB it is solid.
            const std::int64_t bytes = profile->points[static_cast<std::size_t>(i)].requestBytes;
            const bool own = bytes >= 4 * 1024 && bytes <= 16 * 1024;
            QCOMPARE(std::isnan(solid->data()->at(i)->value), !own);
            if (!own) {
                QVERIFY(!std::isnan(dashed->data()->at(i)->value));
                ++outside;
            }
        }
        QVERIFY(outside > 0);
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

    void noLimits_noShadingAndTheCaptionSaysHowToSetThem()
    {
        m_view->setLimits({});
        for (Factor f : {Factor::RequestBytes, Factor::ReadPct, Factor::Vms, Factor::Pattern})
            QVERIFY(m_view->plot(f)->limitBands().empty());
        QVERIFY(m_view->limitCaption().contains(QStringLiteral("Capacity tab")));
        QVERIFY(!legendWords(*m_view).contains(QStringLiteral("models disagree")));
    }

    void limits_shadeWhereTheModelsKeepThem_data()
    {
        QTest::addColumn<int>("factor");
        for (Factor f : {Factor::RequestBytes, Factor::ReadPct, Factor::FilesetBytes,
                 Factor::Scheduler, Factor::Pattern, Factor::Vms})
            QTest::newRow(std::string(iolens::core::factorColumnName(f)).c_str())
                << static_cast<int>(f);
    }

    void limits_shadeWhereTheModelsKeepThem()
    {
        QFETCH(int, factor);
        const Factor f = static_cast<Factor>(factor);
        // The view shows write RT; the limits are on read RT and write throughput, which the
        // view does not show, so it must sweep them itself. The read bound is the MARS read RT
        // at 32 KiB: it splits the request-size sweep.
        m_view->setMetric(Metric::RtWriteMs);
        Configuration at32k = m_scenario;
        at32k.requestBytes = 32 * 1024;
        const double readBound = iolens::core::predictSpreadOverVms(
            *m_controller->entries().front().model(Metric::RtReadMs), at32k);
        const std::vector<iolens::core::SlaLimit> limits {
            {Metric::RtReadMs, true, readBound}, {Metric::TpWriteMbs, false, 1.0}};
        m_view->setLimits(limits);
        QVERIFY(m_view->limitCaption().contains(QStringLiteral("≤")));
        QVERIFY(m_view->limitCaption().contains(QStringLiteral("≥")));
        QVERIFY(legendWords(*m_view).contains(QStringLiteral("models disagree")));

        const iolens::core::Profile& profile = *m_view->profile(f);
        const iolens::core::LimitRegions& regions = *m_view->limitRegions(f);
        const std::vector<LimitStretch> bands = m_view->plot(f)->limitBands();
        QCOMPARE(regions.verdicts.size(), profile.points.size());
        QVERIFY(!bands.empty());
        for (std::size_t i = 0; i < profile.points.size(); ++i) {
            const LimitVerdict expected = expectedVerdict(*m_controller, profile.points[i], limits);
            QVERIFY2(regions.verdicts[i] == expected, qPrintable(QString::number(i)));
            // The drawn band over the point has the point's verdict.
            const LimitStretch* band = bandAt(bands, profile.grid.x[i]);
            QVERIFY(band);
            QVERIFY(band->verdict == expected);
        }
        // Bands meet halfway between the last point of one verdict and the first of the next
        // (the geometric middle on a log axis): positions at grid resolution.
        const bool log = profile.grid.spacing == iolens::core::SweepSpacing::Log;
        for (std::size_t b = 1; b < bands.size(); ++b) {
            QCOMPARE(bands[b].from, bands[b - 1].to);
            const auto after = std::find_if(profile.grid.x.begin(), profile.grid.x.end(),
                [&](double x) { return x > bands[b].from; });
            QVERIFY(after != profile.grid.x.begin() && after != profile.grid.x.end());
            const double left = *(after - 1);
            const double right = *after;
            QCOMPARE(bands[b].from, log ? std::sqrt(left * right) : 0.5 * (left + right));
        }
        if (f == Factor::RequestBytes) {
            // The read bound splits the sizes: the small ones keep it, the large ones do not.
            QVERIFY(bands.size() >= 2);
            QVERIFY(bands.front().verdict != bands.back().verdict);
            QCOMPARE(bands.front().from, profile.grid.x.front());
            QCOMPARE(bands.back().to, profile.grid.x.back());
        }
        if (f == Factor::Vms) { // bars around the counts 1..n
            QCOMPARE(bands.front().from, profile.grid.x.front() - 0.5);
            QCOMPARE(bands.back().to, profile.grid.x.back() + 0.5);
        }
        m_view->setLimits({});
        m_view->setMetric(Metric::RtReadMs);
    }

    // The legend's swatches are drawn in the colours the plots show: under a dark palette the
    // black measured dots become light, and so does their swatch.
    // With the recommended model first, the band is its 80 % interval in its colour, and the
    // legend says so; with mars and cart alone (initTestCase) it is their spread.
    void band_isTheRecommendedModelsInterval()
    {
        QVERIFY(legendWords(*m_view).contains(QStringLiteral("model spread")));
        auto controller
            = std::make_unique<ModelController>(std::vector<std::string> {"auto", "mars"});
        auto view = std::make_unique<ProfilerView>(controller.get());
        view->resize(1200, 700);
        view->show();
        QSignalSpy ready(controller.get(), &ModelController::modelsReady);
        // The random-access runs with scheduler none only: auto's nested cross-validation on
        // all of fio-tiered runs for minutes under the sanitizers, and this test waits for it.
        std::vector<iolens::core::Measurement> runs;
        for (const auto& run : loadExampleDatabase(Example::Tiered).measurements())
            if (run.config.scheduler == "none"
                && run.config.pattern == iolens::core::Pattern::Random)
                runs.push_back(run);
        QVERIFY(runs.size() >= 20);
        controller->setMeasurements(runs);
        QVERIFY(iolens::test::waitForEmission(ready, kTimeoutMs));
        Configuration scenario = controller->measured().all().front().config;
        scenario.readPct = 50.0;
        controller->setScenario(scenario);
        view->setMetric(Metric::TpWriteMbs);
        QVERIFY2(legendWords(*view).contains(QStringLiteral("auto: 80 % prediction interval")),
            qPrintable(view->legendText()));
        QVERIFY(!legendWords(*view).contains(QStringLiteral("model spread")));
        const iolens::core::TrainedModel* recommended
            = controller->entries().front().model(Metric::TpWriteMbs);
        QVERIFY(recommended);
        const ProfilePlot* plot = view->plot(Factor::RequestBytes);
        const iolens::core::Profile* profile = view->profile(Factor::RequestBytes);
        QVERIFY(plot && profile);
        const auto interval
            = iolens::core::predictIntervalSpreadOverVms(*recommended, profile->points, 0.8);
        QVERIFY(interval);
        QCOMPARE(plot->bandLowGraph()->dataCount(), static_cast<int>(profile->points.size()));
        for (std::size_t i = 0; i < profile->points.size(); ++i) {
            const int k = static_cast<int>(i);
            QCOMPARE(plot->bandLowGraph()->data()->at(k)->value, interval->first(k));
            QCOMPARE(plot->bandHighGraph()->data()->at(k)->value, interval->second(k));
        }
        QCOMPARE(plot->bandHighGraph()->brush().color().rgb(), seriesColor(0).rgb());
        // The models' background cross-validation is not looked at here: closing the view and
        // its controller cancels it, as opening other data does in the window, so the pool's
        // wait ends after the folds already running instead of after auto's minutes of refits.
        view.reset();
        controller.reset();
        iolens::ui::backgroundPool()->waitForDone();
    }

    // Presentation mode's legend wrapped inside "far from data (> 1 step)": an item never
    // breaks, the lines break only between items.
    void legend_breaksOnlyBetweenItems()
    {
        const QStringList items = m_view->legendItems();
        QVERIFY(items.size() >= 6);
        QVERIFY(std::any_of(items.begin(), items.end(),
            [](const QString& item) { return item.contains(QStringLiteral("far&nbsp;from")); }));
        const QRegularExpression tag(QStringLiteral("<[^>]*>"));
        for (QString item : items) {
            item.remove(tag);
            QVERIFY2(!item.contains(QLatin1Char(' ')) && !item.contains(QLatin1Char('-'))
                    && !item.contains(QChar(0x2013)),
                qPrintable(item));
            QVERIFY2(item.count(QStringLiteral("&#8211;")) == item.count(QStringLiteral("&#8288;")),
                qPrintable(item));
        }
    }

    // At 0 % reads there is no read response time (the table says n/a): the read-share plot
    // starts at the first share above 0 % for a read metric and ends below 100 % for a write one.
    void readShare_showsOnlyWhereTheMetricHasAValue()
    {
        ProfilePlot* plot = m_view->plot(Factor::ReadPct);
        for (const Metric metric : {Metric::RtReadMs, Metric::TpReadMbs}) {
            m_view->setMetric(metric);
            plot->replot();
            const auto& grid = m_view->profile(Factor::ReadPct)->grid;
            // The axis starts a marker's radius before the first share above 0 %, labelled.
            const double pad = (grid.x[1] - plot->xAxis->range().lower)
                / (plot->xAxis->range().upper - plot->xAxis->range().lower);
            QVERIFY(pad > 0.0 && pad < 0.05);
            QCOMPARE(plot->xAxis->tickVector().front(), grid.x[1]);
            QCOMPARE(plot->xAxis->tickVectorLabels().front(), QStringLiteral("0.5"));
            QCOMPARE(plot->xAxis->tickVector().back(), 100.0);
        }
        m_view->setMetric(Metric::RtWriteMs);
        plot->replot();
        const auto& grid = m_view->profile(Factor::ReadPct)->grid;
        QCOMPARE(plot->xAxis->tickVector().front(), 0.0);
        QCOMPARE(plot->xAxis->tickVector().back(), grid.x[grid.x.size() - 2]);
        m_view->setMetric(Metric::RtReadMs);
    }

    // lm's extrapolation to 3000 ms at a 32 GiB file set stretched every plot's y axis; the
    // range follows the measurements and the first model, and lm is clipped with an arrow.
    void valueRange_followsTheDataAndTheFirstModel()
    {
        auto [controller, view] = profilerOnTiered({"mars", "lm"});
        QVERIFY(view);
        // The window's first scenario: 16 KiB requests on 4 GiB, half reads, random, bfq.
        std::optional<Configuration> scenario;
        for (const auto& row : controller->measured().all())
            if (row.config.readPct == 50.0 && row.config.filesetBytes == (4LL << 30)
                && row.config.requestBytes == 16 * 1024 && row.config.scheduler == "bfq"
                && row.config.pattern == iolens::core::Pattern::Random && row.config.vms == 1)
                scenario = row.config;
        QVERIFY(scenario);
        controller->setScenario(*scenario);
        view->setMetric(Metric::RtReadMs);

        ValueSpan span;
        bool lmLeaves = false;
        for (Factor f : {Factor::RequestBytes, Factor::ReadPct, Factor::FilesetBytes,
                 Factor::Scheduler, Factor::Pattern, Factor::Vms}) {
            ProfilePlot* plot = view->plot(f);
            for (const auto& point : *plot->measuredGraph()->data())
                span.include(point.value);
            for (const double v : view->profile(f)->y.front())
                span.include(v);
        }
        const ValueRange expected = paddedValueRange(span);
        for (Factor f : {Factor::RequestBytes, Factor::ReadPct, Factor::FilesetBytes,
                 Factor::Scheduler, Factor::Pattern, Factor::Vms}) {
            ProfilePlot* plot = view->plot(f);
            QCOMPARE(plot->yAxis->range().lower, expected.low);
            QCOMPARE(plot->yAxis->range().upper, expected.high);
            // Every stretch of lm above the range has its arrow, in lm's colour, and no more.
            const auto& lm = view->profile(f)->y[1];
            const bool levels = f == Factor::Scheduler || f == Factor::Pattern;
            const auto exits
                = rangeExits(view->profile(f)->grid.x, lm, expected.low, expected.high, levels);
            int marked = 0;
            for (const auto& mark : plot->exitMarks())
                marked += mark.curve == 1 ? 1 : 0;
            QCOMPARE(marked, static_cast<int>(exits.size()));
            lmLeaves = lmLeaves || !exits.empty();
        }
        QVERIFY(lmLeaves); // the case this is about: lm's 32 GiB extrapolation
        QVERIFY(legendWords(*view).contains(QStringLiteral("leaves the range")));
        view.reset();
        controller.reset();
        iolens::ui::backgroundPool()->waitForDone();
    }

    // A tab too short for two rows of panels (presentation mode at 1280x800 with the scenario
    // panels open) scrolls them instead of squeezing them below their least height, where the
    // first row's tick labels were cut; a tall tab needs no scrolling.
    void shortTab_scrollsThePanelsRatherThanCuttingThem()
    {
        auto* scroll = m_view->findChild<QScrollArea*>();
        QVERIFY(scroll);
        m_view->resize(1200, 260);
        QTRY_VERIFY(scroll->verticalScrollBar()->maximum() > 0);
        for (Factor f : {Factor::RequestBytes, Factor::Scheduler}) {
            const ProfilePlot* plot = m_view->plot(f);
            QVERIFY2(plot->height() >= plot->minimumHeight(),
                qPrintable(
                    QStringLiteral("%1 < %2").arg(plot->height()).arg(plot->minimumHeight())));
        }
        m_view->resize(1200, 700);
        QTRY_COMPARE(scroll->verticalScrollBar()->maximum(), 0);
    }

    // M5 and Cubist at their defaults answer alike everywhere: the legend names the pair that
    // the dashed curve stands for.
    void legend_namesCurvesThatCoincide()
    {
        auto [controller, view] = profilerOnTiered({"m5", "cubist"});
        QVERIFY(view);
        controller->setScenario(mixedScenario(*controller));
        const ProfilePlot* plot = view->plot(Factor::RequestBytes);
        QVERIFY(plot && plot->curveCount() == 2);
        QCOMPARE(plot->coincidingWith(1), 0);
        QVERIFY2(legendWords(*view).contains(QStringLiteral("cubist (= m5)")),
            qPrintable(view->legendText()));
        QVERIFY(!legendWords(*view).contains(QStringLiteral("m5 (=")));
        view.reset();
        controller.reset();
        iolens::ui::backgroundPool()->waitForDone();
    }

    void legend_followsThePalette()
    {
        const QString measuredLight = QStringLiteral("color:#000000\">&#9679;");
        QVERIFY2(m_view->legendText().contains(measuredLight), qPrintable(m_view->legendText()));
        const QPalette light = m_view->palette();
        const QPalette dark = iolens::test::darkPalette();
        m_view->setPalette(dark);
        const QString measuredDark
            = QStringLiteral("color:%1\">&#9679;").arg(dark.color(QPalette::Text).name());
        QVERIFY2(m_view->legendText().contains(measuredDark), qPrintable(m_view->legendText()));
        QVERIFY(!m_view->legendText().contains(measuredLight));
        // The model colours are data and stay.
        QVERIFY(m_view->legendText().contains(seriesColor(0).name()));
        m_view->setPalette(light);
        QVERIFY(m_view->legendText().contains(measuredLight));
    }

    void shading_followsTheCapacityPanelsLimitsLive()
    {
        iolens::test::useIsolatedSettings("test_profiler_view");
        CapacityPanel panel(m_controller);
        connect(&panel, &CapacityPanel::limitsChanged, m_view, &ProfilerView::setLimits);
        ProfilePlot* plot = m_view->plot(Factor::RequestBytes);
        const iolens::core::SweepGrid& grid = m_view->profile(Factor::RequestBytes)->grid;

        // A bound nobody breaks: one green band over the whole sweep.
        panel.setLimits({{Metric::RtReadMs, true, 1e6}});
        QCOMPARE(m_view->limits().size(), std::size_t(1));
        std::vector<LimitStretch> bands = plot->limitBands();
        QCOMPARE(bands.size(), std::size_t(1));
        QVERIFY(bands.front().verdict == LimitVerdict::AllMeet);
        QCOMPARE(bands.front().from, grid.x.front());
        QCOMPARE(bands.front().to, grid.x.back());
        // The limit is on the metric shown: a line at its bound.
        QVERIFY(plot->limitLines() == std::vector<double> {1e6});

        // A bound nobody keeps: one light red band.
        panel.setLimits({{Metric::TpWriteMbs, false, 1e6}});
        bands = plot->limitBands();
        QCOMPARE(bands.size(), std::size_t(1));
        QVERIFY(bands.front().verdict == LimitVerdict::NoneMeet);
        QVERIFY(plot->limitLines().empty()); // write throughput is not shown
        // ... except at 100 % reads on the read-share plot, where write throughput has no value.
        const std::vector<LimitStretch> read = m_view->plot(Factor::ReadPct)->limitBands();
        QCOMPARE(read.size(), std::size_t(2));
        QVERIFY(read.back().verdict == LimitVerdict::AllMeet);
        QCOMPARE(read.back().to, 100.0);

        panel.setLimits({});
        QVERIFY(plot->limitBands().empty());
        QVERIFY(m_view->limitCaption().contains(QStringLiteral("Capacity tab")));
        QSettings().clear();
    }

private:
    ModelController* m_controller = nullptr;
    ProfilerView* m_view = nullptr;
    Configuration m_scenario;
};

IOLENS_TEST_MAIN(TestProfilerView)
#include "test_profiler_view.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The Conservation tab draws exactly what core::checkConservation (iolens-cli conservation)
// computes, and says so when a dataset cannot be checked.
#include "conservation/conservation_plot.hpp"
#include "conservation/conservation_view.hpp"
#include "data/aggregation.hpp"
#include "document/document_controller.hpp"
#include "document/example_database.hpp"
#include "plots/plot_data_csv.hpp"
#include "plots/presentation_scale.hpp"
#include "plots/swarm_graph.hpp"
#include "support/test_registry.hpp"
#include "window/main_window.hpp"

#include <QTabWidget>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace iolens::ui;
namespace core = iolens::core;

namespace {

using Points = std::vector<std::pair<double, double>>;

Points pointsOf(const QCPGraph& graph)
{
    Points points;
    for (auto it = graph.data()->constBegin(); it != graph.data()->constEnd(); ++it)
        points.emplace_back(it->key, it->value);
    std::sort(points.begin(), points.end());
    return points;
}

bool samePoints(Points a, Points b)
{
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::fabs(a[i].first - b[i].first) > 1e-12
            || std::fabs(a[i].second - b[i].second) > 1e-12 * std::max(1.0, std::fabs(b[i].second)))
            return false;
    return true;
}

std::vector<core::Measurement> tieredRuns()
{
    return loadExampleDatabase(Example::Tiered).measurements();
}

} // namespace

class TestConservationView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void plot_showsTheCoreCheckOfTheTieredExample()
    {
        const auto runs = tieredRuns();
        const core::ConservationCheck check
            = core::checkConservation(core::aggregateRepetitions(runs));
        QVERIFY(!check.mixes.empty());
        ConservationView view;
        view.setMeasurements(runs);
        QVERIFY(view.check().has_value());
        QVERIFY(view.message().isEmpty());
        const ConservationPlot& plot = *view.plot();

        // Figure 2a and the error panel: every mix under its request size, nothing else.
        const auto& sizes = plot.requestSizes();
        QCOMPARE(sizes, (std::vector<double> {4.0, 16.0, 64.0}));
        std::size_t drawn = 0;
        for (std::size_t s = 0; s < sizes.size(); ++s) {
            Points capacity;
            Points error;
            for (const core::ConservationMix& mix : check.mixes)
                if (mix.config.requestBytes == static_cast<std::int64_t>(sizes[s] * 1024)) {
                    capacity.emplace_back(mix.config.readPct, mix.capacityRatio);
                    error.emplace_back(mix.config.readPct, 100.0 * mix.relativeError);
                }
            QVERIFY(!capacity.empty());
            QVERIFY(samePoints(pointsOf(*plot.capacityGraphs()[s]), capacity));
            QVERIFY(samePoints(pointsOf(*plot.errorGraphs()[s]), error));
            drawn += capacity.size();
        }
        QCOMPARE(drawn, check.mixes.size());

        // Figure 3: f_rw of every capacity table, and the median per size.
        Points writeCosts;
        std::map<double, std::vector<double>> bySize;
        for (const auto& table : check.tables)
            for (const core::SizeCapacity& c : table.second) {
                writeCosts.emplace_back(c.requestKib, c.writeCost());
                bySize[c.requestKib].push_back(c.writeCost());
            }
        QVERIFY(samePoints(pointsOf(*plot.writeCostGraph()), writeCosts));
        const Points medians = pointsOf(*plot.writeCostMedianGraph());
        QCOMPARE(medians.size(), bySize.size());
        for (const auto& [kib, median] : medians) {
            auto values = bySize.at(kib);
            std::sort(values.begin(), values.end());
            QVERIFY(values.front() <= median && median <= values.back());
        }
        QVERIFY(plot.summaryText().contains(QString::number(check.mixes.size())));
        QVERIFY(plot.summaryText().contains(QString::number(check.measurementsUsed)));
    }

    void axes_haveUnitsAndTheSizeAxisIsLogarithmic()
    {
        ConservationView view;
        view.setMeasurements(tieredRuns());
        const ConservationPlot& plot = *view.plot();
        for (int i = 0; i < 3; ++i) {
            QVERIFY(!plot.panel(i)->axis(QCPAxis::atBottom)->label().isEmpty());
            QVERIFY(!plot.panel(i)->axis(QCPAxis::atLeft)->label().isEmpty());
        }
        QVERIFY(plot.panel(0)->axis(QCPAxis::atBottom)->label().contains(QStringLiteral("%")));
        QVERIFY(plot.panel(2)->axis(QCPAxis::atLeft)->label().contains(QStringLiteral("%")));
        QCPAxis* sizeAxis = plot.panel(1)->axis(QCPAxis::atBottom);
        QCOMPARE(sizeAxis->scaleType(), QCPAxis::stLogarithmic);
        auto ticker = sizeAxis->ticker().dynamicCast<QCPAxisTickerText>();
        QVERIFY(ticker);
        QCOMPARE(ticker->ticks().value(16.0), QStringLiteral("16 KiB"));
        // fio-tiered mixes only at 50 % reads: the read-share axes span 25-75 %, not 0-100 %
        // with nine tenths of each panel empty, and each size stands beside the others there.
        for (int i : {0, 2}) {
            const QCPRange reads = plot.panel(i)->axis(QCPAxis::atBottom)->range();
            QCOMPARE(reads.lower, 25.0);
            QCOMPARE(reads.upper, 75.0);
        }
        std::vector<double> shifts;
        for (QCPGraph* graph : plot.capacityGraphs()) {
            auto* swarm = qobject_cast<SwarmGraph*>(graph);
            QVERIFY(swarm);
            shifts.push_back(swarm->keyShift());
        }
        QVERIFY(std::is_sorted(shifts.begin(), shifts.end()));
        QVERIFY(std::adjacent_find(shifts.begin(), shifts.end()) == shifts.end());
        QCOMPARE(shifts.front(), -shifts.back());
        QVERIFY(shifts.back() - shifts.front() < 20.0); // short of the next read share
        // The error panel starts a little below 0, so a mix estimated exactly is not cut.
        QVERIFY(plot.panel(2)->axis(QCPAxis::atLeft)->range().lower < 0.0);
        // The CSV export carries every drawn point, under the panel's axis labels.
        const QString csv = plotDataCsv(plot);
        QVERIFY(csv.contains(QStringLiteral("f_rw")));
        QVERIFY(csv.contains(QStringLiteral("16 KiB")));
    }

    // On a small screen in presentation mode the summary wraps instead of being cut at both
    // edges, the legend folds into rows within the width, and short panels get brief y labels;
    // on a large plot everything stays on one line and in full.
    void smallPlot_wrapsItsTextAndShortensItsLabels()
    {
        ConservationPlot plot;
        plot.showCheck(core::checkConservation(core::aggregateRepetitions(tieredRuns())));
        installPresentationScale(plot, 2.0);
        plot.resize(900, 420);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.replot();
        auto* summary = qobject_cast<QCPTextElement*>(plot.plotLayout()->element(1, 0));
        QVERIFY(summary);
        QVERIFY(summary->text().contains(QLatin1Char('\n')));
        for (const QString& line : summary->text().split(QLatin1Char('\n')))
            QVERIFY2(QFontMetrics(summary->font()).horizontalAdvance(line) < plot.width(),
                qPrintable(line));
        QCOMPARE(summary->text().simplified(), plot.summaryText().simplified());
        const QRect legend = plot.legend->outerRect();
        QVERIFY2(legend.left() >= 0 && legend.right() <= plot.width(),
            qPrintable(QStringLiteral("%1..%2").arg(legend.left()).arg(legend.right())));
        QCOMPARE(plot.panel(0)->axis(QCPAxis::atLeft)->label(), QStringLiteral("C / T100r"));

        installPresentationScale(plot, 1.0);
        plot.resize(1800, 1000);
        plot.replot();
        QVERIFY(!summary->text().contains(QLatin1Char('\n')));
        QCOMPARE(plot.panel(0)->axis(QCPAxis::atLeft)->label(),
            QStringLiteral("C / T100r (1: capacity conserved)"));
    }

    void withoutPureMeasurements_showsAMessage()
    {
        std::vector<core::Measurement> mixesOnly;
        for (const core::Measurement& run : tieredRuns())
            if (run.config.readPct > 0.0 && run.config.readPct < 100.0)
                mixesOnly.push_back(run);
        QVERIFY(!mixesOnly.empty());
        ConservationView view;
        view.setMeasurements(tieredRuns());
        QVERIFY(view.check().has_value());
        view.setMeasurements(mixesOnly);
        QVERIFY(!view.check().has_value());
        QVERIFY(view.message().contains(QStringLiteral("100 % read")));
        view.setMeasurements({});
        QVERIFY(!view.message().isEmpty());
    }

    void window_hasAConservationTabOnTheOpenDataset()
    {
        MainWindow window;
        auto* page = window.views()->findChild<QWidget*>(QStringLiteral("conservation"));
        QVERIFY(page);
        QCOMPARE(page, static_cast<QWidget*>(window.conservationView()));
        QVERIFY(window.views()->indexOf(page) >= 0);
        window.setErrorDialogsEnabled(false);
        QVERIFY(window.documents()->openExample(Example::Tiered));
        const auto check = core::checkConservation(core::aggregateRepetitions(tieredRuns()));
        QVERIFY(window.conservationView()->check().has_value());
        QCOMPARE(window.conservationView()->check()->mixes.size(), check.mixes.size());
    }
};

IOLENS_TEST_MAIN(TestConservationView)
#include "test_conservation_view.moc"

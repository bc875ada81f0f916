// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/error_cdf_page.hpp"

#include "data/aggregation.hpp"
#include "data/configuration_filter.hpp"
#include "data/measurement_csv.hpp"
#include "plots/error_cdf_view.hpp"
#include "prediction/model_controller.hpp"
#include "support/multi_vm_data.hpp"
#include "support/signal_wait.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "support/test_timeouts.hpp"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QTest>
#include <qcustomplot.h>

using namespace iolens::core;
using namespace iolens::ui;

namespace {

constexpr int kPointsColumn = 5; // ErrorCdfView's "Configurations" column

// The points of every curve of the metric shown, as the table beneath the plot lists them.
std::vector<int> tablePointCounts(const ErrorCdfView& view)
{
    std::vector<int> counts;
    const QTableWidget* table = view.percentileTable();
    for (int row = 0; row < table->rowCount(); ++row)
        counts.push_back(table->item(row, kPointsColumn)->text().toInt());
    return counts;
}

// The measured configurations `filter` picks that have `metric` and pass the Table 4 rule: the
// points a rule scenario must score.
int expectedPoints(const std::vector<Measurement>& runs, const std::string& filter, Metric metric)
{
    const RelativeErrorRule rule;
    int count = 0;
    for (const AggregatedMeasurement& row :
        ConfigurationFilter::parse(filter).apply(aggregateRepetitions(runs))) {
        const auto value = row.value(metric);
        if (value && *value > 0.0 && rule.admits(metric, row.config))
            ++count;
    }
    return count;
}

Configuration scenarioAt(
    const std::vector<Measurement>& runs, std::int64_t requestBytes, double readPct)
{
    Configuration config = runs.front().config;
    config.requestBytes = requestBytes;
    config.readPct = readPct;
    return config;
}

} // namespace

class TestErrorCdfPage : public QObject {
    Q_OBJECT
private:
    std::vector<Measurement> m_runs;

    // Trains CART (fast) on `runs` and waits for its cross-validation and holdouts.
    void train(ModelController& models, const std::vector<Measurement>& runs)
    {
        QSignalSpy done(&models, &ModelController::evaluationsReady);
        models.setMeasurements(runs);
        models.setScenario(scenarioAt(runs, 16384, 50.0));
        QVERIFY(iolens::test::waitForEmission(done, kTimeoutMs));
    }

private slots:
    void initTestCase() { m_runs = readMeasurementsCsv(iolens::test::tieredCsvPath()); }

    void rule_scoresExactlyTheMatchingMeasurements()
    {
        ModelController models({"cart"});
        ErrorCdfPage page(&models);
        train(models, m_runs);
        QSignalSpy ruled(&models, &ModelController::ruleEvaluationsReady);
        QCOMPARE(page.setRule(QStringLiteral("request_kib>32")), QString());
        QVERIFY(iolens::test::waitForEmission(ruled, kTimeoutMs));
        QCOMPARE(page.scenario(), ErrorScenario::Rule);
        QVERIFY(page.ruleEdit()->isVisibleTo(&page));
        QVERIFY(!page.ruleMessage()->isVisibleTo(&page));
        QVERIFY(page.view()->scenarioText().contains(QStringLiteral("request_kib>32")));
        for (Metric metric : kCoreMetrics) {
            page.view()->setMetric(metric);
            const int expected = expectedPoints(m_runs, "request_kib>32", metric);
            QVERIFY(expected > 0);
            QCOMPARE(tablePointCounts(*page.view()), std::vector<int> {expected});
        }
    }

    void rule_badInputShowsTheParserMessageAndKeepsTheCurves()
    {
        ModelController models({"cart"});
        ErrorCdfPage page(&models);
        train(models, m_runs);
        QSignalSpy ruled(&models, &ModelController::ruleEvaluationsReady);
        QCOMPARE(page.setRule(QStringLiteral("request_kib<=16")), QString());
        QVERIFY(iolens::test::waitForEmission(ruled, kTimeoutMs));
        page.view()->setMetric(Metric::RtReadMs);
        const std::vector<int> before = tablePointCounts(*page.view());
        QCOMPARE(
            before, std::vector<int> {expectedPoints(m_runs, "request_kib<=16", Metric::RtReadMs)});

        QSignalSpy started(&models, &ModelController::ruleEvaluated);
        for (const QString& bad : {QStringLiteral("request_kib>>32"), QStringLiteral("colour=red"),
                 QStringLiteral("request_kib>100000"), QStringLiteral("cv")}) {
            const QString message = page.setRule(bad);
            QVERIFY2(!message.isEmpty(), qPrintable(bad));
            QVERIFY(page.ruleMessage()->isVisibleTo(&page));
            QCOMPARE(page.ruleMessage()->text(), message);
            QVERIFY(!models.isEvaluatingRule());
        }
        QTest::qWait(50);
        QCOMPARE(started.count(), 0); // nothing re-evaluated
        QCOMPARE(models.ruleScenario(), QStringLiteral("request_kib<=16"));
        QCOMPARE(tablePointCounts(*page.view()), before);
        // The parser's own words for a clause it does not understand.
        QString parserMessage;
        try {
            ConfigurationFilter::parse("colour=red");
        } catch (const std::exception& e) {
            parserMessage = QString::fromStdString(e.what());
        }
        QVERIFY(!parserMessage.isEmpty());
        QCOMPARE(page.setRule(QStringLiteral("colour=red")), parserMessage);
    }

    void local_keepsNPointsAndFollowsTheScenario()
    {
        ModelController models({"cart"});
        ErrorCdfPage page(&models);
        train(models, m_runs);
        page.setScenario(ErrorScenario::CrossValidation);
        page.view()->setMetric(Metric::RtReadMs);
        const std::vector<int> all = tablePointCounts(*page.view());
        QCOMPARE(all.size(), std::size_t {1});
        QVERIFY(all[0] > 10);

        page.setLocal(true, 10);
        QCOMPARE(tablePointCounts(*page.view()), std::vector<int> {10});
        QVERIFY(page.view()->scenarioText().contains(
            QStringLiteral("the 10 measurements nearest the scenario")));
        const auto curveX = [&page] {
            std::vector<double> x;
            for (auto it = page.view()->curveGraph(0)->data()->constBegin();
                 it != page.view()->curveGraph(0)->data()->constEnd(); ++it)
                x.push_back(it->key);
            return x;
        };
        models.setScenario(scenarioAt(m_runs, 4096, 100.0));
        const std::vector<double> smallReads = curveX();
        QCOMPARE(tablePointCounts(*page.view()), std::vector<int> {10});
        models.setScenario(scenarioAt(m_runs, 65536, 50.0));
        QCOMPARE(tablePointCounts(*page.view()), std::vector<int> {10});
        QVERIFY(curveX() != smallReads); // other measurements, other errors

        page.setLocal(true, 3);
        QCOMPARE(tablePointCounts(*page.view()), std::vector<int> {3});
        page.setLocal(false, 3);
        QCOMPARE(tablePointCounts(*page.view()), all);
        QVERIFY(!page.view()->scenarioText().contains(QStringLiteral("nearest")));
    }

    void multiVm_disabledWithOneVmOnly()
    {
        ModelController models({"cart"});
        ErrorCdfPage page(&models);
        train(models, m_runs);
        QVERIFY(!models.hasMultiVm());
        QVERIFY(!page.isScenarioEnabled(ErrorScenario::MultiVm));
        const auto* items = qobject_cast<QStandardItemModel*>(page.scenarioBox()->model());
        QVERIFY(items);
        const QStandardItem* item
            = items->item(page.scenarioBox()->findData(static_cast<int>(ErrorScenario::MultiVm)));
        QVERIFY(item->toolTip().contains(QStringLiteral("2 or more VMs")));
        page.setScenario(ErrorScenario::MultiVm);
        QCOMPARE(page.scenario(), ErrorScenario::CrossValidation);
    }

    void multiVm_evaluatesTheTwoVmMeasurements()
    {
        const std::vector<Measurement> runs = iolens::test::withTwoVms(m_runs);
        ModelController models({"cart"});
        ErrorCdfPage page(&models);
        train(models, runs);
        QVERIFY(models.hasMultiVm());
        QVERIFY(page.isScenarioEnabled(ErrorScenario::MultiVm));
        page.setScenario(ErrorScenario::MultiVm);
        QCOMPARE(page.scenario(), ErrorScenario::MultiVm);
        // Two curves: cart (VM-aware) and cart (1 VM, projected), both on the 2-VM rows.
        QCOMPARE(models.entries().size(), std::size_t {2});
        for (Metric metric : kCoreMetrics) {
            page.view()->setMetric(metric);
            QCOMPARE(tablePointCounts(*page.view()),
                std::vector<int>(2, expectedPoints(runs, "vms>=2", metric)));
        }
        // Back to one VM: the entry is disabled again and the page leaves it.
        train(models, m_runs);
        QVERIFY(!page.isScenarioEnabled(ErrorScenario::MultiVm));
        QCOMPARE(page.scenario(), ErrorScenario::CrossValidation);
    }
};

IOLENS_TEST_MAIN(TestErrorCdfPage)
#include "test_error_cdf_page.moc"

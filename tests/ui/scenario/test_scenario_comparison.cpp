// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_comparison.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;
using iolens::core::Metric;

namespace {

ScenarioEvaluation evaluation(
    double readPct, std::vector<std::optional<double>> rtRead, std::optional<double> measured)
{
    ScenarioEvaluation e;
    e.scenario.readPct = readPct;
    e.models.resize(2);
    e.models[0].label = QStringLiteral("lm");
    e.models[1].label = QStringLiteral("cart");
    for (std::size_t m = 0; m < e.metrics.size(); ++m) {
        e.metrics[m].metric = iolens::core::kCoreMetrics[m];
        e.metrics[m].applies = metricApplies(e.metrics[m].metric, readPct);
        e.metrics[m].predictions.resize(2);
    }
    e.metrics[0].predictions[0].value = rtRead[0];
    e.metrics[0].predictions[1].value = rtRead[1];
    e.metrics[0].measured = measured;
    return e;
}

} // namespace

class TestScenarioComparison : public QObject {
    Q_OBJECT
private slots:
    void compare_givesEveryModelsChangeAbsoluteAndInPercent()
    {
        const auto rows = compareScenarios(
            evaluation(70, {2.0, 4.0}, 2.5), evaluation(70, {3.0, 1.0}, std::nullopt));
        // Read RT: lm, cart, measured; the other metrics have no values at all.
        QCOMPARE(rows.size(), std::size_t {3});
        QCOMPARE(rows[0].source, QStringLiteral("lm"));
        QCOMPARE(*rows[0].change(), 1.0);
        QCOMPARE(*rows[0].changePercent(), 50.0);
        QCOMPARE(*rows[1].change(), -3.0);
        QCOMPARE(*rows[1].changePercent(), -75.0);
        QVERIFY(rows[2].measured);
        QCOMPARE(*rows[2].a, 2.5);
        QVERIFY(!rows[2].b);
        QVERIFY(!rows[2].change());
    }

    void compare_dropsAMetricThatAppliesInNeither()
    {
        // 0 % reads in both: read response time has no rows even if a value slipped in.
        const auto rows = compareScenarios(
            evaluation(0, {2.0, 4.0}, std::nullopt), evaluation(0, {3.0, 1.0}, std::nullopt));
        QVERIFY(rows.empty());
    }

    void changePercent_isUndefinedFromZero()
    {
        ScenarioDelta delta;
        delta.a = 0.0;
        delta.b = 3.0;
        QCOMPARE(*delta.change(), 3.0);
        QVERIFY(!delta.changePercent());
    }
};

IOLENS_TEST_MAIN(TestScenarioComparison)
#include "test_scenario_comparison.moc"

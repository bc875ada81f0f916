// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "models/regressor_registry.hpp"
#include "prediction/model_entry.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;
using iolens::core::Metric;

using iolens::test::trainCart;

namespace {

MetricModel slot(iolens::core::TrainedModel model)
{
    MetricModel entry;
    entry.metric = model.metric();
    entry.model = std::move(model);
    return entry;
}

} // namespace

class TestModelEntry : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_rows = iolens::core::aggregateRepetitions(
            loadExampleDatabase(Example::Tiered).measurements());
    }

    void defaultEntry_coversEveryMetricWithOneParameterLine()
    {
        ModelEntry entry;
        entry.label = QStringLiteral("cart");
        entry.technique = "cart";
        // Not trained yet: the technique's defaults.
        QCOMPARE(entry.parametersSummary(), QStringLiteral("minsplit=20 cp=0.01"));
        QVERIFY(!entry.model(Metric::RtReadMs));
        entry.models = trainModelSet({}, "cart"); // no rows: every metric fails
        for (Metric metric : iolens::core::kCoreMetrics) {
            QVERIFY(entry.covers(metric));
            QVERIFY(!entry.model(metric));
        }
        entry.models.models = {slot(trainCart(m_rows, Metric::RtReadMs, 0.01)),
            slot(trainCart(m_rows, Metric::TpReadMbs, 0.01))};
        QVERIFY(entry.model(Metric::RtReadMs));
        QCOMPARE(entry.parametersSummary(), QStringLiteral("minsplit=20 cp=0.01"));
    }

    void addedEntry_coversItsMetricsAndListsDifferingParameters()
    {
        ModelEntry entry;
        entry.label = QStringLiteral("cart (optimized)");
        entry.technique = "cart";
        entry.origin = ModelOrigin::Optimized;
        entry.models.models = {slot(trainCart(m_rows, Metric::RtReadMs, 0.001)),
            slot(trainCart(m_rows, Metric::TpWriteMbs, 0.05))};
        QVERIFY(entry.covers(Metric::RtReadMs));
        QVERIFY(entry.covers(Metric::TpWriteMbs));
        QVERIFY(!entry.covers(Metric::RtWriteMs));
        QCOMPARE(entry.parametersSummary(),
            QStringLiteral("Read RT: minsplit=20 cp=0.001\nWrite TP: minsplit=20 cp=0.05"));
    }

    void coreMetricIndex_isTheRowOfTheMetric()
    {
        QCOMPARE(coreMetricIndex(Metric::RtReadMs), std::size_t {0});
        QCOMPARE(coreMetricIndex(Metric::TpWriteMbs), std::size_t {3});
        QCOMPARE(coreMetricIndex(Metric::IopsRead), std::size_t {4}); // not a core metric
    }

private:
    std::vector<iolens::core::AggregatedMeasurement> m_rows;
};

IOLENS_TEST_GUILESS_MAIN(TestModelEntry)
#include "test_model_entry.moc"

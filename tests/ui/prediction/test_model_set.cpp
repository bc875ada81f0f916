// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "prediction/measured_lookup.hpp"
#include "prediction/model_set.hpp"
#include "support/test_registry.hpp"
#include "workflow/model_training.hpp"

#include <QTest>

using namespace iolens::ui;
using iolens::core::Configuration;
using iolens::core::Metric;

class TestModelSet : public QObject {
    Q_OBJECT
private slots:
    void trainModelSet_predictsWhatCoreTrainModelPredicts_data()
    {
        QTest::addColumn<Example>("example");
        QTest::addColumn<QString>("technique");
        QTest::newRow("tiered lm") << Example::Tiered << QStringLiteral("lm");
        QTest::newRow("local lm") << Example::Local << QStringLiteral("lm");
        // The window trains every technique through trainModelSet: each must match the CLI.
        QTest::newRow("tiered mars") << Example::Tiered << QStringLiteral("mars");
        QTest::newRow("tiered cart") << Example::Tiered << QStringLiteral("cart");
        QTest::newRow("tiered m5") << Example::Tiered << QStringLiteral("m5");
        QTest::newRow("tiered cubist") << Example::Tiered << QStringLiteral("cubist");
    }
    void trainModelSet_predictsWhatCoreTrainModelPredicts()
    {
        QFETCH(Example, example);
        QFETCH(QString, technique);
        auto db = loadExampleDatabase(example);
        const auto runs = db.measurements();
        const ModelSet set = trainModelSet(runs, technique.toStdString());
        QCOMPARE(set.technique, technique.toStdString());
        QCOMPARE(set.models.size(), std::size_t {4});
        const MeasuredLookup measured(runs);
        std::vector<Configuration> configs;
        for (const auto& row : measured.all())
            configs.push_back(row.config);
        for (Metric metric : iolens::core::kCoreMetrics) {
            const MetricModel* entry = set.find(metric);
            QVERIFY(entry && entry->model);
            QVERIFY(entry->error.empty());
            iolens::core::TrainRequest request;
            request.technique = technique.toStdString();
            request.metric = metric;
            const auto reference = iolens::core::trainModel(db, request);
            const Eigen::VectorXd ours = entry->model->predict(configs);
            const Eigen::VectorXd theirs = reference.predict(configs);
            QCOMPARE(ours.size(), theirs.size());
            QVERIFY(ours == theirs); // same steps, same data: bit for bit
        }
    }

    void trainModelSet_reportsFailuresInsteadOfThrowing()
    {
        const auto runs = loadExampleDatabase(Example::Tiered).measurements();
        const ModelSet unknown = trainModelSet(runs, "no-such-technique");
        QCOMPARE(unknown.models.size(), std::size_t {4});
        for (const MetricModel& entry : unknown.models) {
            QVERIFY(!entry.model);
            QVERIFY(!entry.error.empty());
        }
        const ModelSet empty = trainModelSet({}, "lm");
        QVERIFY(!empty.find(Metric::RtReadMs)->model);
    }

    // The window's data changed or it closed: no metric is started once the flag is set.
    void trainModelSet_startsNoMetricOnceCancelled()
    {
        const auto runs = loadExampleDatabase(Example::Tiered).measurements();
        std::atomic<bool> cancel {false};
        QCOMPARE(trainModelSet(runs, "lm", &cancel).models.size(), std::size_t {4});
        cancel.store(true);
        const ModelSet cancelled = trainModelSet(runs, "lm", &cancel);
        QVERIFY(cancelled.models.empty());
        QVERIFY(!cancelled.find(Metric::RtReadMs));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestModelSet)
#include "test_model_set.moc"

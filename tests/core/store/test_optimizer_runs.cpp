// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/optimizer_runs.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

class TestOptimizerRuns : public QObject {
    Q_OBJECT
private slots:
    void runs_carryTheirDatasetPointCountAndBestCost()
    {
        auto db = iolens::test::tieredDatabase();
        QVERIFY(optimizerRuns(db).empty());
        const auto first = db.createOptimizerRun("cart", "rt_read_ms", "tiered", R"({"k": 4})");
        db.addOptimizerPoints(first,
            {{0, R"({"cp": 0.01})", 2.5}, {1, R"({"cp": 0.001})", 1.5},
                {1, R"({"cp": 0.1})", std::nullopt}});
        db.setOptimizerRunStatus(first, "cancelled");
        // No such dataset: the run belongs to every dataset of the database.
        const auto second = db.createOptimizerRun("mars", "tp_read_mbs", "", "{}");

        const auto runs = optimizerRuns(db);
        QCOMPARE(runs.size(), std::size_t {2});
        QCOMPARE(runs[0].id, first);
        QCOMPARE(runs[0].technique, std::string("cart"));
        QCOMPARE(runs[0].metric, std::string("rt_read_ms"));
        QCOMPARE(runs[0].dataset, std::string("tiered"));
        QCOMPARE(runs[0].settings, std::string(R"({"k": 4})"));
        QCOMPARE(runs[0].status, std::string("cancelled"));
        QVERIFY(!runs[0].created.empty());
        QCOMPARE(runs[0].points, 2); // the point without a cost does not count
        QCOMPARE(runs[0].bestCost, std::optional<double>(1.5));
        QCOMPARE(runs[1].id, second);
        QCOMPARE(runs[1].dataset, std::string());
        QCOMPARE(runs[1].status, std::string("running"));
        QCOMPARE(runs[1].points, 0);
        QVERIFY(!runs[1].bestCost);

        QCOMPARE(optimizerRun(db, second)->technique, std::string("mars"));
        QVERIFY(!optimizerRun(db, second + 100));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestOptimizerRuns)
#include "test_optimizer_runs.moc"

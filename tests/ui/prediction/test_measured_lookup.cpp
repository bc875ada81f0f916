// SPDX-License-Identifier: GPL-3.0-or-later
// The measured column's lookup: exact configurations only, found in the rows it shares with the
// table rather than in a copy, and the same answers from runs or from rows aggregated already.
#include "document/example_database.hpp"
#include "prediction/measured_lookup.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;

class TestMeasuredLookup : public QObject {
    Q_OBJECT
private slots:
    void find_answersExactConfigurationsFromTheSharedRows()
    {
        const auto runs = loadExampleDatabase(Example::Tiered).measurements();
        const AggregatedRows rows = aggregatedRows(runs);
        const MeasuredLookup shared(rows);
        const MeasuredLookup own(runs);
        QCOMPARE(shared.shared().get(), rows.get());
        QCOMPARE(shared.all().size(), rows->size());
        for (const iolens::core::AggregatedMeasurement& row : *rows) {
            const auto* found = shared.find(row.config);
            QCOMPARE(found, &row); // in the shared rows, not a copy
            const auto* again = own.find(row.config);
            QVERIFY(again && again->config == row.config);
            QCOMPARE(again->repetitions, row.repetitions);
        }
        iolens::core::Configuration unmeasured = rows->front().config;
        unmeasured.requestBytes += 512; // between grid levels: not measured, so no value
        QCOMPARE(shared.find(unmeasured), nullptr);
        QCOMPARE(MeasuredLookup(AggregatedRows {}).find(unmeasured), nullptr);
        QCOMPARE(MeasuredLookup().all().size(), std::size_t {0});
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMeasuredLookup)
#include "test_measured_lookup.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "support/test_registry.hpp"
#include "table/measurement_table_model.hpp"

#include <QTest>

#include <algorithm>

using namespace iolens::ui;
using iolens::core::Metric;

namespace {

int metricColumn(Metric metric)
{
    for (std::size_t i = 0; i < iolens::core::kCoreMetrics.size(); ++i)
        if (iolens::core::kCoreMetrics[i] == metric)
            return MeasurementTableModel::FirstMetricColumn + static_cast<int>(i);
    return -1;
}

} // namespace

class TestMeasurementTableModel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void setMeasurements_oneRowPerConfigurationInConfigurationOrder()
    {
        MeasurementTableModel model;
        model.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        QCOMPARE(model.rowCount(), 106); // 130 runs: 24 repeat runs of 8 grid configurations
        QCOMPARE(model.runCount(), 130);
        QCOMPARE(model.columnCount(), static_cast<int>(MeasurementTableModel::ColumnCount));
        for (int i = 1; i < model.rowCount(); ++i)
            QVERIFY(model.row(i - 1).config < model.row(i).config);
    }

    // The window hands the table the rows aggregated once: the same rows, in configuration order.
    void setRows_showsTheAggregatedRowsInConfigurationOrder()
    {
        const auto runs = loadExampleDatabase(Example::Tiered).measurements();
        const AggregatedRows rows = aggregatedRows(runs);
        MeasurementTableModel model;
        model.setRows(rows, static_cast<int>(runs.size()));
        QCOMPARE(model.rowCount(), static_cast<int>(rows->size()));
        QCOMPARE(model.runCount(), static_cast<int>(runs.size()));
        for (int i = 0; i < model.rowCount(); ++i) {
            if (i > 0)
                QVERIFY(model.row(i - 1).config < model.row(i).config);
            QVERIFY(std::any_of(rows->begin(), rows->end(), [&](const auto& r) {
                return r.config == model.row(i).config && r.repetitions == model.row(i).repetitions;
            }));
        }
        model.setRows(nullptr, 0);
        QCOMPARE(model.rowCount(), 0);
    }

    void data_showsMeanWithRseUnitsAndNotApplicable()
    {
        MeasurementTableModel model;
        model.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        int repeatedMixed = -1;
        int writeOnly = -1;
        for (int row = 0; row < model.rowCount(); ++row) {
            const auto& m = model.row(row);
            if (m.repetitions > 1 && m.config.readPct == 100.0 && repeatedMixed < 0)
                repeatedMixed = row;
            if (m.config.readPct == 0.0 && writeOnly < 0)
                writeOnly = row;
        }
        QVERIFY(repeatedMixed >= 0 && writeOnly >= 0);

        const auto& measured = model.row(repeatedMixed);
        const QModelIndex cell = model.index(repeatedMixed, metricColumn(Metric::RtReadMs));
        QVERIFY(cell.data().toString().contains(QStringLiteral(" ± ")));
        QCOMPARE(cell.data(MeasurementTableModel::kSortRole).toDouble(),
            *measured.value(Metric::RtReadMs));
        QCOMPARE(model.index(writeOnly, metricColumn(Metric::TpReadMbs)).data().toString(),
            QStringLiteral("n/a"));
        QVERIFY(!model.index(writeOnly, metricColumn(Metric::TpReadMbs))
                     .data(MeasurementTableModel::kSortRole)
                     .isValid());
        QVERIFY(model.index(repeatedMixed, MeasurementTableModel::RequestColumn)
                    .data()
                    .toString()
                    .endsWith(QStringLiteral("KiB")));
        QCOMPARE(model.index(writeOnly, MeasurementTableModel::ReadPctColumn).data().toString(),
            QStringLiteral("0 %"));
    }

    void headerData_namesMetricsWithUnits()
    {
        MeasurementTableModel model;
        QCOMPARE(model.headerData(metricColumn(Metric::RtWriteMs), Qt::Horizontal).toString(),
            QStringLiteral("Write RT\n(ms)"));
        QCOMPARE(model.headerData(metricColumn(Metric::TpReadMbs), Qt::Horizontal).toString(),
            QStringLiteral("Read TP\n(MiB/s)"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMeasurementTableModel)
#include "test_measurement_table_model.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace iolens::core;

namespace {
const std::string kHeader = iolens::test::kCoreCsvHeader;
const std::string kGoodRow = "bfq,268435456,4096,random,50,16,1,0.5,0.7,10,12\n";
} // namespace

class TestMeasurementCsv : public QObject {
    Q_OBJECT
private slots:
    void read_sharedDatasets()
    {
        const auto tiered = readMeasurementsCsv(iolens::test::tieredCsvPath());
        QCOMPARE(tiered.size(), std::size_t {130});
        const auto local = readMeasurementsCsv(iolens::test::localCsvPath());
        QCOMPARE(local.size(), std::size_t {345});
        // Read metrics are empty where there are no reads.
        for (const Measurement& m : local) {
            QCOMPARE(m.value(Metric::RtReadMs).has_value(), m.config.readPct > 0.0);
            QCOMPARE(m.value(Metric::RtWriteMs).has_value(), m.config.readPct < 100.0);
        }
    }

    void read_acceptsZeroFiguresOfADirectionWithoutRequests()
    {
        // fio reports 0 for the direction a run does not issue; that is no contradiction.
        const auto rows = measurementsFromCsv(
            parseCsv(kHeader + "bfq,268435456,4096,random,100,16,1,0.5,0,10,0\n", "in.csv"));
        QCOMPARE(rows.size(), std::size_t {1});
        QCOMPARE(rows[0].value(Metric::RtWriteMs), std::optional<double> {0.0});
    }

    void read_takesSizesWithUnits()
    {
        // A configurations file written by hand spells sizes as fio does; bytes stay bytes.
        const auto rows = measurementsFromCsv(parseCsv(kHeader
                + "bfq,4GiB,16k,random,50,16,1,0.5,0.7,10,12\n"
                  "bfq,268435456,4096,random,50,16,1,0.5,0.7,10,12\n",
            "in.csv"));
        QCOMPARE(rows.size(), std::size_t {2});
        QCOMPARE(rows[0].config.filesetBytes, std::int64_t {4} << 30);
        QCOMPARE(rows[0].config.requestBytes, std::int64_t {16384});
        QCOMPARE(rows[1].config.filesetBytes, std::int64_t {268435456});
    }

    void write_thenRead_roundTrips()
    {
        const auto original = readMeasurementsCsv(iolens::test::localCsvPath());
        const auto again = measurementsFromCsv(parseCsv(measurementsToCsv(original), "mem"));
        QCOMPARE(again.size(), original.size());
        for (std::size_t i = 0; i < original.size(); ++i) {
            QVERIFY(again[i].config == original[i].config);
            QVERIFY(again[i].metrics == original[i].metrics);
            QCOMPARE(again[i].rep, original[i].rep);
            QCOMPARE(again[i].split, original[i].split);
        }
    }

    void read_rejectsBadInputNamingRowAndColumn_data()
    {
        QTest::addColumn<QString>("csv");
        QTest::addColumn<QString>("expected");
        const QString header = QString::fromStdString(kHeader);
        QTest::newRow("not a size")
            << header + "bfq,268435456,4 kilo,random,50,16,1,0.5,0.7,10,12\n"
            << "row 2, column 'request_bytes': '4 kilo' is not a size (whole bytes, or with a "
               "unit: 16KiB, 4GiB)";
        QTest::newRow("negative size")
            << header + "bfq,-5,4096,random,50,16,1,0.5,0.7,10,12\n"
            << "row 2, column 'fileset_bytes': '-5' must be greater than zero";
        QTest::newRow("read_pct range") << header + QString::fromStdString(kGoodRow)
                + "bfq,268435456,4096,random,150,16,1,0.5,0.7,10,12\n"
                                        << "row 3, column 'read_pct': '150' is outside 0..100";
        QTest::newRow("unknown pattern")
            << header + "bfq,268435456,4096,zigzag,50,16,1,0.5,0.7,10,12\n"
            << "row 2, column 'pattern': 'zigzag' is not 'random' or 'sequential'";
        QTest::newRow("more VMs than threads")
            << header + "bfq,268435456,4096,random,50,2,4,0.5,0.7,10,12\n"
            << "row 2, column 'vms': '4' VMs but 2 threads in all: each VM runs at least one";
        QTest::newRow("missing column")
            << "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms,rt_read_ms\n"
            << "missing required column 'rt_write_ms'";
        QTest::newRow("metric not a number")
            << header + "bfq,268435456,4096,random,50,16,1,fast,0.7,10,12\n"
            << "row 2, column 'rt_read_ms': 'fast' is not a number";
        QTest::newRow("negative metric")
            << header + "bfq,268435456,4096,random,50,16,1,-1,0.7,10,12\n"
            << "row 2, column 'rt_read_ms': '-1' is negative";
        QTest::newRow("writes at 100 % reads")
            << header + "bfq,268435456,4096,random,100,16,1,,0.7,,12\n"
            << "row 2, column 'rt_write_ms': '0.7' at read_pct 100, where the run issues no "
               "writes (is read_pct the share of writes?)";
        QTest::newRow("reads at 0 % reads")
            << header + "bfq,268435456,4096,random,0,16,1,0,0.7,3,12\n"
            << "row 2, column 'tp_read_mbs': '3' at read_pct 0, where the run issues no reads";
        QTest::newRow("unknown column")
            << "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms,rt_read_ms,"
               "rt_write_ms,tp_read_mbs,tp_write_mbs,colour\n"
            << "unknown column 'colour'";
    }
    void read_rejectsBadInputNamingRowAndColumn()
    {
        QFETCH(QString, csv);
        QFETCH(QString, expected);
        try {
            measurementsFromCsv(parseCsv(csv.toStdString(), "in.csv"));
            QFAIL("no error");
        } catch (const DataError& e) {
            const QString message = QString::fromUtf8(e.what());
            QVERIFY2(message.startsWith("in.csv: "), qPrintable(message));
            QVERIFY2(message.contains(expected), qPrintable(message));
        }
    }

    void configurations_ignoreOtherColumns()
    {
        const auto configs = configurationsFromCsv(parseCsv(kHeader + kGoodRow, "c.csv"));
        QCOMPARE(configs.size(), std::size_t {1});
        QCOMPARE(configs[0].requestBytes, std::int64_t {4096});
        QCOMPARE(configs[0].scheduler, std::string("bfq"));
    }

    // Streaming gives measurementRowsFromCsv's rows and refusals, in file order.
    void stream_givesTheRowsAndRefusalsOfTheWholeTable()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("m.csv").toStdString();
        {
            std::ofstream out(path);
            out << "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms,"
                   "rt_read_ms,rt_write_ms,tp_read_mbs,tp_write_mbs\n"
                   "cfq,1073741824,4096,random,100,16,1,2.5,,40,\n"
                   "cfq,1073741824,4096,random,150,16,1,2.5,,40,\n"
                   "noop,1073741824,8192,sequential,0,16,2,,3.5,,80\n"
                   "noop,x,8192,sequential,0,16,2,,3.5,,80\n";
        }
        const CsvRows whole = measurementRowsFromCsv(readCsvFile(path));
        CsvRows streamed;
        streamMeasurementsCsv(
            path, [&](Measurement&& m) { streamed.measurements.push_back(std::move(m)); },
            [&](RefusedRow&& r) { streamed.refused.push_back(std::move(r)); });
        QCOMPARE(streamed.measurements.size(), std::size_t {2});
        QCOMPARE(streamed.measurements.size(), whole.measurements.size());
        for (std::size_t i = 0; i < whole.measurements.size(); ++i) {
            QVERIFY(streamed.measurements[i].config == whole.measurements[i].config);
            QVERIFY(streamed.measurements[i].metrics == whole.measurements[i].metrics);
        }
        QCOMPARE(streamed.refused.size(), std::size_t {2});
        for (std::size_t i = 0; i < whole.refused.size(); ++i) {
            QCOMPARE(streamed.refused[i].line, whole.refused[i].line);
            QCOMPARE(streamed.refused[i].message, whole.refused[i].message);
        }
    }

    void csvLines_makeTheWholeExport()
    {
        const auto rows = readMeasurementsCsv(iolens::test::tieredCsvPath());
        std::string text = measurementsCsvHeader();
        for (const Measurement& m : rows)
            text += measurementCsvLine(m);
        QCOMPARE(text, measurementsToCsv(rows));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMeasurementCsv)
#include "test_measurement_csv.moc"

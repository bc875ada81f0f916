// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/csv_mapping.hpp"
#include "data/mapped_csv_reader.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

// A spreadsheet's version of iolens's measurements: other names, other units, a column iolens
// has no use for, the pattern as fio writes it.
const char* const kForeignMapping = R"({"columns": {
    "host_scheduler": "scheduler",
    "fs_mib": {"field": "fileset_bytes", "unit": "MiB"},
    "bs_kib": {"field": "request_bytes", "unit": "KiB"},
    "rw": "pattern",
    "rw_mix": {"field": "read_pct", "unit": "fraction"},
    "numjobs": "threads",
    "lat_read_us": {"field": "rt_read_ms", "unit": "us"},
    "lat_write_us": {"field": "rt_write_ms", "unit": "us"},
    "bw_read": {"field": "tp_read_mbs", "unit": "MB/s"},
    "bw_write_kib": {"field": "tp_write_mbs", "unit": "KiB/s"},
    "iops_r": "iops_read",
    "iops_w": "iops_write",
    "p99_read_s": {"field": "rt_read_p99_ms", "unit": "s"},
    "p99_write_ns": {"field": "rt_write_p99_ms", "unit": "ns"}},
  "constants": {"vms": 1}})";

const char* const kForeignHeader
    = "host_scheduler,fs_mib,bs_kib,rw,rw_mix,numjobs,lat_read_us,lat_write_us,bw_read,"
      "bw_write_kib,iops_r,iops_w,p99_read_s,p99_write_ns,comment\n";

std::string foreignCell(const std::optional<double>& value, double factor)
{
    return value ? formatNumber(*value * factor) : std::string();
}

// The measurements as the spreadsheet would hold them (kForeignHeader's columns).
std::string foreignCsv(const std::vector<Measurement>& rows)
{
    std::string csv = kForeignHeader;
    for (const Measurement& m : rows) {
        const Configuration& c = m.config;
        const std::vector<std::string> fields {c.scheduler,
            std::to_string(c.filesetBytes / (1024 * 1024)), std::to_string(c.requestBytes / 1024),
            c.pattern == Pattern::Random ? "randrw" : "rw", formatNumber(c.readPct / 100.0),
            std::to_string(c.threads), foreignCell(m.value(Metric::RtReadMs), 1000.0),
            foreignCell(m.value(Metric::RtWriteMs), 1000.0),
            foreignCell(m.value(Metric::TpReadMbs), 1048576.0 / 1.0e6),
            foreignCell(m.value(Metric::TpWriteMbs), 1024.0),
            foreignCell(m.value(Metric::IopsRead), 1.0),
            foreignCell(m.value(Metric::IopsWrite), 1.0),
            foreignCell(m.value(Metric::RtReadP99Ms), 1.0e-3),
            foreignCell(m.value(Metric::RtWriteP99Ms), 1.0e6), "run by hand"};
        csv += formatCsvLine(fields);
    }
    return csv;
}

bool nearlyEqual(const std::optional<double>& a, const std::optional<double>& b)
{
    if (!a || !b)
        return a.has_value() == b.has_value();
    return std::fabs(*a - *b) <= 1e-12 * std::max(std::fabs(*a), std::fabs(*b));
}

MappedCsv readForeign(const std::string& csv, const std::string& mapping = kForeignMapping)
{
    return readMappedCsv(parseCsv(csv, "sheet.csv"), parseCsvMapping(mapping, "m.json"));
}

} // namespace

class TestMappedCsvReader : public QObject {
    Q_OBJECT
private slots:
    // Foreign names and units through a mapping give what iolens's own CSV of the same
    // measurements gives.
    void read_foreignUnitsGiveTheDirectImportsValues()
    {
        const auto direct = readMeasurementsCsv(iolens::test::localCsvPath());
        const std::vector<Measurement> rows(direct.begin(), direct.begin() + 40);
        const MappedCsv mapped = readForeign(foreignCsv(rows));
        QVERIFY(mapped.rows.refused.empty());
        QCOMPARE(mapped.ignoredColumns, std::vector<std::string> {"comment"});
        QCOMPARE(mapped.rows.measurements.size(), rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const Measurement& m = mapped.rows.measurements[i];
            QVERIFY2(m.config == rows[i].config, qPrintable(QString::number(i)));
            for (Metric metric : kAllMetrics)
                QVERIFY2(nearlyEqual(m.value(metric), rows[i].value(metric)),
                    qPrintable(QString::number(i) + " " + QString::fromLatin1(metricName(metric))));
        }
    }

    // The README's example: the columns it does not map keep iolens's names.
    void read_theReadmeExampleWithIolensNamedColumns()
    {
        const std::string mapping = R"({"columns": {
            "bs_kib": {"field": "request_bytes", "unit": "KiB"},
            "lat_read_us": {"field": "rt_read_ms", "unit": "us"},
            "bw_read": {"field": "tp_read_mbs", "unit": "MB/s"},
            "rw_mix": {"field": "read_pct", "unit": "fraction"}},
          "constants": {"threads": 16, "vms": 1}})";
        const MappedCsv mapped
            = readForeign("scheduler,fileset_bytes,pattern,bs_kib,rw_mix,lat_read_us,bw_read\n"
                          "bfq,1073741824,random,16,0.75,1500,1000\n",
                mapping);
        QVERIFY(mapped.rows.refused.empty());
        QVERIFY(mapped.ignoredColumns.empty());
        QCOMPARE(mapped.rows.measurements.size(), std::size_t {1});
        const Measurement& m = mapped.rows.measurements[0];
        QCOMPARE(m.config.scheduler, std::string("bfq"));
        QCOMPARE(m.config.filesetBytes, std::int64_t {1073741824});
        QCOMPARE(m.config.requestBytes, std::int64_t {16384});
        QCOMPARE(m.config.readPct, 75.0);
        QCOMPARE(m.config.threads, 16);
        QCOMPARE(m.value(Metric::RtReadMs).value(), 1.5);
        QCOMPARE(m.value(Metric::TpReadMbs).value(), 1000.0e6 / 1048576.0);
        QVERIFY(!m.value(Metric::RtWriteMs).has_value());
    }

    void read_throughputFromIopsAndTheRequestSize()
    {
        const MappedCsv mapped = readForeign("bs,iops\n4096,256\n16384,64\n",
            R"({"columns": {"bs": "request_bytes",
                 "iops": ["iops_read", {"field": "tp_read_mbs", "unit": "IOPS"}]},
               "constants": {"scheduler": "none", "fileset_bytes": {"value": 1, "unit": "GiB"},
                 "pattern": "randread", "read_pct": 100, "threads": 1, "vms": 1}})");
        QVERIFY(mapped.rows.refused.empty());
        QCOMPARE(mapped.rows.measurements.size(), std::size_t {2});
        for (const Measurement& m : mapped.rows.measurements) {
            QCOMPARE(m.value(Metric::TpReadMbs).value(), 1.0);
            QCOMPARE(m.config.pattern, Pattern::Random);
            QCOMPARE(m.config.filesetBytes, std::int64_t {1073741824});
        }
        QCOMPARE(mapped.rows.measurements[0].value(Metric::IopsRead).value(), 256.0);
    }

    // Every bad row is refused with the file, its row, the user's column and the reason; the
    // good rows around it are still read.
    void read_refusesBadRowsNamingFileRowColumnAndReason_data()
    {
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not a number") << "lat_read_us"
                                      << "fast"
                                      << "sheet.csv: row 3, column 'lat_read_us' as rt_read_ms "
                                         "(from us): 'fast' is not a number";
        QTest::newRow("not whole bytes") << "bs_kib"
                                         << "1.3"
                                         << "sheet.csv: row 3, column 'bs_kib' as request_bytes "
                                            "(from KiB): '1.3' KiB is not a whole number of bytes";
        QTest::newRow("share out of range")
            << "rw_mix"
            << "1.5"
            << "sheet.csv: row 3, column 'rw_mix' as read_pct (from fraction): '150' is outside "
               "0..100";
        QTest::newRow("pattern") << "rw"
                                 << "strided"
                                 << "sheet.csv: row 3, column 'rw' as pattern: 'strided' is not a "
                                    "pattern";
        QTest::newRow("negative metric") << "bw_read"
                                         << "-1"
                                         << "sheet.csv: row 3, column 'bw_read' as tp_read_mbs "
                                            "(from MB/s): '-0.95367431640625' is negative";
        QTest::newRow("zero threads") << "numjobs"
                                      << "0"
                                      << "sheet.csv: row 3, column 'numjobs' as threads: '0' must "
                                         "be greater than zero";
    }
    void read_refusesBadRowsNamingFileRowColumnAndReason()
    {
        QFETCH(QString, column);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        const auto direct = readMeasurementsCsv(iolens::test::localCsvPath());
        CsvTable table = parseCsv(
            foreignCsv(std::vector<Measurement>(direct.begin(), direct.begin() + 3)), "sheet.csv");
        table.rows[1].fields[static_cast<std::size_t>(table.columnIndex(column.toStdString()))]
            = value.toStdString();
        const MappedCsv mapped = readMappedCsv(table, parseCsvMapping(kForeignMapping, "m.json"));
        QCOMPARE(mapped.rows.measurements.size(), std::size_t {2});
        QCOMPARE(mapped.rows.refused.size(), std::size_t {1});
        QCOMPARE(mapped.rows.refused[0].line, 3);
        const QString message = QString::fromStdString(mapped.rows.refused[0].message);
        QVERIFY2(message.startsWith(expected), qPrintable(message));
    }

    void read_refusesAHeaderTheMappingDoesNotFit_data()
    {
        QTest::addColumn<QString>("header");
        QTest::addColumn<QString>("mapping");
        QTest::addColumn<QString>("expected");
        const QString full = QStringLiteral(R"({"columns": {"bs": "request_bytes",
            "lat": "rt_read_ms"}, "constants": {"scheduler": "none", "fileset_bytes": 1048576,
            "pattern": "random", "read_pct": 100, "threads": 1, "vms": 1}})");
        QTest::newRow("mapped column missing")
            << "bs,latency\n"
            << full << "sheet.csv: row 1: no column 'lat', which the mapping maps to rt_read_ms";
        QTest::newRow("nothing gives threads") << "bs,lat\n"
                                               << QString(full).replace("\"threads\": 1, ", "")
                                               << "sheet.csv: row 1: nothing gives threads";
        QTest::newRow("a column named like the field gives it")
            << "bs,lat,threads\n"
            << QString(full).replace("\"threads\": 1, ", "") << "";
        QTest::newRow("no metric")
            << "bs,lat\n"
            << QString(full).replace("\"lat\": \"rt_read_ms\"", "\"lat\": \"split\"")
            << "sheet.csv: row 1: no column gives a metric";
    }
    void read_refusesAHeaderTheMappingDoesNotFit()
    {
        QFETCH(QString, header);
        QFETCH(QString, mapping);
        QFETCH(QString, expected);
        try {
            readForeign(header.toStdString(), mapping.toStdString());
            QVERIFY2(expected.isEmpty(), "no error");
        } catch (const DataError& error) {
            QVERIFY2(!expected.isEmpty(), error.what());
            QVERIFY2(QString::fromStdString(error.what()).startsWith(expected), error.what());
        }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMappedCsvReader)
#include "test_mapped_csv_reader.moc"

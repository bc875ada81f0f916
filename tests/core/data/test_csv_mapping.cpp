// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/csv_mapping.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>

using namespace iolens::core;

namespace {

// The example of the README: other names, other units, two constants.
const char* const kReadmeMapping = R"({"columns": {
    "bs_kib": {"field": "request_bytes", "unit": "KiB"},
    "lat_read_us": {"field": "rt_read_ms", "unit": "us"},
    "bw_read": {"field": "tp_read_mbs", "unit": "MB/s"},
    "rw_mix": {"field": "read_pct", "unit": "fraction"}},
  "constants": {"threads": 16, "vms": 1}})";

// What a mapping needs besides the field under test: every configuration field and a metric.
QString completeWith(const QString& columns, const QString& constants = {})
{
    return R"({"columns": {"sched": "scheduler", "fs": "fileset_bytes", "bs": "request_bytes",
        "mode": "pattern", "mix": "read_pct", "lat": "rt_read_ms")"
        + (columns.isEmpty() ? QString() : ", " + columns) + R"(}, "constants": {"threads": 4)"
        + (constants.isEmpty() ? QString() : ", " + constants) + "}}";
}

} // namespace

class TestCsvMapping : public QObject {
    Q_OBJECT
private slots:
    void parse_theReadmeExample()
    {
        const CsvMapping mapping = parseCsvMapping(kReadmeMapping, "m.json");
        QCOMPARE(mapping.columns.size(), std::size_t {4});
        // nlohmann's objects are ordered by key.
        QCOMPARE(mapping.columns[0], (ColumnMapping {"bs_kib", "request_bytes", Unit::KiB}));
        QCOMPARE(mapping.columns[1], (ColumnMapping {"bw_read", "tp_read_mbs", Unit::MBPerS}));
        QCOMPARE(
            mapping.columns[2], (ColumnMapping {"lat_read_us", "rt_read_ms", Unit::Microseconds}));
        QCOMPARE(mapping.columns[3], (ColumnMapping {"rw_mix", "read_pct", Unit::Fraction}));
        QCOMPARE(mapping.constants.size(), std::size_t {2});
        QCOMPARE(mapping.constants[0], (MappingConstant {"threads", "16", std::nullopt}));
        QCOMPARE(mapping.constants[1], (MappingConstant {"vms", "1", std::nullopt}));
    }

    void parse_shorthandsListsAndConstantUnits()
    {
        const CsvMapping mapping = parseCsvMapping(
            completeWith(R"("r_iops": ["iops_read", {"field": "tp_read_mbs", "unit": "IOPS"}])",
                R"("fileset_bytes": {"value": 1, "unit": "GiB"})")
                .replace("\"fs\": \"fileset_bytes\", ", "")
                .toStdString(),
            "m.json");
        QCOMPARE(mapping.columns.size(), std::size_t {7});
        const auto iops = std::find_if(mapping.columns.begin(), mapping.columns.end(),
            [](const ColumnMapping& column) { return column.column == "r_iops"; });
        QVERIFY(iops != mapping.columns.end());
        QCOMPARE(*iops, (ColumnMapping {"r_iops", "iops_read", std::nullopt}));
        QCOMPARE(*(iops + 1), (ColumnMapping {"r_iops", "tp_read_mbs", Unit::Iops}));
        QCOMPARE(mapping.constants[0], (MappingConstant {"fileset_bytes", "1", Unit::GiB}));
    }

    void parse_writeThenParseGivesTheSameMapping()
    {
        const CsvMapping mapping = parseCsvMapping(
            completeWith(R"("r_iops": ["iops_read", {"field": "tp_write_mbs", "unit": "IOPS"}])",
                R"("rep": 2, "rt_write_ms": {"value": 1500, "unit": "us"})")
                .toStdString(),
            "m.json");
        QCOMPARE(mapping.columns.size(), std::size_t {8});
        const CsvMapping again = parseCsvMapping(csvMappingToJson(mapping).dump(), "again.json");
        QCOMPARE(again, mapping);
    }

    // A bad mapping is refused naming the file and the key, with the reason.
    void parse_refusesNamingFileAndKey_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not JSON") << "{\"columns\": "
                                  << "m.json: not valid JSON";
        QTest::newRow("not an object") << "[1]"
                                       << "m.json: a mapping is a JSON object";
        QTest::newRow("unknown top key") << completeWith({}).replace("\"constants\"",
            "\"constant\"") << "m.json: key 'constant': unknown key";
        QTest::newRow("unknown field") << completeWith(R"("x": "request_kib")")
                                       << "m.json: key 'columns.x': 'request_kib' is not an "
                                          "iolens column";
        QTest::newRow("unknown unit")
            << completeWith({}).replace(
                   "\"bs\": \"request_bytes\"", R"("bs": {"field": "request_bytes", "unit": "KB"})")
            << "m.json: key 'columns.bs.unit': \"KB\" is not a unit of request_bytes (bytes, "
               "KiB, MiB, GiB)";
        QTest::newRow("unit of another quantity")
            << completeWith({}).replace(
                   "\"lat\": \"rt_read_ms\"", R"("lat": {"field": "rt_read_ms", "unit": "MB/s"})")
            << "m.json: key 'columns.lat.unit': \"MB/s\" is not a unit of rt_read_ms";
        QTest::newRow("unit of a count") << completeWith(R"("vm": {"field": "vms", "unit": "KiB"})")
                                         << "m.json: key 'columns.vm.unit': vms takes no unit";
        QTest::newRow("unknown column key")
            << completeWith(R"("vm": {"field": "vms", "units": "KiB"})")
            << "m.json: key 'columns.vm.units': unknown key";
        QTest::newRow("field twice") << completeWith(R"("bs2": "request_bytes")")
                                     << "m.json: key 'columns.bs2': request_bytes is given twice";
        QTest::newRow("column and constant")
            << completeWith({}, R"("request_bytes": 4096)")
            << "m.json: key 'constants.request_bytes': request_bytes is given twice";
        QTest::newRow("constant not a number") << completeWith({}, R"("vms": "one")")
                                               << "m.json: key 'constants.vms': \"one\" is "
                                                  "not a number";
        QTest::newRow("constant zero")
            << completeWith({}).replace("\"threads\": 4", "\"threads\": 0")
            << "m.json: key 'constants.threads': '0' must be greater "
               "than zero";
        QTest::newRow("constant fraction of a count") << completeWith({}).replace("\"threads\": 4",
            "\"threads\": 2.5") << "m.json: key 'constants.threads': '2.5' is not a whole number";
        QTest::newRow("constant share out of range")
            << completeWith({})
                   .replace("\"mix\": \"read_pct\", ", "")
                   .replace("\"threads\": 4",
                       "\"threads\": 4, \"read_pct\": {\"value\": 1.5, "
                       "\"unit\": \"fraction\"}")
            << "m.json: key 'constants.read_pct': '1.5' is outside 0..100 percent";
        QTest::newRow("constant pattern")
            << completeWith({})
                   .replace("\"mode\": \"pattern\", ", "")
                   .replace("\"threads\": 4", "\"threads\": 4, \"pattern\": \"strided\"")
            << "m.json: key 'constants.pattern': 'strided' is not a pattern";
        QTest::newRow("empty column list")
            << completeWith(R"("x": [])") << "m.json: key 'columns.x': an empty list of fields";
    }
    void parse_refusesNamingFileAndKey()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        try {
            parseCsvMapping(text.toStdString(), "m.json");
            QFAIL("no error");
        } catch (const DataError& error) {
            QVERIFY2(QString::fromStdString(error.what()).startsWith(expected), error.what());
        }
    }

    void parsePatternWord_takesFioWords_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<int>("expected"); // -1 refused, else the Pattern
        QTest::newRow("random") << "random" << static_cast<int>(Pattern::Random);
        QTest::newRow("randread") << "randread" << static_cast<int>(Pattern::Random);
        QTest::newRow("RandRW") << "RandRW" << static_cast<int>(Pattern::Random);
        QTest::newRow("sequential") << "sequential" << static_cast<int>(Pattern::Sequential);
        QTest::newRow("read") << "read" << static_cast<int>(Pattern::Sequential);
        QTest::newRow("seq") << "seq" << static_cast<int>(Pattern::Sequential);
        QTest::newRow("strided") << "strided" << -1;
        QTest::newRow("empty") << "" << -1;
    }
    void parsePatternWord_takesFioWords()
    {
        QFETCH(QString, word);
        QFETCH(int, expected);
        const auto pattern = parsePatternWord(word.toStdString());
        QCOMPARE(pattern ? static_cast<int>(*pattern) : -1, expected);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestCsvMapping)
#include "test_csv_mapping.moc"

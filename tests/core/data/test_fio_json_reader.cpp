// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "common/text_file.hpp"
#include "data/fio_json_reader.hpp"
#include "data/measurement_csv.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QDir>
#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {
std::string samplePath(const char* name)
{
    return iolens::test::sourcePath(std::string("tests/data/fio-json/") + name);
}

bool close(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}
} // namespace

class TestFioJsonReader : public QObject {
    Q_OBJECT
private slots:
    void read_mixedRunMatchesTheCsvRow()
    {
        const Measurement m
            = readFioJson(samplePath("p001_grid_none_fs1024M_bs4096_seq_r50_v1_rep0_vm0.json"));
        QCOMPARE(m.config.scheduler, std::string("none"));
        QCOMPARE(m.config.filesetBytes, std::int64_t {1073741824});
        QCOMPARE(m.config.requestBytes, std::int64_t {4096});
        QVERIFY(m.config.pattern == Pattern::Sequential);
        QCOMPARE(m.config.readPct, 50.0);
        QCOMPARE(m.config.threads, 16);
        // The same run as the fio-local CSV row none,1073741824,4096,sequential,50.
        QVERIFY(close(*m.value(Metric::RtReadMs), 0.322005847525));
        QVERIFY(close(*m.value(Metric::RtWriteMs), 0.41434142462900003));
        QVERIFY(close(*m.value(Metric::TpReadMbs), 84.67746067047119));
        QVERIFY(close(*m.value(Metric::TpWriteMbs), 84.63324928283691));
        QVERIFY(close(*m.value(Metric::IopsRead), 21677.430093));
        QVERIFY(close(*m.value(Metric::RtReadP99Ms), 1.941504));
        QCOMPARE(m.measuredAt.substr(0, 10), std::string("2026-11-22"));
    }

    void read_everySampleAgreesWithTheCsv()
    {
        const auto csv = readMeasurementsCsv(iolens::test::localCsvPath());
        const QDir dir(QString::fromStdString(iolens::test::sourcePath("tests/data/fio-json")));
        const auto files = dir.entryList({"*.json"});
        QCOMPARE(files.size(), 10);
        for (const QString& file : files) {
            const Measurement m = readFioJson(dir.filePath(file).toStdString());
            const auto same = std::find_if(csv.begin(), csv.end(), [&](const Measurement& row) {
                return row.config == m.config && row.split == "grid"
                    && row.value(Metric::TpReadMbs) == m.value(Metric::TpReadMbs);
            });
            QVERIFY2(same != csv.end(), qPrintable(file));
            for (Metric metric : kAllMetrics) {
                QCOMPARE(m.value(metric).has_value(), same->value(metric).has_value());
                if (m.value(metric))
                    QVERIFY2(close(*m.value(metric), *same->value(metric)), qPrintable(file));
            }
        }
    }

    // Only the harness's own names say the scheduler; any other name leaves it to the caller.
    void schedulerInHarnessName_readsOnlyHarnessNames_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("scheduler"); // empty: none in the name
        QTest::newRow("harness") << "/r/p175_grid_bfq_fs1024M_bs16384_seq_r0_v1_rep0_vm0.json"
                                 << "bfq";
        QTest::newRow("dashed") << "p001_repeat_mq-deadline_fs1G_bs4096_ran_r0.json"
                                << "mq-deadline";
        QTest::newRow("folder name only") << "/p001_grid_bfq_fs1G/run.json"
                                          << "";
        QTest::newRow("other") << "randread-4k.json"
                               << "";
    }
    void schedulerInHarnessName_readsOnlyHarnessNames()
    {
        QFETCH(QString, path);
        QFETCH(QString, scheduler);
        const auto found = schedulerInHarnessName(path.toStdString());
        QCOMPARE(found.has_value(), !scheduler.isEmpty());
        if (found)
            QCOMPARE(QString::fromStdString(*found), scheduler);
    }

    void read_writeOnlyRunHasNoReadMetrics()
    {
        const Measurement m
            = readFioJson(samplePath("p175_grid_bfq_fs1024M_bs16384_seq_r0_v1_rep0_vm0.json"));
        QCOMPARE(m.config.readPct, 0.0);
        QCOMPARE(m.config.scheduler, std::string("bfq"));
        QVERIFY(!m.value(Metric::RtReadMs));
        QVERIFY(m.value(Metric::RtWriteMs));
    }

    void read_schedulerOptionOverridesFileName()
    {
        FioImportOptions options;
        options.scheduler = "mq-deadline";
        const Measurement m = readFioJson(
            samplePath("p175_grid_bfq_fs1024M_bs16384_seq_r0_v1_rep0_vm0.json"), options);
        QCOMPARE(m.config.scheduler, std::string("mq-deadline"));
    }

    // libaio at iodepth 8 by 2 jobs (tests/data/fio-json-engines/README.md): 16 requests in
    // flight, and the total latency (submission too) is the time whose product with the IOPS is
    // them (Little's law; clat alone gives 14.9 of 16).
    void read_asynchronousEngineCountsItsQueue()
    {
        const Measurement m
            = readFioJson(iolens::test::sourcePath("tests/data/fio-json-engines/aio.json"));
        QCOMPARE(m.config.threads, 16);
        QCOMPARE(m.config.readPct, 100.0);
        QCOMPARE(m.config.requestBytes, std::int64_t {4096});
        const double inFlight = *m.value(Metric::IopsRead) * *m.value(Metric::RtReadMs) / 1000.0;
        QVERIFY2(std::fabs(inFlight / 16.0 - 1.0) < 0.01, qPrintable(QString::number(inFlight)));
        QVERIFY(close(*m.value(Metric::RtReadMs), 0.137180512206));
        QVERIFY(close(*m.value(Metric::RtReadP99Ms), 0.946176)); // clat's p99, as fio gives it
    }

    // A job file's [global] options are at the JSON's root: bs, size, ioengine and iodepth from
    // there, rw, rwmixread and numjobs from the job (tests/data/fio-json-engines/jobfile.fio).
    void read_jobFileTakesItsGlobalOptions()
    {
        const Measurement m
            = readFioJson(iolens::test::sourcePath("tests/data/fio-json-engines/jobfile.json"));
        QCOMPARE(m.config.requestBytes, std::int64_t {16384});
        QCOMPARE(m.config.filesetBytes, std::int64_t {64} << 20);
        QCOMPARE(m.config.readPct, 70.0);
        QVERIFY(m.config.pattern == Pattern::Random);
        QCOMPARE(m.config.threads, 8); // 2 jobs x iodepth 4
        const double inFlight = (*m.value(Metric::IopsRead) * *m.value(Metric::RtReadMs)
                                    + *m.value(Metric::IopsWrite) * *m.value(Metric::RtWriteMs))
            / 1000.0;
        QVERIFY2(std::fabs(inFlight / 8.0 - 1.0) < 0.01, qPrintable(QString::number(inFlight)));
    }

    // fio on a whole device gives no size: refused with what to do, read with the size given;
    // a run's own size wins over the one given.
    void read_wholeDeviceTakesTheFileSetGiven()
    {
        const std::string raw
            = iolens::test::sourcePath("tests/data/fio-json-engines/raw-device.json");
        try {
            readFioJson(raw);
            QFAIL("no error");
        } catch (const DataError& e) {
            QVERIFY2(
                QString(e.what()).contains("raw-device.json: field 'jobs[0].job options.size': "
                                           "missing")
                    && QString(e.what()).contains("--fileset"),
                e.what());
        }
        FioImportOptions options;
        options.filesetBytes = 64LL << 20;
        const Measurement m = readFioJson(raw, options);
        QCOMPARE(m.config.filesetBytes, std::int64_t {64} << 20);
        QCOMPARE(m.config.threads, 1);
        QVERIFY(m.value(Metric::IopsRead).value_or(0.0) > 0.0);
        options.filesetBytes = 1LL << 30;
        QCOMPARE(
            readFioJson(iolens::test::sourcePath("tests/data/fio-json-engines/aio.json"), options)
                .config.filesetBytes,
            std::int64_t {64} << 20);
    }

    // Redirected, fio's stdout has its notes before the JSON and may have errors after it; a
    // synchronous engine's iodepth is no queue (fio caps it at 1, as its note says).
    void read_skipsFiosNotesAroundTheJson()
    {
        const std::string path
            = iolens::test::sourcePath("tests/data/fio-json-engines/sync-note.json");
        const Measurement m = readFioJson(path);
        QCOMPARE(m.config.threads, 1);
        QCOMPARE(m.config.filesetBytes, std::int64_t {16} << 20);
        QVERIFY(m.value(Metric::IopsRead).value_or(0.0) > 0.0);
        const std::string text = readTextFile(path) + "fio: file hash not empty on exit\n";
        QCOMPARE(parseFioJson(text, "run.json").metrics, m.metrics);
        try {
            parseFioJson("note: nothing else\n", "run.json");
            QFAIL("no error");
        } catch (const DataError& e) {
            QVERIFY2(QString(e.what()).contains("not valid JSON"), e.what());
        }
    }

    // A byte order mark (an editor's save) was "not valid JSON ... line 278"; CSV files and
    // model files already read with one.
    void read_acceptsAByteOrderMark()
    {
        const std::string path
            = iolens::test::sourcePath("tests/data/fio-json-engines/sync-note.json");
        const std::string text = readTextFile(path);
        QCOMPARE(parseFioJson("\xEF\xBB\xBF" + text, "bom.json").metrics,
            parseFioJson(text, "plain.json").metrics);
    }

    // fio takes a mix as its write share too.
    void parse_writeShareIsTheRestOfTheReads()
    {
        const Measurement m = parseFioJson(
            R"({"jobs":[{"job options":{"rw":"randrw","size":"1g","rwmixwrite":"30"},"read":{"total_ios":0},"write":{"total_ios":0}}]})",
            "run.json");
        QCOMPARE(m.config.readPct, 70.0);
    }

    void parse_rejectsMalformedInput_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << "{oops"
                                  << "not valid JSON";
        QTest::newRow("no jobs") << "{}"
                                 << "field 'jobs': missing";
        QTest::newRow("no size")
            << R"({"jobs":[{"job options":{"rw":"randread","bs":"4k"},"read":{},"write":{}}]})"
            << "field 'jobs[0].job options.size'";
        QTest::newRow("bad rw") << R"({"jobs":[{"job options":{"rw":"trim","size":"1g"}}]})"
                                << "field 'jobs[0].job options.rw'";
        QTest::newRow("bad global bs")
            << R"({"global options":{"bs":"4q","size":"1g"},"jobs":[{"job options":{"rw":"read"}}]})"
            << "field 'global options.bs': '4q' is not a block size";
        QTest::newRow("bssplit")
            << R"({"jobs":[{"job options":{"rw":"read","size":"1g","bssplit":"4k/50:64k/50"}}]})"
            << "field 'jobs[0].job options.bssplit': '4k/50:64k/50': a mix of request sizes";
        QTest::newRow("bad rwmixwrite")
            << R"({"jobs":[{"job options":{"rw":"randrw","size":"1g","rwmixwrite":"130"}}]})"
            << "field 'jobs[0].job options.rwmixwrite': '130' is not a percentage";
        QTest::newRow("bad iodepth")
            << R"({"jobs":[{"job options":{"rw":"read","size":"1g","ioengine":"libaio","iodepth":"0"}}]})"
            << "field 'jobs[0].job options.iodepth': '0' is not a queue depth";
        // A job fio failed (error 5 = EIO) carries the figures of a run cut short; they were
        // imported as a measurement.
        QTest::newRow("failed job")
            << R"({"jobs":[{"jobname":"ffsb","error":5,"job options":{"rw":"randread","size":"1g"},"read":{"total_ios":5,"bw_bytes":1,"iops":1,"clat_ns":{"mean":1}},"write":{"total_ios":0}}]})"
            << "field 'jobs[0].error': fio reported error 5 (Input/output error) in job 'ffsb'; a "
               "failed run is no measurement";
        QTest::newRow("second job failed")
            << R"({"jobs":[{"error":0,"job options":{"rw":"randread","size":"1g"}},{"error":28}]})"
            << "field 'jobs[1].error': fio reported error 28 (No space left on device)";
        QTest::newRow("error not a number")
            << R"({"jobs":[{"error":"EIO","job options":{"rw":"randread","size":"1g"}}]})"
            << "field 'jobs[0].error': '\"EIO\"' is not an error number";
        // A negative figure reached the database's CHECK constraint, which named neither the
        // file nor the field and exited 1.
        QTest::newRow("negative latency")
            << R"({"jobs":[{"job options":{"rw":"randread","size":"1g"},"read":{"total_ios":5,"bw_bytes":1,"iops":1,"clat_ns":{"mean":-5}},"write":{"total_ios":0}}]})"
            << "field 'jobs[0].read.clat_ns.mean': -5 is negative";
        QTest::newRow("negative bandwidth")
            << R"({"jobs":[{"job options":{"rw":"randwrite","size":"1g"},"read":{"total_ios":0},"write":{"total_ios":5,"bw_bytes":-1,"iops":1,"clat_ns":{"mean":5}}}]})"
            << "field 'jobs[0].write.bw_bytes': -1 is negative";
        QTest::newRow("negative p99")
            << R"({"jobs":[{"job options":{"rw":"randread","size":"1g"},"read":{"total_ios":5,"bw_bytes":1,"iops":1,"clat_ns":{"mean":5,"percentile":{"99.000000":-2}}},"write":{"total_ios":0}}]})"
            << "field 'jobs[0].read.clat_ns.percentile.99.000000': -2 is negative";
        QTest::newRow("p99 not a number")
            << R"({"jobs":[{"job options":{"rw":"randread","size":"1g"},"read":{"total_ios":5,"bw_bytes":1,"iops":1,"clat_ns":{"mean":5,"percentile":{"99.000000":"x"}}},"write":{"total_ios":0}}]})"
            << "field 'jobs[0].read.clat_ns.percentile.99.000000': not a number";
        QTest::newRow("missing clat")
            << R"({"jobs":[{"job options":{"rw":"randread","size":"1g"},"read":{"total_ios":5,"bw_bytes":1,"iops":1},"write":{"total_ios":0}}]})"
            << "field 'jobs[0].read.clat_ns': missing";
    }
    void parse_rejectsMalformedInput()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        try {
            parseFioJson(json.toStdString(), "run.json");
            QFAIL("no error");
        } catch (const DataError& e) {
            QVERIFY2(QString(e.what()).startsWith("run.json: "), e.what());
            QVERIFY2(QString(e.what()).contains(expected), e.what());
        }
    }

    void parseFioSize_units_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qlonglong>("bytes");
        QTest::newRow("plain") << "4096" << 4096LL;
        QTest::newRow("k") << "4k" << 4096LL;
        QTest::newRow("M") << "16M" << 16LL * 1024 * 1024;
        QTest::newRow("GiB") << "1GiB" << 1024LL * 1024 * 1024;
        QTest::newRow("bad") << "4x" << -1LL;
    }
    void parseFioSize_units()
    {
        QFETCH(QString, text);
        QFETCH(qlonglong, bytes);
        const auto value = parseFioSize(text.toStdString());
        QCOMPARE(value ? *value : -1LL, bytes);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestFioJsonReader)
#include "test_fio_json_reader.moc"

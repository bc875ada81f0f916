// SPDX-License-Identifier: GPL-3.0-or-later
// predict: the library's answers in the CSV, the factors a model holds fixed left out, a one-VM
// model projected to N VMs, and the notes on stderr where an answer has no run behind it.
#include "data/measurement_csv.hpp"
#include "models/vm_projection.hpp"
#include "store/measurement_database.hpp"
#include "support/cli_runner.hpp"
#include "support/multi_vm_data.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "workflow/model_training.hpp"

#include <QTemporaryDir>
#include <QTest>

using namespace iolens::core;
using iolens::test::CliResult;
using iolens::test::runCli;

class TestPredictCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void trainPredict_matchesTheLibrary()
    {
        const QString db = m_dir.filePath("train.sqlite");
        QCOMPARE(importTiered(db), 0);
        CliResult r = runCli({"train", "--db", db, "--technique", "lm", "--metric", "rt_write_ms",
            "--param", "degree=2", "--dataset", "tiered", "--split", "grid", "--name", "lm-w"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const std::string configs = iolens::test::writeFile(m_dir.path(), "configs.csv",
            "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms\n"
            "bfq,1073741824,16384,random,50,16,1\nnone,4294967296,65536,sequential,0,16,1\n");
        const QString out = m_dir.filePath("pred.csv");
        r = runCli({"predict", "--db", db, "--model", "lm-w", "--configs",
            QString::fromStdString(configs), "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const CsvTable table = readCsvFile(out.toStdString());
        QCOMPARE(table.header.back(), std::string("predicted"));
        QCOMPARE(table.rows.size(), std::size_t {2});

        auto library = MeasurementDatabase::open(db.toStdString(), true);
        const TrainedModel model = loadModel(library, "lm-w");
        const auto parsed = configurationsFromCsv(table);
        for (std::size_t i = 0; i < parsed.size(); ++i) {
            double value = 0.0;
            QVERIFY(parseDouble(table.rows[i].fields.back(), value));
            QCOMPARE(value, model.predict(parsed[i]));
        }
        QVERIFY2(!r.err.contains("note:"), qPrintable(r.err));
        // Every tiered run had 16 threads: 64 are answered as 16, and predict says so; and an
        // 8 GiB file set lies beyond the measured 256 MiB to 4 GiB.
        const std::string threads = iolens::test::writeFile(m_dir.path(), "threads.csv",
            "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms\n"
            "bfq,1073741824,16384,random,50,16,1\nbfq,1073741824,16384,random,50,64,1\n"
            "bfq,8589934592,16384,random,50,16,1\n");
        r = runCli({"predict", "--db", db, "--model", "lm-w", "--configs",
            QString::fromStdString(threads), "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("the model learned nothing about threads (16 in every training "
                                "run); 1 of 3 configurations asks for another value (the first: "
                                "configuration 2, threads 64) and is answered as at 16"),
            qPrintable(r.err));
        QVERIFY2(r.err.contains("1 of 3 configurations lies beyond the trained range of "
                                "fileset_mib (256 to 4096; the first: configuration 3, "
                                "fileset_mib 8192): the model extrapolates there"),
            qPrintable(r.err));
        const CsvTable answered = readCsvFile(out.toStdString());
        QCOMPARE(answered.rows[1].fields.back(), answered.rows[0].fields.back());
        QVERIFY2(!r.err.contains("have no writes"), qPrintable(r.err));
        // A write time of pure reads has no run to stand for: the number stays, and a note says
        // so (the window shows n/a there).
        const std::string reads = iolens::test::writeFile(m_dir.path(), "reads.csv",
            "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms\n"
            "bfq,1073741824,16384,random,50,16,1\nbfq,1073741824,16384,random,100,16,1\n");
        r = runCli({"predict", "--db", db, "--model", "lm-w", "--configs",
            QString::fromStdString(reads), "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(readCsvFile(out.toStdString()).rows.size(), std::size_t {2});
        QVERIFY2(r.err.contains("note: 1 of 2 configurations has no writes (the first: "
                                "configuration 2, read_pct 100), where rt_write_ms is not defined"),
            qPrintable(r.err));
        // A write rate of pure reads is 0, as a run shows: no note.
        QCOMPARE(runCli({"train", "--db", db, "--technique", "lm", "--metric", "tp_write_mbs",
                            "--dataset", "tiered", "--name", "lm-tw"})
                     .exitCode,
            0);
        r = runCli({"predict", "--db", db, "--model", "lm-tw", "--configs",
            QString::fromStdString(reads), "--out", out});
        QVERIFY2(r.exitCode == 0 && !r.err.contains("have no writes"), qPrintable(r.err));
        r = runCli({"describe", "--db", db, "--model", "lm-w"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("fileset_mib:request_kib"));
    }

    void predict_leavesOutTheFactorsTheModelHoldsFixed()
    {
        const QString db = m_dir.filePath("fixed.sqlite");
        QCOMPARE(importTiered(db), 0);
        QCOMPARE(runCli({"import", "--db", db, "--csv",
                            QString::fromStdString(iolens::test::sourcePath(
                                "tests/data/measured/threads-local-disk.csv")),
                            "--dataset", "threads"})
                     .exitCode,
            0);
        for (const char* dataset : {"tiered", "threads"})
            QCOMPARE(runCli({"train", "--db", db, "--technique", "lm", "--metric", "rt_read_ms",
                                "--dataset", dataset, "--name", dataset})
                         .exitCode,
                0);
        const std::string full = iolens::test::writeFile(m_dir.path(), "full.csv",
            "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms\n"
            "bfq,1073741824,16384,random,50,16,1\nnone,4294967296,65536,sequential,100,16,1\n");
        const std::string fewer = iolens::test::writeFile(m_dir.path(), "fewer.csv",
            "scheduler,fileset_bytes,request_bytes,pattern,read_pct\n"
            "bfq,1073741824,16384,random,50\nnone,4294967296,65536,sequential,100\n");
        const QString fullOut = m_dir.filePath("full-out.csv");
        const QString fewerOut = m_dir.filePath("fewer-out.csv");
        CliResult r = runCli({"predict", "--db", db, "--model", "tiered", "--configs",
            QString::fromStdString(full), "--out", fullOut});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runCli({"predict", "--db", db, "--model", "tiered", "--configs",
            QString::fromStdString(fewer), "--out", fewerOut});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const CsvTable fullTable = readCsvFile(fullOut.toStdString());
        const CsvTable fewerTable = readCsvFile(fewerOut.toStdString());
        QCOMPARE(fewerTable.header, fullTable.header); // threads and vms written out
        for (std::size_t i = 0; i < fullTable.rows.size(); ++i)
            QCOMPARE(fewerTable.rows[i].fields, fullTable.rows[i].fields);

        // The thread sweep's model learned the thread count: the column is required.
        r = runCli({"predict", "--db", db, "--model", "threads", "--configs",
            QString::fromStdString(fewer), "--out", fewerOut});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("fewer.csv: row 1: missing required column 'threads'"),
            qPrintable(r.err));

        // A scheduler the tiered model has no level for: bad input, named by file and row.
        const std::string unknown = iolens::test::writeFile(m_dir.path(), "kyber.csv",
            "scheduler,fileset_bytes,request_bytes,pattern,read_pct\n"
            "bfq,1073741824,16384,random,50\nkyber,1073741824,16384,random,50\n");
        r = runCli({"predict", "--db", db, "--model", "tiered", "--configs",
            QString::fromStdString(unknown), "--out", fewerOut});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("kyber.csv: row 3: scheduler 'kyber': the model was not trained "
                                "on this value (trained on bfq, "),
            qPrintable(r.err));
    }

    void trainPredict_oneVmModelProjectsToNVms()
    {
        const std::string csv = iolens::test::writeFile(m_dir.path(), "mixed.csv",
            measurementsToCsv(
                iolens::test::withTwoVms(readMeasurementsCsv(iolens::test::tieredCsvPath()))));
        const QString db = m_dir.filePath("mixed.sqlite");
        QCOMPARE(runCli({"import", "--db", db, "--csv", QString::fromStdString(csv)}).exitCode, 0);
        CliResult r = runCli({"train", "--db", db, "--technique", "lm", "--metric", "tp_read_mbs",
            "--where", "vms=1", "--name", "lm-1vm"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const std::string configs = iolens::test::writeFile(m_dir.path(), "vm-configs.csv",
            "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms\n"
            "bfq,1073741824,16384,random,50,16,1\nbfq,1073741824,16384,random,50,16,2\n"
            "bfq,1073741824,16384,random,50,16,4\n");
        const QString out = m_dir.filePath("vm-pred.csv");
        r = runCli({"predict", "--db", db, "--model", "lm-1vm", "--configs",
            QString::fromStdString(configs), "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const CsvTable table = readCsvFile(out.toStdString());
        QCOMPARE(table.rows.size(), std::size_t {3});

        auto library = MeasurementDatabase::open(db.toStdString(), true);
        const TrainedModel model = loadModel(library, "lm-1vm");
        QVERIFY(!modelsVmCount(model));
        const auto parsed = configurationsFromCsv(table);
        for (std::size_t i = 0; i < parsed.size(); ++i) {
            double value = 0.0;
            QVERIFY(parseDouble(table.rows[i].fields.back(), value));
            QCOMPARE(value, predictSpreadOverVms(model, parsed[i]));
            // N VMs of 16 / N threads each on a file set of 1 GiB / N, together on their
            // storage: 16 threads on 1 GiB, as one VM. The model learned no thread count (16 in
            // every run), and 16 divides evenly, so their throughput is the one-VM prediction.
            Configuration together = parsed[i];
            together.vms = 1;
            QVERIFY(qFuzzyCompare(value, model.predict(together)));
        }
    }

private:
    /// Imports the shared fio-tiered grid into `db` as dataset "tiered"; the exit status.
    static int importTiered(const QString& db)
    {
        return runCli(
            {"import", "--db", db, "--csv", QString::fromStdString(iolens::test::tieredCsvPath()),
                "--dataset", "tiered"})
            .exitCode;
    }

    QTemporaryDir m_dir;
};

IOLENS_TEST_GUILESS_MAIN(TestPredictCommand)
#include "test_predict_command.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The command line contract: subcommands, options, CSV columns, exit status 2 for bad input
// (predict and import have their own classes, TestPredictCommand and TestImportCommand).
#include "data/measurement_csv.hpp"
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::core;

namespace {

using iolens::test::CliResult;
using iolens::test::fileHash;
using iolens::test::runCli;

const QString kHeader = QString::fromLatin1(iolens::test::kCoreCsvHeader);

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void importExport_roundTripsEveryValue_data()
    {
        QTest::addColumn<QString>("csv");
        QTest::newRow("tiered") << QString::fromStdString(iolens::test::tieredCsvPath());
        QTest::newRow("local") << QString::fromStdString(iolens::test::localCsvPath());
    }
    void importExport_roundTripsEveryValue()
    {
        QFETCH(QString, csv);
        const QString db = m_dir.filePath(QFileInfo(csv).baseName() + ".sqlite");
        const QString out = m_dir.filePath(QFileInfo(csv).baseName() + "-out.csv");
        CliResult r = runCli({"import", "--db", db, "--csv", csv});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runCli({"export", "--db", db, "--csv", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto original = readMeasurementsCsv(csv.toStdString());
        const auto exported = readMeasurementsCsv(out.toStdString());
        QCOMPARE(exported.size(), original.size());
        for (std::size_t i = 0; i < original.size(); ++i) {
            QVERIFY(exported[i].config == original[i].config);
            QVERIFY(exported[i].metrics == original[i].metrics);
            QCOMPARE(exported[i].rep, original[i].rep);
            QCOMPARE(exported[i].split, original[i].split);
        }
        r = runCli({"info", db});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QString::number(original.size()) + " measurements"));
    }

    void badDatabase_exits2()
    {
        const std::string text
            = iolens::test::writeFile(m_dir.path(), "notdb.sqlite", "plain text\n");
        CliResult r = runCli({"info", QString::fromStdString(text)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not an SQLite database"), qPrintable(r.err));
        r = runCli({"import", "--db", QString::fromStdString(text), "--csv",
            QString::fromStdString(iolens::test::tieredCsvPath())});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(QFile(QString::fromStdString(text)).size(), qint64(11));
    }

    void usageErrors_exit2_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("no command") << QStringList {};
        QTest::newRow("unknown command") << QStringList {"fly"};
        QTest::newRow("missing option") << QStringList {"export", "--csv", "x.csv"};
        QTest::newRow("unknown option") << QStringList {"info", "--frobnicate", "x"};
        QTest::newRow("both sources")
            << QStringList {"import", "--db", "x", "--csv", "a", "--fio-json", "b"};
    }
    void usageErrors_exit2()
    {
        QFETCH(QStringList, arguments);
        const CliResult r = runCli(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!r.err.isEmpty());
    }

    // A mistyped option or command is named with the one meant; an option guessed wrong with
    // the options the command has.
    void usageErrors_nameWhatWasMeant_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("mistyped option") << QStringList {"train", "--db", "x", "--techniqe",
            "lm"} << "train: unknown option --techniqe (did you mean --technique?)";
        QTest::newRow("guessed option")
            << QStringList {"predict", "--db", "x", "--model", "m", "--csv", "q.csv"}
            << "predict: unknown option --csv (its options: --db, --model, --configs, --out, "
               "--interval; see 'iolens-cli predict --help')";
        QTest::newRow("mistyped command") << QStringList {"predikt", "--db", "x"}
                                          << "unknown command 'predikt' (did you mean "
                                             "'predict'?)";
    }
    void usageErrors_nameWhatWasMeant()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliResult r = runCli(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    // The columns of factors a model holds fixed may be left out of predict's configurations:
    // they take the training value. A factor it learned may not.
    // An output file that is one of the command's inputs is refused before anything runs:
    // `export --db x.db --csv x.db` replaced the database with CSV, every measurement gone.
    void outputOverAnInput_exits2AndLeavesTheInputUnchanged_data()
    {
        QTest::addColumn<QStringList>("arguments"); // DB and CSV stand for the two files
        QTest::addColumn<QString>("message");
        QTest::newRow("export over the database") << QStringList {
            "export", "--db", "DB", "--csv", "DB"} << "export: --csv DB is the --db file";
        QTest::newRow("model export over the database") << QStringList {"model", "export", "--db",
            "DB", "--model", "m", "--out", "DB"} << "model: --out DB is the --db file";
        QTest::newRow("predict over its configurations") << QStringList {"predict", "--db", "DB",
            "--model", "m", "--configs", "CSV", "--out",
            "CSV"} << "predict: --out CSV is the --configs file";
        QTest::newRow("mapping over the measurements") << QStringList {"import", "--csv", "CSV",
            "--propose-mapping", "CSV"} << "import: --propose-mapping CSV is the --csv file";
    }
    void outputOverAnInput_exits2AndLeavesTheInputUnchanged()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const QString db = m_dir.filePath("guard.sqlite");
        const QString csv = m_dir.filePath("guard.csv");
        if (!QFileInfo::exists(db)) {
            QVERIFY(QFile::copy(QString::fromStdString(iolens::test::tieredCsvPath()), csv));
            QCOMPARE(runCli({"import", "--db", db, "--csv", csv}).exitCode, 0);
            QCOMPARE(runCli({"train", "--db", db, "--technique", "lm", "--metric", "rt_read_ms",
                                "--name", "m"})
                         .exitCode,
                0);
        }
        const QByteArray dbBefore = fileHash(db);
        const QByteArray csvBefore = fileHash(csv);
        for (QString& argument : arguments)
            argument = argument == "DB" ? db : argument == "CSV" ? csv : argument;
        const CliResult r = runCli(arguments);
        QCOMPARE(r.exitCode, 2);
        message.replace("DB", db).replace("CSV", csv);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(fileHash(db), dbBefore);
        QCOMPARE(fileHash(csv), csvBefore);
    }

    // Without --dataset the datasets of a database are pooled; the commands that model them say
    // so, and say nothing when there is one dataset or one is named.
    void noDataset_notesThePooledDatasets()
    {
        const QString db = m_dir.filePath("pooled.sqlite");
        QCOMPARE(runCli({"import", "--db", db, "--csv",
                            QString::fromStdString(iolens::test::tieredCsvPath()), "--dataset",
                            "tiered"})
                     .exitCode,
            0);
        const QStringList train {
            "train", "--db", db, "--technique", "lm", "--metric", "rt_read_ms", "--name", "lm"};
        CliResult r = runCli(train);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.err.contains("pooled"), qPrintable(r.err));
        QCOMPARE(
            runCli({"import", "--db", db, "--csv",
                       QString::fromStdString(iolens::test::localCsvPath()), "--dataset", "local"})
                .exitCode,
            0);
        r = runCli(train);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("iolens-cli train: note: no --dataset: the 2 datasets of "),
            qPrintable(r.err));
        QVERIFY2(r.err.contains("(tiered, local) are pooled"), qPrintable(r.err));
        r = runCli(train + QStringList {"--dataset", "local"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.err.contains("pooled"), qPrintable(r.err));
        r = runCli({"conservation", "--db", db, "--out", m_dir.filePath("c.json")});
        QVERIFY2(r.err.contains("iolens-cli conservation: note: no --dataset"), qPrintable(r.err));
        r = runCli(
            {"conservation", "--db", db, "--dataset", "nosuch", "--out", m_dir.filePath("c.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no dataset named 'nosuch'"), qPrintable(r.err));
    }

    // predict, describe and export take the file or model they work on without its option, as
    // import and evaluate do; the same output either way, and named twice it is refused.
    void positionalArgument_standsForTheOption()
    {
        const QString db = m_dir.filePath("standsfor.sqlite");
        const QString csv = QString::fromStdString(iolens::test::tieredCsvPath());
        QCOMPARE(runCli({"import", "--db", db, csv}).exitCode, 0);
        QCOMPARE(runCli({"train", "--db", db, "--technique", "lm", "--metric", "rt_read_ms",
                            "--name", "m"})
                     .exitCode,
            0);
        const QString configs = m_dir.filePath("standsfor.csv");
        CliResult r = runCli({"export", "--db", db, configs});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(QFileInfo(configs).size() > 1000);

        const CliResult byOption
            = runCli({"predict", "--db", db, "--model", "m", "--configs", configs, "--out", "-"});
        const CliResult byArgument
            = runCli({"predict", "--db", db, "--model", "m", "--out", "-", configs});
        QVERIFY2(byArgument.exitCode == 0, qPrintable(byArgument.err));
        QCOMPARE(byArgument.out, byOption.out);
        QVERIFY(byArgument.out.startsWith("scheduler,"));
        // Without an output file, predict and export write to standard output.
        QCOMPARE(runCli({"predict", "--db", db, "--model", "m", configs}).out, byOption.out);
        r = runCli({"export", "--db", db});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(QCryptographicHash::hash(r.out.toUtf8(), QCryptographicHash::Sha256),
            fileHash(configs));
        r = runCli({"describe", "--db", db, "m"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(r.out, runCli({"describe", "--db", db, "--model", "m"}).out);

        r = runCli(
            {"predict", "--db", db, "--model", "m", "--configs", configs, "--out", "-", configs});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("predict: '" + configs + "' and --configs both given"),
            qPrintable(r.err));
        r = runCli({"describe", "--db", db, "m", "m2"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("describe: unexpected argument 'm2' (one [MODEL] at most)"),
            qPrintable(r.err));
    }

    // Options that were silently dropped are refused: a repeated option of one value kept its
    // last, info read one of two databases, an empty split label was stored, and a constant
    // storage delay left the models' options unused.
    void ignoredOptions_exit2_data()
    {
        QTest::addColumn<QStringList>("arguments"); // DB stands for a database of fio-tiered
        QTest::addColumn<QString>("message");
        QTest::newRow("technique twice") << QStringList {"train", "--db", "DB", "--technique", "lm",
            "--technique", "cart", "--metric", "rt_read_ms", "--name",
            "x"} << "--technique given 2 times ('lm', 'cart'); it takes one value";
        QTest::newRow("dataset twice") << QStringList {"train", "--db", "DB", "--technique", "lm",
            "--metric", "rt_read_ms", "--dataset", "a", "--dataset", "b", "--name", "x"}
                                       << "--dataset given 2 times ('a', 'b'); it takes one value";
        QTest::newRow("two databases")
            << QStringList {"info", "DB", "DB"} << "info: name one database (got 2)";
        QTest::newRow("empty split") << QStringList {"import", "--db", "DB", "--csv",
            QString::fromStdString(iolens::test::tieredCsvPath()), "--split", ""}
                                     << "import: --split needs a label";
        QTest::newRow("model with a constant delay") << QStringList {"simulate", "--app",
            "fileserver", "--db", "DB", "--model", "m", "--storage-delay-ms",
            "1"} << "simulate: --model applies to the models of --db, not to --storage-delay-ms";
    }
    void ignoredOptions_exit2()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const QString db = m_dir.filePath("ignored.sqlite");
        if (!QFileInfo::exists(db))
            QCOMPARE(runCli({"import", "--db", db, "--csv",
                                QString::fromStdString(iolens::test::tieredCsvPath())})
                         .exitCode,
                0);
        const QByteArray before = fileHash(db);
        for (QString& argument : arguments)
            if (argument == "DB")
                argument = db;
        const CliResult r = runCli(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(fileHash(db), before);
    }

    // The techniques are listed where a user looks for them, from the registry.
    void trainAndOptimizeHelp_listTheTechniques()
    {
        for (const char* command : {"train", "optimize"}) {
            const CliResult r = runCli({command, "--help"});
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.out.simplified().contains(
                         "Regression technique: auto, lm, mars, cart, m5, cubist"),
                qPrintable(r.out));
        }
    }

    // A command's positional arguments are listed under their name in the usage line, with
    // what they are (they were listed as "args", with nothing said).
    void positionalArgumentsHelp_namesAndExplainsThem()
    {
        const CliResult r = runCli({"evaluate", "--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("evaluate [MODEL...]"), qPrintable(r.out));
        QVERIFY2(r.out.simplified().contains("MODEL Stored models to score (as --model)."),
            qPrintable(r.out));
        QVERIFY2(!r.out.contains("args"), qPrintable(r.out));
    }

    // A folder or an empty file where a file or a database belongs is bad input, said as such
    // (before: "the file is empty" of a folder, "cannot replace file: Success", SQLite's "disk
    // I/O error" with exit status 1, "schema version 0 needs an upgrade" of an empty file).
    void folderOrEmptyFile_exit2SayingWhatItIs_data()
    {
        QTest::addColumn<QStringList>("arguments"); // DB, DIR, EMPTY stand for the paths
        QTest::addColumn<QString>("message");
        QTest::newRow("import a folder") << QStringList {"import", "--db", "DB", "--csv", "DIR"}
                                         << "DIR: is a folder, not a file";
        QTest::newRow("export into a folder") << QStringList {"export", "--db", "DB", "--csv",
            "DIR"} << "DIR: is a folder; name a file to write";
        QTest::newRow("export into no folder") << QStringList {"export", "--db", "DB", "--csv",
            "DIR/none/x.csv"} << "there is no folder DIR/none to write it in";
        QTest::newRow("a folder as the database")
            << QStringList {"info", "DIR"} << "DIR: is a folder, not a database file";
        QTest::newRow("an empty database file") << QStringList {"train", "--db", "EMPTY",
            "--technique", "lm", "--metric", "rt_read_ms", "--name",
            "x"} << "EMPTY: is an empty file, not an iolens database";
        QTest::newRow("read share out of range") << QStringList {"evaluate", "--db", "DB",
            "--model", "m", "--read-min-pct", "-5", "--out",
            "DIR/e.json"} << "evaluate: --read-min-pct -5: a read share in 0..100";
    }
    void folderOrEmptyFile_exit2SayingWhatItIs()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const QString db = m_dir.filePath("folder.sqlite");
        const QString dir = m_dir.filePath("a-folder");
        const QString empty = m_dir.filePath("empty.sqlite");
        if (!QFileInfo::exists(db)) {
            QVERIFY(QDir().mkpath(dir));
            QFile emptyFile(empty);
            QVERIFY(emptyFile.open(QIODevice::WriteOnly));
            emptyFile.close();
            QCOMPARE(runCli({"import", "--db", db, "--csv",
                                QString::fromStdString(iolens::test::tieredCsvPath())})
                         .exitCode,
                0);
            QCOMPARE(runCli({"train", "--db", db, "--technique", "lm", "--metric", "rt_read_ms",
                                "--name", "m"})
                         .exitCode,
                0);
        }
        const auto expand = [&](QString text) {
            return text.replace("DB", db).replace("DIR", dir).replace("EMPTY", empty);
        };
        for (QString& argument : arguments)
            argument = expand(argument);
        const CliResult r = runCli(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(expand(message)), qPrintable(r.err));
        QCOMPARE(QFileInfo(empty).size(), 0); // the empty file stays empty
        QVERIFY(!QFileInfo::exists(dir + ".part"));
    }

    // A selection or a file that holds nothing is bad input, not an empty answer.
    void emptyAnswers_exit2NamingWhatIsMissing()
    {
        const QString db = m_dir.filePath("empty-answers.sqlite");
        QCOMPARE(runCli({"import", "--db", db, "--csv",
                            QString::fromStdString(iolens::test::tieredCsvPath())})
                     .exitCode,
            0);
        const QString out = m_dir.filePath("empty-answers.csv");
        CliResult r = runCli({"export", "--db", db, "--csv", out, "--split", "repeats"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(
            r.err.contains("no split named 'repeats' (splits: grid, repeat)"), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(out));
        QCOMPARE(runCli({"export", "--db", db, "--csv", out, "--split", "repeat"}).exitCode, 0);

        QCOMPARE(runCli({"train", "--db", db, "--technique", "lm", "--metric", "rt_read_ms",
                            "--name", "lm"})
                     .exitCode,
            0);
        const std::string headerOnly = iolens::test::writeFile(m_dir.path(), "header-only.csv",
            "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms\n");
        r = runCli({"predict", "--db", db, "--model", "lm", "--configs",
            QString::fromStdString(headerOnly), "--out", m_dir.filePath("p.csv")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("header-only.csv: no configuration under the header"),
            qPrintable(r.err));
        // evaluate's scenario named a dataset or split nobody has: its message blamed the rule.
        for (const char* scenario : {"dataset=nosuch", "split=nosuch"}) {
            r = runCli({"evaluate", "--db", db, "--model", "lm", "--scenario", scenario, "--out",
                m_dir.filePath("e.json")});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("named 'nosuch'"), qPrintable(r.err));
        }
    }

    // A CSV with bandwidth and no IOPS columns trains an IOPS model: each run's IOPS are its
    // throughput over its request size (refused before, "only 0 measured configuration(s)").
    void train_iopsFromThroughputAlone()
    {
        QString csv = kHeader;
        for (const int kib : {4, 16, 64})
            for (const int readPct : {0, 50, 100})
                csv += QString("none,1073741824,%1,random,%2,16,1,%3,%4,%5,%6\n")
                           .arg(kib * 1024)
                           .arg(readPct)
                           .arg(readPct > 0 ? QString::number(0.1 * kib) : QString())
                           .arg(readPct < 100 ? QString::number(0.2 * kib) : QString())
                           .arg(readPct > 0 ? QString::number(2.0 * kib) : QString())
                           .arg(readPct < 100 ? QString::number(1.0 * kib) : QString());
        const QString db = m_dir.filePath("iops-from-throughput.sqlite");
        QCOMPARE(runCli({"import", "--db", db, "--csv",
                            QString::fromStdString(iolens::test::writeFile(
                                m_dir.path(), "no-iops.csv", csv.toStdString()))})
                     .exitCode,
            0);
        for (const char* metric : {"iops_read", "iops_write"}) {
            const CliResult r = runCli(
                {"train", "--db", db, "--technique", "lm", "--metric", metric, "--name", metric});
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            QVERIFY2(r.out.contains(QString("lm for %1, 6 configurations").arg(metric)),
                qPrintable(r.out));
        }
    }

    // "-" as the output of export and predict is standard output (a pipe), byte for byte the
    // file the same command writes; the command's own messages stay on standard error.
    void exportAndPredict_dashIsStandardOutput()
    {
        const QString db = m_dir.filePath("dash.sqlite");
        CliResult r = runCli(
            {"import", "--db", db, "--csv", QString::fromStdString(iolens::test::tieredCsvPath())});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString exported = m_dir.filePath("dash-export.csv");
        QCOMPARE(runCli({"export", "--db", db, "--csv", exported}).exitCode, 0);
        r = runCli({"export", "--db", db, "--csv", "-"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile file(exported);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(r.out, QString::fromUtf8(file.readAll()));
        QVERIFY2(r.err.contains("exported 130 measurements to standard output"), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(QDir::current().filePath("-")));

        QCOMPARE(runCli({"train", "--db", db, "--technique", "lm", "--metric", "rt_read_ms",
                            "--name", "lm"})
                     .exitCode,
            0);
        const std::string configs = iolens::test::writeFile(m_dir.path(), "dash.csv",
            "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms\n"
            "bfq,1073741824,16384,random,50,16,1\n");
        const QString predicted = m_dir.filePath("dash-predicted.csv");
        QCOMPARE(runCli({"predict", "--db", db, "--model", "lm", "--configs",
                            QString::fromStdString(configs), "--out", predicted})
                     .exitCode,
            0);
        r = runCli({"predict", "--db", db, "--model", "lm", "--configs",
            QString::fromStdString(configs), "--out", "-"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile predictedFile(predicted);
        QVERIFY(predictedFile.open(QIODevice::ReadOnly));
        QCOMPARE(r.out, QString::fromUtf8(predictedFile.readAll()));
        QVERIFY2(r.err.contains("to standard output"), qPrintable(r.err));
    }

    // The window's "(1 VM, projected)" column, headless: train on the one-VM rows of a multi-VM
    // dataset, predict N VMs through one VM's share (ICPE'13 section 6.3).
    void train_badInputExits2_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("technique")
            << QStringList {"--technique", "svm", "--metric", "rt_read_ms"} << "unknown technique";
        QTest::newRow("metric") << QStringList {"--technique", "lm", "--metric", "latency"}
                                << "unknown metric";
        QTest::newRow("param") << QStringList {"--technique", "lm", "--metric", "rt_read_ms",
            "--param", "degree=7"}
                               << "outside its valid range";
        QTest::newRow("param syntax") << QStringList {"--technique", "lm", "--metric", "rt_read_ms",
            "--param", "degree"} << "NAME=NUMBER";
        QTest::newRow("dataset") << QStringList {"--technique", "lm", "--metric", "rt_read_ms",
            "--dataset", "nope"} << "no dataset named";
        // A slip of the keyboard in a name is answered with the name meant.
        QTest::newRow("mistyped technique") << QStringList {"--technique", "lmm", "--metric",
            "rt_read_ms"} << "unknown technique 'lmm' (did you mean 'lm'? known: auto, lm,";
        QTest::newRow("mistyped metric")
            << QStringList {"--technique", "lm", "--metric", "rt_raed_ms"}
            << "unknown metric 'rt_raed_ms' (did you mean 'rt_read_ms'? known: rt_read_ms,";
        QTest::newRow("mistyped parameter") << QStringList {"--technique", "auto", "--metric",
            "rt_read_ms", "--param", "request_bund=0"}
                                            << "technique 'auto' has no parameter 'request_bund' "
                                               "(did you mean 'request_bound'? valid: ";
        QTest::newRow("mistyped factor")
            << QStringList {"--technique", "lm", "--metric", "rt_read_ms", "--where",
                   "requst_kib=4"}
            << "unknown factor 'requst_kib' (did you mean 'request_kib'? factors: scheduler,";
    }
    void train_badInputExits2()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, message);
        const QString db = m_dir.filePath("train-bad.sqlite");
        if (!QFile::exists(db))
            QCOMPARE(runCli({"import", "--db", db, "--csv",
                                QString::fromStdString(iolens::test::localCsvPath())})
                         .exitCode,
                0);
        const CliResult r = runCli(QStringList {"train", "--db", db, "--name", "m"} + extra);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    void evaluate_scenariosOfThePaper()
    {
        const QString db = m_dir.filePath("evaluate.sqlite");
        QCOMPARE(runCli({"import", "--db", db, "--csv",
                            QString::fromStdString(iolens::test::tieredCsvPath()), "--dataset",
                            "tiered"})
                     .exitCode,
            0);
        CliResult r = runCli({"train", "--db", db, "--technique", "cart", "--metric", "rt_read_ms",
            "--dataset", "tiered", "--where", "request_kib<=16", "--name", "small"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString out = m_dir.filePath("cv.json");
        r = runCli({"evaluate", "--db", db, "--model", "small", "--scenario", "cv=5",
            "--compare-default", "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile report(out);
        QVERIFY(report.open(QIODevice::ReadOnly));
        const QByteArray json = report.readAll();
        QVERIFY(json.contains("\"5-fold cross-validation\""));
        QVERIFY(json.contains("paired_t_p_value"));
        r = runCli({"evaluate", "--db", db, "--model", "small", "--scenario", "extrapolation",
            "--out", m_dir.filePath("extrapolation.json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // A scenario with nothing in it, or misspelt, is bad input: exit 2 with the reason.
        r = runCli({"evaluate", "--db", db, "--model", "small", "--scenario", "interpolation",
            "--out", out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("inside its training ranges"), qPrintable(r.err));
        r = runCli(
            {"evaluate", "--db", db, "--model", "small", "--scenario", "cv=1", "--out", out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("cv=K"), qPrintable(r.err));
    }

    void conservation_checksTheMixes()
    {
        const QString db = m_dir.filePath("conservation.sqlite");
        QCOMPARE(runCli({"import", "--db", db, "--csv",
                            QString::fromStdString(iolens::test::tieredCsvPath())})
                     .exitCode,
            0);
        const QString out = m_dir.filePath("conservation.json");
        CliResult r = runCli({"conservation", "--db", db, "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(
            r.out.contains("34 read/write mixes from 68 pure measurements"), qPrintable(r.out));
        QFile report(out);
        QVERIFY(report.open(QIODevice::ReadOnly));
        QVERIFY(report.readAll().contains("\"f_rw\""));
        r = runCli({"conservation", "--db", db, "--dataset", "nope", "--out", out});
        QCOMPARE(r.exitCode, 2);
    }

private:
    QTemporaryDir m_dir;
};

IOLENS_TEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"

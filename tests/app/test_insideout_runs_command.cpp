// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli insideout --runs DIR`: per-run accuracy of each method and their density.
#include "support/cli_runner.hpp"
#include "support/low_level_run_data.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>

namespace {

using iolens::test::CliResult;
using iolens::test::runCli;

nlohmann::json readJson(const QString& path)
{
    std::ifstream in(path.toStdString());
    return nlohmann::json::parse(in);
}

} // namespace

class TestInsideOutRunsCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        iolens::test::writeLowLevelRun(m_dir.path(), "lin-rep1", 30, true, 11);
        iolens::test::writeLowLevelRun(m_dir.path(), "lin-rep2", 30, true, 12);
        iolens::test::writeLowLevelRun(m_dir.path(), "noise-rep1", 30, false, 13);
        iolens::test::writeLowLevelRun(m_dir.path(), "short-rep1", 5, true, 14);
    }

    void runs_printAccuracyPerMethodAndWriteJson()
    {
        const QString out = m_dir.filePath(QStringLiteral("report.json"));
        const CliResult r = runCli({"insideout", "--runs", m_dir.path(), "--window", "1", "--folds",
            "5", "--methods", "insideout,lasso", "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("short-rep1: 5 samples, 12 features, skipped "
                                               "(too short: 5 samples, needs at least 10)")),
            qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("3 of 4 runs scored")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("lin-rep1: 30 samples, 12 features: Inside-Out ")));

        const nlohmann::json report = readJson(out);
        QCOMPARE(report["runs"].size(), std::size_t(4));
        QVERIFY(report["runs"][0]["accuracy"]["insideout"].get<double>() > 0.97);
        QVERIFY(report["runs"][2]["accuracy"]["lasso"].get<double>() < 0.5);
        QCOMPARE(
            report["runs"][3]["skipped"].get<std::string>().substr(0, 9), std::string("too short"));
        QCOMPARE(report["densities"].size(), std::size_t(2));
        const auto& density = report["densities"][0];
        QCOMPARE(density["method"].get<std::string>(), std::string("insideout"));
        QCOMPARE(density["runs"].get<int>(), 3);
        QCOMPARE(density["grid"].size(), density["density"].size());
        QVERIFY(density["bandwidth"].get<double>() > 0.0);
    }

    void runs_writeCsvOneRowPerRun()
    {
        const QString out = m_dir.filePath(QStringLiteral("report.csv"));
        const CliResult r = runCli({"insideout", "--runs", m_dir.path(), "--window", "1", "--folds",
            "5", "--methods", "ridge", "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        std::ifstream in(out.toStdString());
        const std::string csv(
            (std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        QVERIFY2(csv.rfind("run,samples,features,skipped,ridge\n", 0) == 0, csv.c_str());
        QVERIFY2(csv.find("\nshort-rep1,5,12,\"too short: 5 samples, needs at least 10\",\n")
                != std::string::npos,
            csv.c_str());
        QCOMPARE(std::count(csv.begin(), csv.end(), '\n'), 5L);
    }

    void badInput_exitsWithStatus2NamingTheProblem()
    {
        const CliResult missing = runCli({"insideout", "--runs", m_dir.filePath("nowhere")});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains(QStringLiteral("nowhere: not a directory of runs")),
            qPrintable(missing.err));

        const CliResult method = runCli({"insideout", "--runs", m_dir.path(), "--methods", "svm"});
        QCOMPARE(method.exitCode, 2);
        QVERIFY2(
            method.err.contains(QStringLiteral("unknown method 'svm'")), qPrintable(method.err));

        QTemporaryDir bad;
        iolens::test::writeLowLevelRun(bad.path(), "bad-rep1", 20, true, 3);
        iolens::test::writeFile(bad.path(), "bad-rep1.nodes.csv",
            "node,timestamp,disk_mbs\nnode0,1000,5\nnode0,1001,lots\n");
        const CliResult row = runCli({"insideout", "--runs", bad.path()});
        QCOMPARE(row.exitCode, 2);
        QVERIFY2(row.err.contains(QStringLiteral("bad-rep1.nodes.csv"))
                && row.err.contains(QStringLiteral("disk_mbs")),
            qPrintable(row.err));
    }

private:
    QTemporaryDir m_dir;
};

IOLENS_TEST_GUILESS_MAIN(TestInsideOutRunsCommand)
#include "test_insideout_runs_command.moc"

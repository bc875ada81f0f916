// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli insideout`: Inside-Out on low-level node metrics, end to end.
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

namespace {

using iolens::test::CliResult;
using iolens::test::runCli;

// Four storage nodes sampled every second for 10 minutes under a load that changes every
// minute; disk reads follow the load, memory wanders independently. The end-to-end throughput,
// sampled every 5 s, is 100 x load plus noise.
void writeInputs(const QString& dir)
{
    std::mt19937 rng(8);
    std::uniform_real_distribution<double> uniform(0.2, 1.0);
    std::normal_distribution<double> noise(0.0, 1.0);
    std::vector<double> load;
    for (int stage = 0; stage < 10; ++stage)
        load.insert(load.end(), 60, uniform(rng));
    std::ostringstream nodes, target;
    nodes << "node,timestamp,disk.read,mem.used\n";
    for (int node = 0; node < 4; ++node) {
        double memory = 1000.0;
        for (int t = 0; t < 600; ++t) {
            memory += 5.0 * noise(rng);
            nodes << "osd" << node << "," << t + 0.1 * node << ","
                  << 12.0 * load[std::size_t(t)] + noise(rng) << "," << memory << "\n";
        }
    }
    target << "timestamp,throughput\n";
    for (int t = 0; t < 600; t += 5)
        target << t << "," << 100.0 * load[std::size_t(t)] + 2.0 * noise(rng) << "\n";
    iolens::test::writeFile(dir, "nodes.csv", nodes.str());
    iolens::test::writeFile(dir, "e2e.csv", target.str());
}

} // namespace

class TestInsideOutCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        writeInputs(m_dir.path());
    }

    void insideout_writesModelAndCrossValidatedAccuracy()
    {
        const QString out = m_dir.filePath(QStringLiteral("report.json"));
        const CliResult r = runCli({"insideout", "--nodes", m_dir.filePath("nodes.csv"), "--target",
            m_dir.filePath("e2e.csv"), "--window", "30", "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.startsWith("Inside-Out on 4 nodes, 120 samples, 8 features"));
        std::ifstream file(out.toStdString());
        const nlohmann::json report = nlohmann::json::parse(file);
        QCOMPARE(report.at("samples").get<int>(), 120);
        QCOMPARE(report.at("cross_validation").at("folds").get<int>(), 10);
        // The throughput follows the smoothed disk reads: the CV accuracy (1 - MAPE) is high.
        const double accuracy = report.at("cross_validation").at("accuracy").get<double>();
        QVERIFY2(accuracy > 0.9, qPrintable(QString::number(accuracy)));
        QVERIFY(report.at("training").at("accuracy").get<double>() >= accuracy - 0.05);
        // The read features are kept; a lasso coefficient of sum(disk.read) or mean is non-zero.
        const auto& model = report.at("model");
        const auto names = model.at("names").get<std::vector<std::string>>();
        const auto kept = model.at("kept").get<std::vector<int>>();
        const auto slopes = model.at("slopes").get<std::vector<double>>();
        bool readsUsed = false;
        for (std::size_t i = 0; i < kept.size(); ++i)
            readsUsed = readsUsed
                || (names[std::size_t(kept[i])].find("disk.read") != std::string::npos
                    && slopes[i] != 0.0);
        QVERIFY(readsUsed);
    }

    void insideout_badInputExitsWithStatus2AndNamesTheCell()
    {
        const QString nodes = QString::fromStdString(iolens::test::writeFile(
            m_dir.path(), "bad.csv", "node,timestamp,cpu\na,0,1\na,1,high\n"));
        const CliResult r = runCli({"insideout", "--nodes", nodes, "--target",
            m_dir.filePath("e2e.csv"), "--out", m_dir.filePath("never.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("bad.csv: row 3, column 'cpu': 'high' is not a number"),
            qPrintable(r.err));
        const CliResult missing = runCli({"insideout", "--nodes", m_dir.filePath("nodes.csv"),
            "--target", m_dir.filePath("e2e.csv")});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("--out"));
        const CliResult filter = runCli({"insideout", "--nodes", m_dir.filePath("nodes.csv"),
            "--target", m_dir.filePath("e2e.csv"), "--filter", "pca", "--out",
            m_dir.filePath("never.json")});
        QCOMPARE(filter.exitCode, 2);
        // A bad window, step or tolerance names its option (the message named all three).
        const std::vector<std::pair<QString, QString>> options {
            {"--window", "-5"}, {"--step", "0"}, {"--tolerance", "-1"}};
        for (const auto& [option, value] : options) {
            const CliResult bad = runCli({"insideout", "--nodes", m_dir.filePath("nodes.csv"),
                "--target", m_dir.filePath("e2e.csv"), option, value, "--out",
                m_dir.filePath("never.json")});
            QCOMPARE(bad.exitCode, 2);
            QVERIFY2(bad.err.contains(option + " expects seconds") && bad.err.contains(value),
                qPrintable(bad.err));
        }
    }

    void insideout_nanosecondTimestampsExitWithStatus2()
    {
        // The audit's case: nanoseconds since 1970 in both files ended in SIGSEGV, no message.
        std::ostringstream nodes, target;
        nodes << "node,timestamp,cpu\n";
        target << "timestamp,throughput\n";
        for (long long t = 0; t < 300; ++t) {
            const long long ns = 1795332516000000000LL + t * 1000000000LL;
            nodes << "a," << ns << "," << 50 + t % 7 << "\nb," << ns << "," << 40 + t % 5 << "\n";
            target << ns << "," << 200 + t % 11 << "\n";
        }
        const QString nodesPath = QString::fromStdString(
            iolens::test::writeFile(m_dir.path(), "ns-nodes.csv", nodes.str()));
        const QString targetPath = QString::fromStdString(
            iolens::test::writeFile(m_dir.path(), "ns-target.csv", target.str()));
        const CliResult r = runCli({"insideout", "--nodes", nodesPath, "--target", targetPath,
            "--out", m_dir.filePath("never.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("ns-nodes.csv: row 2, column 'timestamp': '1795332516000000000' "
                                "is too large"),
            qPrintable(r.err));
        QVERIFY(!QFile::exists(m_dir.filePath("never.json")));
    }

private:
    QTemporaryDir m_dir;
};

IOLENS_TEST_GUILESS_MAIN(TestInsideOutCommand)
#include "test_insideout_command.moc"

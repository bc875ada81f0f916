// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli stability`: the SBCART paper's stability check on a database selection.
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

using iolens::test::CliResult;
using iolens::test::runCli;

/// A figure of the output: "mean relative change of the predictions X, largest Y".
double figure(const QString& output, const char* name)
{
    const QString pattern = name == QStringLiteral("largest")
        ? QStringLiteral("largest ([0-9.e+-]+)")
        : QStringLiteral("of the predictions ([0-9.e+-]+)");
    const auto match = QRegularExpression(pattern).match(output);
    return match.hasMatch() ? match.captured(1).toDouble() : -1.0;
}

} // namespace

class TestStabilityCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("tiered.sqlite"));
        const CliResult r = runCli({"import", "--db", m_db, "--csv",
            QString::fromStdString(iolens::test::tieredCsvPath())});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    // The same seed gives the same figures; SBCART's largest change is smaller than that of the
    // CART its trees are made of (minsplit 10, cp 0), as the core test shows for this grid.
    void stability_reportsRelativeChange()
    {
        const QStringList common {"stability", "--db", m_db, "--metric", "rt_read_ms", "--remove",
            "4", "--repeats", "10", "--seed", "5"};
        const QStringList cartArguments {
            "--technique", "cart", "--param", "minsplit=10", "--param", "cp=0"};
        const CliResult cart = runCli(common + cartArguments);
        QVERIFY2(cart.exitCode == 0, qPrintable(cart.err));
        QVERIFY(cart.out.contains("10 repeats without 4 of them"));
        const CliResult again = runCli(common + cartArguments);
        QCOMPARE(again.out, cart.out);
        const CliResult sbcart = runCli(common + QStringList {"--technique", "sbcart"});
        QVERIFY2(sbcart.exitCode == 0, qPrintable(sbcart.err));
        QVERIFY(figure(cart.out, "mean") > 0.0);
        QVERIFY(figure(sbcart.out, "mean") > 0.0);
        QVERIFY(figure(sbcart.out, "largest") < figure(cart.out, "largest"));
    }

    void stability_badInputExitsWith2_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("unknown technique")
            << QStringList {"--technique", "nope", "--metric", "rt_read_ms"};
        QTest::newRow("unknown metric") << QStringList {"--technique", "cart", "--metric", "speed"};
        QTest::newRow("remove 0") << QStringList {
            "--technique", "cart", "--metric", "rt_read_ms", "--remove", "0"};
        QTest::newRow("remove every row")
            << QStringList {"--technique", "cart", "--metric", "rt_read_ms", "--remove", "100000"};
        QTest::newRow("bad parameter")
            << QStringList {"--technique", "sbcart", "--metric", "rt_read_ms", "--param", "keep=7"};
        QTest::newRow("missing technique") << QStringList {"--metric", "rt_read_ms"};
    }
    void stability_badInputExitsWith2()
    {
        QFETCH(QStringList, arguments);
        const CliResult r = runCli(QStringList {"stability", "--db", m_db} + arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!r.err.isEmpty());
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

IOLENS_TEST_GUILESS_MAIN(TestStabilityCommand)
#include "test_stability_command.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// Accuracy on configurations nobody measured, from the command line: `predict --interval`,
// `optimize --cv grouped`, `optimize --technique auto`, `evaluate --scenario grouped` and
// `describe` of an auto model, on the embedded fio-local grid.
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

using iolens::test::CliResult;
using iolens::test::runCli;

// The rows auto trains on here: the random runs of scheduler none (72 configurations, every
// level of the other factors). Its selection on all 300 takes minutes under the sanitizers, and
// these tests check the command line, not its accuracy.
const QString kAutoRows = QStringLiteral("scheduler=none,pattern=random");

QStringList csvLines(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    return QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

class TestAccuracyCommands : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("local.sqlite"));
        m_configs = QString::fromStdString(iolens::test::localCsvPath());
        CliResult r = runCli({"import", "--db", m_db, "--csv", m_configs});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runCli({"train", "--db", m_db, "--technique", "auto", "--metric", "rt_read_ms",
            "--where", kAutoRows, "--name", "auto_rt"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runCli({"train", "--db", m_db, "--technique", "cart", "--metric", "rt_read_ms",
            "--name", "cart_rt"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    // lower <= predicted <= upper on every row, after the unchanged columns.
    void predict_intervalAddsLowerAndUpper()
    {
        const QString out = m_dir.filePath(QStringLiteral("interval.csv"));
        const CliResult r = runCli({"predict", "--db", m_db, "--model", "auto_rt", "--configs",
            m_configs, "--out", out, "--interval", "0.8"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QStringList lines = csvLines(out);
        QVERIFY(lines.size() > 100);
        QCOMPARE(lines.first(),
            QStringLiteral("scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms,"
                           "predicted,lower,upper"));
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QStringList fields = lines[i].split(QLatin1Char(','));
            QCOMPARE(fields.size(), 10);
            const double predicted = fields[7].toDouble();
            const double lower = fields[8].toDouble();
            const double upper = fields[9].toDouble();
            QVERIFY2(lower > 0.0 && lower <= predicted && predicted <= upper, qPrintable(lines[i]));
            QVERIFY(lower < upper);
        }
        // Without --interval the output is what it always was.
        const QString plain = m_dir.filePath(QStringLiteral("plain.csv"));
        const CliResult p = runCli({"predict", "--db", m_db, "--model", "auto_rt", "--configs",
            m_configs, "--out", plain});
        QVERIFY2(p.exitCode == 0, qPrintable(p.err));
        const QStringList plainLines = csvLines(plain);
        QVERIFY(plainLines.first().endsWith(QStringLiteral(",vms,predicted")));
        QCOMPARE(plainLines[1], lines[1].section(QLatin1Char(','), 0, 7));
    }

    // Beyond the largest request size trained on, predict's note names both request-size laws
    // the answer keeps to (request_bound.hpp).
    void predict_notesTheRequestSizeLawsBeyondTheTop()
    {
        const std::string configs = iolens::test::writeFile(m_dir.path(), "larger.csv",
            "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms\n"
            "none,1073741824,65536,random,50,16,1\nnone,1073741824,262144,random,50,16,1\n");
        const CliResult r = runCli({"predict", "--db", m_db, "--model", "auto_rt", "--configs",
            QString::fromStdString(configs), "--out",
            m_dir.filePath(QStringLiteral("larger-out.csv"))});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(
            r.err.contains("1 of 2 configurations lies beyond the trained range of request_kib"),
            qPrintable(r.err));
        QVERIFY2(r.err.contains(", above it between a fixed cost plus a transfer time and a time "
                                "in proportion to the request size (see describe)"),
            qPrintable(r.err));
    }

    void predict_badIntervalExitsWith2_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("level");
        QTest::addColumn<QString>("message");
        QTest::newRow("zero") << "auto_rt"
                              << "0"
                              << "--interval";
        QTest::newRow("one") << "auto_rt"
                             << "1"
                             << "--interval";
        QTest::newRow("above one") << "auto_rt"
                                   << "80"
                                   << "--interval";
        QTest::newRow("negative") << "auto_rt"
                                  << "-0.5"
                                  << "--interval";
        QTest::newRow("not a number") << "auto_rt"
                                      << "wide"
                                      << "--interval";
        QTest::newRow("no intervals") << "cart_rt"
                                      << "0.8"
                                      << "only technique auto";
    }
    void predict_badIntervalExitsWith2()
    {
        QFETCH(QString, model);
        QFETCH(QString, level);
        QFETCH(QString, message);
        const QString out = m_dir.filePath(QStringLiteral("bad.csv"));
        const CliResult r = runCli({"predict", "--db", m_db, "--model", model, "--configs",
            m_configs, "--out", out, "--interval", level});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        if (model == QStringLiteral("cart_rt"))
            QVERIFY2(r.err.contains(QStringLiteral("'cart_rt'")), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
    }

    void optimize_groupedCvStoresModel()
    {
        const CliResult r = runCli(
            {"optimize", "--db", m_db, "--technique", "cart", "--metric", "rt_read_ms", "--k", "2",
                "--n", "2", "--iterations", "2", "--cv", "grouped", "--name", "cart_grouped"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("grouped CV mean |log ratio|")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("model cart_grouped stored")));
        const CliResult info = runCli({"info", m_db});
        QVERIFY(info.out.contains(QStringLiteral("model cart_grouped: cart")));
    }

    void optimize_badValuesExitWith2_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("unknown cv") << QStringList {"--technique", "cart", "--cv", "kfold"};
        QTest::newRow("empty cv") << QStringList {"--technique", "cart", "--cv", ""};
        QTest::newRow("auto resumed") << QStringList {"--technique", "auto", "--resume", "1"};
        QTest::newRow("auto random cv") << QStringList {"--technique", "auto", "--cv", "random"};
    }
    void optimize_badValuesExitWith2()
    {
        QFETCH(QStringList, arguments);
        const CliResult r = runCli(
            QStringList {"optimize", "--db", m_db, "--metric", "rt_read_ms", "--name", "never"}
            + arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!r.err.isEmpty());
        QVERIFY(!runCli({"info", m_db}).out.contains(QStringLiteral("model never")));
    }

    // The auto model's selection is its search: stored under --name, every candidate printed;
    // describe shows the same scores from the stored model.
    void optimize_autoStoresModelAndDescribeShowsCandidates()
    {
        const CliResult r = runCli({"optimize", "--db", m_db, "--technique", "auto", "--metric",
            "rt_write_ms", "--where", kAutoRows, "--name", "auto_write"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QStringLiteral("candidate")));
        QVERIFY(r.out.contains(QStringLiteral("mars log")));
        QVERIFY(r.out.contains(QStringLiteral("chosen:")));
        // Whether the residuals are smoothed, decided on the same grouped CV, is printed too.
        QVERIFY2(r.out.contains(QStringLiteral("residual smoothing: ")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("model auto_write stored")));
        const CliResult d = runCli({"describe", "--db", m_db, "--model", "auto_write"});
        QVERIFY2(d.exitCode == 0, qPrintable(d.err));
        QVERIFY(d.out.contains(QStringLiteral("grouped cross-validation")));
        QVERIFY(d.out.contains(QStringLiteral("mars log")));
        QVERIFY(d.out.contains(QStringLiteral("Chosen:")));
        QVERIFY(d.out.contains(QStringLiteral("prediction interval")));
        QVERIFY(d.out.contains(QStringLiteral("residual smoothing: ")));
    }

    // The data is a closed workload (16 threads back to back): a throughput is composed from the
    // two response-time models, which optimize prints and describe explains; grouped CV
    // evaluates it like any model. On fio-tiered (106 configurations): its grouped CV refits both
    // time models per level, which on fio-local's 300 took over 5 minutes under the sanitizers.
    void optimize_autoComposesAClosedWorkloadsThroughput()
    {
        const QString db = m_dir.filePath(QStringLiteral("tiered.sqlite"));
        const CliResult imported = runCli(
            {"import", "--db", db, "--csv", QString::fromStdString(iolens::test::tieredCsvPath())});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
        const CliResult r = runCli({"optimize", "--db", db, "--technique", "auto", "--metric",
            "tp_read_mbs", "--name", "auto_tp"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("tp_read_mbs composed by Little's law")),
            qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("read response time:")));
        QVERIFY(r.out.contains(QStringLiteral("write response time:")));
        QVERIFY(r.out.contains(QStringLiteral("model auto_tp stored")));
        const CliResult d = runCli({"describe", "--db", db, "--model", "auto_tp"});
        QVERIFY2(d.exitCode == 0, qPrintable(d.err));
        QVERIFY(d.out.contains(QStringLiteral("Write response time model:")));
        const CliResult e = runCli({"evaluate", "--db", db, "--model", "auto_tp", "--scenario",
            "grouped", "--out", m_dir.filePath(QStringLiteral("composed.json"))});
        QVERIFY2(e.exitCode == 0, qPrintable(e.err));
        QVERIFY2(e.out.contains(QStringLiteral("interpolation ")), qPrintable(e.out));
    }

    void evaluate_groupedReportsInterpolationAndExtrapolation()
    {
        const QString out = m_dir.filePath(QStringLiteral("grouped.json"));
        const CliResult r = runCli({"evaluate", "--db", m_db, "--model", "cart_rt", "--scenario",
            "grouped", "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("grouped CV (levels left out): interpolation ")),
            qPrintable(r.out));
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject model = QJsonDocument::fromJson(file.readAll())
                                      .object()[QStringLiteral("models")]
                                      .toArray()
                                      .first()
                                      .toObject();
        const QJsonObject grouped = model[QStringLiteral("grouped")].toObject();
        const double interpolation
            = grouped[QStringLiteral("interpolation_mean_relative_error")].toDouble(-1.0);
        const double extrapolation
            = grouped[QStringLiteral("extrapolation_mean_relative_error")].toDouble(-1.0);
        QVERIFY(interpolation > 0.0 && interpolation < 1.0);
        QVERIFY(extrapolation > 0.0);
        QVERIFY(grouped[QStringLiteral("levels")].toArray().size() >= 3);
        QVERIFY(grouped[QStringLiteral("interval_coverage")].isNull()); // CART has no intervals
    }

    void evaluate_groupedTakesNoFurtherClauses()
    {
        const CliResult r = runCli({"evaluate", "--db", m_db, "--model", "cart_rt", "--scenario",
            "grouped,request_kib>4", "--out", m_dir.filePath(QStringLiteral("x.json"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("grouped")), qPrintable(r.err));
    }

    // A CSV that writes 0 where a direction has no requests (write metrics at 100 % reads,
    // read metrics at 0 %) instead of leaving the cell empty: a model on the log scale (lm's
    // default, and auto's only) trains on it as on the empty cells and predicts the same.
    void train_takesZerosOfADirectionWithoutRequestsAsNoValue()
    {
        QStringList lines = csvLines(m_configs);
        QVERIFY(lines.size() > 300);
        const QStringList header = lines.first().split(QLatin1Char(','));
        int zeros = 0;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            QStringList fields = lines[i].split(QLatin1Char(','));
            for (qsizetype c = 0; c < fields.size(); ++c)
                if (fields[c].isEmpty() && header[c].contains(QLatin1Char('_'))
                    && (header[c].startsWith(QLatin1String("rt_"))
                        || header[c].startsWith(QLatin1String("tp_")))) {
                    fields[c] = QStringLiteral("0");
                    ++zeros;
                }
            lines[i] = fields.join(QLatin1Char(','));
        }
        QVERIFY(zeros > 100);
        const QString csv = m_dir.filePath(QStringLiteral("zeros.csv"));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
        file.write(lines.join(QLatin1Char('\n')).toUtf8() + "\n");
        file.close();
        const QString db = m_dir.filePath(QStringLiteral("zeros.sqlite"));
        CliResult r = runCli({"import", "--db", db, "--csv", csv});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        for (const QString& metric :
            {QStringLiteral("tp_write_mbs"), QStringLiteral("rt_read_ms")}) {
            r = runCli(
                {"train", "--db", db, "--technique", "lm", "--metric", metric, "--name", metric});
            QVERIFY2(r.exitCode == 0, qPrintable(metric + r.err));
            r = runCli({"train", "--db", m_db, "--technique", "lm", "--metric", metric, "--name",
                "empty_" + metric});
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            const QString a = m_dir.filePath(metric + QStringLiteral("_zeros.csv"));
            const QString b = m_dir.filePath(metric + QStringLiteral("_empty.csv"));
            QCOMPARE(runCli({"predict", "--db", db, "--model", metric, "--configs", m_configs,
                                "--out", a})
                         .exitCode,
                0);
            QCOMPARE(runCli({"predict", "--db", m_db, "--model", "empty_" + metric, "--configs",
                                m_configs, "--out", b})
                         .exitCode,
                0);
            QCOMPARE(csvLines(a), csvLines(b));
        }
        // auto too (on kAutoRows): its composed write throughput fits both response times.
        r = runCli({"train", "--db", db, "--technique", "auto", "--metric", "tp_write_mbs",
            "--where", kAutoRows, "--name", "auto_zeros"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runCli({"describe", "--db", db, "--model", "auto_zeros"});
        QVERIFY2(r.out.contains(QStringLiteral("Write response time model:")), qPrintable(r.out));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
    QString m_configs;
};

IOLENS_TEST_GUILESS_MAIN(TestAccuracyCommands)
#include "test_accuracy_commands.moc"

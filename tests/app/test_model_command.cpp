// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli model export` and `model import`: a stored model travels to another database as a
// file and predicts bit-identically there; a bad model file exits 2 and changes nothing.
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

using iolens::test::CliResult;
using iolens::test::runCli;

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(bytes);
}

} // namespace

class TestModelCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("source.sqlite"));
        m_configs = QString::fromStdString(iolens::test::tieredCsvPath());
        CliResult r = runCli({"import", "--db", m_db, "--csv", m_configs});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runCli({"train", "--db", m_db, "--technique", "cubist", "--metric", "tp_read_mbs",
            "--where", "request_kib<=16", "--name", "cubist_tp"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    void exportImport_predictsBitIdentically()
    {
        const QString file = m_dir.filePath(QStringLiteral("cubist_tp.json"));
        CliResult r
            = runCli({"model", "export", "--db", m_db, "--model", "cubist_tp", "--out", file});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject json = QJsonDocument::fromJson(fileBytes(file)).object();
        QCOMPARE(
            json.value(QStringLiteral("format")).toString(), QStringLiteral("iolens-model-file"));
        QCOMPARE(json.value(QStringLiteral("technique")).toString(), QStringLiteral("cubist"));
        const QJsonObject training = json.value(QStringLiteral("training")).toObject();
        QCOMPARE(
            training.value(QStringLiteral("where")).toString(), QStringLiteral("request_kib<=16"));
        QCOMPARE(training.value(QStringLiteral("data_sha256")).toString().size(), 64);
        QVERIFY(json.value(QStringLiteral("model")).toObject().contains(QStringLiteral("schema")));

        // Into a database that does not exist yet, under another name.
        const QString other = m_dir.filePath(QStringLiteral("other.sqlite"));
        r = runCli({"model", "import", "--db", other, "--file", file, "--name", "theirs"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString ours = m_dir.filePath(QStringLiteral("ours.csv"));
        const QString theirs = m_dir.filePath(QStringLiteral("theirs.csv"));
        r = runCli({"predict", "--db", m_db, "--model", "cubist_tp", "--configs", m_configs,
            "--out", ours});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runCli({"predict", "--db", other, "--model", "theirs", "--configs", m_configs, "--out",
            theirs});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(fileBytes(ours).size() > 1000);
        QCOMPARE(fileBytes(theirs), fileBytes(ours));

        // Exported again, the model is the same.
        const QString again = m_dir.filePath(QStringLiteral("again.json"));
        r = runCli({"model", "export", "--db", other, "--model", "theirs", "--out", again});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(QJsonDocument::fromJson(fileBytes(again)).object().value(QStringLiteral("model")),
            json.value(QStringLiteral("model")));
    }

    void badFile_exits2AndChangesNothing_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QByteArray("{\"format\": ") << QStringLiteral("bad.json");
        QTest::newRow("other format")
            << QByteArray("{\"format\": \"csv\", \"version\": 1}") << QStringLiteral("'format'");
        QTest::newRow("newer") << QByteArray("{\"format\": \"iolens-model-file\", \"version\": 9}")
                               << QStringLiteral("newer");
    }

    void badFile_exits2AndChangesNothing()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
        writeBytes(bad, text);
        const QByteArray before = fileBytes(m_db);
        const CliResult r = runCli({"model", "import", "--db", m_db, "--file", bad});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(fileBytes(m_db), before);
        // A database that did not exist is not created by a refused import.
        const QString fresh = m_dir.filePath(QStringLiteral("fresh.sqlite"));
        QCOMPARE(runCli({"model", "import", "--db", fresh, "--file", bad}).exitCode, 2);
        QVERIFY(!QFile::exists(fresh));
    }

    void damagedModelAndTakenName_exit2()
    {
        const QString file = m_dir.filePath(QStringLiteral("good.json"));
        QCOMPARE(runCli({"model", "export", "--db", m_db, "--model", "cubist_tp", "--out", file})
                     .exitCode,
            0);
        // The name is taken in the source database: refused, nothing replaced.
        CliResult r = runCli({"model", "import", "--db", m_db, "--file", file});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("exists already")), qPrintable(r.err));
        // An unknown technique inside the model: refused, naming the field.
        QByteArray text = fileBytes(file);
        text.replace("\"technique\": \"cubist\"", "\"technique\": \"nosuch\"");
        const QString damaged = m_dir.filePath(QStringLiteral("damaged.json"));
        writeBytes(damaged, text);
        r = runCli({"model", "import", "--db", m_db, "--file", damaged, "--name", "x"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("damaged.json")), qPrintable(r.err));
        // No action, or an unknown one.
        QCOMPARE(runCli({"model", "--db", m_db}).exitCode, 2);
        QCOMPARE(runCli({"model", "publish", "--db", m_db}).exitCode, 2);
        QCOMPARE(
            runCli({"model", "export", "--db", m_db, "--model", "nosuch", "--out", file}).exitCode,
            2);
    }

private:
    QTemporaryDir m_dir;
    QString m_db, m_configs;
};

IOLENS_TEST_GUILESS_MAIN(TestModelCommand)
#include "test_model_command.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli evidence`: the window's evidence pack headless; bad input exits with status 2,
// says why, and writes nothing.
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using iolens::test::CliResult;
using iolens::test::kPaperTechniqueArguments;
using iolens::test::runCli;

namespace {

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestEvidenceCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void example_writesAVerifiablePack()
    {
        const QString out = m_dir.filePath(QStringLiteral("pack"));
        // The paper's five on fio-local: the recommended model's nested cross-validation there
        // would cost half a minute (minutes under the sanitizers); the tiered test below has it.
        const CliResult r = runCli(
            QStringList {"evidence", "--example", "local", "--scenario",
                "request=64KiB,read=30,pattern=sequential", "--size", "1200x800", "--out", out}
            + kPaperTechniqueArguments);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(out), qPrintable(r.out));
        const QDir pack(out);
        const QByteArray scenario = readAll(pack.filePath(QStringLiteral("scenario.txt")));
        QVERIFY2(scenario.startsWith("request=64KiB,read=30,"), scenario.constData());
        QVERIFY(
            readAll(pack.filePath(QStringLiteral("scenario.txt"))).contains("pattern=sequential"));

        const QJsonObject manifest
            = QJsonDocument::fromJson(readAll(pack.filePath(QStringLiteral("manifest.json"))))
                  .object();
        QCOMPARE(manifest.value(QStringLiteral("database"))
                     .toObject()
                     .value(QStringLiteral("dataset"))
                     .toString(),
            QStringLiteral("fio-local"));
        const QJsonArray files = manifest.value(QStringLiteral("files")).toArray();
        QVERIFY(files.size() >= 10);
        for (const QJsonValue& value : files) {
            const QString name = value.toObject().value(QStringLiteral("name")).toString();
            const QByteArray bytes = readAll(pack.filePath(name));
            QCOMPARE(value.toObject().value(QStringLiteral("sha256")).toString(),
                QString::fromLatin1(
                    QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()));
            if (name.endsWith(QLatin1String(".pdf")))
                QVERIFY2(bytes.startsWith("%PDF-"), qPrintable(name));
            if (name.endsWith(QLatin1String(".png"))) {
                QImageReader reader(pack.filePath(name));
                const QImage image = reader.read();
                QVERIFY2(!image.isNull(), qPrintable(name));
                QVERIFY(image.text(QStringLiteral("Scenario")).contains(QStringLiteral("read=30")));
                QVERIFY(image.text(QStringLiteral("Models")).contains(QStringLiteral("mars")));
                QCOMPARE(image.text(QStringLiteral("Database-SHA256")),
                    manifest.value(QStringLiteral("database"))
                        .toObject()
                        .value(QStringLiteral("sha256"))
                        .toString());
            }
        }
        // The same command again replaces its own earlier pack.
        const CliResult again = runCli(QStringList {"evidence", "--example", "local", "--out", out}
            + kPaperTechniqueArguments);
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    }

    // A model `iolens-cli train` stored is in the pack, as the window shows it, with its origin.
    void storedModel_isInTheModelsJson()
    {
        const QString db = m_dir.filePath(QStringLiteral("stored.sqlite"));
        const QString csv = QString::fromStdString(iolens::test::tieredCsvPath());
        CliResult r = runCli({"import", "--db", db, "--csv", csv});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runCli({"train", "--db", db, "--technique", "cubist", "--metric", "tp_read_mbs",
            "--name", "cubist-tuned"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString out = m_dir.filePath(QStringLiteral("stored-pack"));
        r = runCli(QStringList {"evidence", "--db", db, "--size", "1000x700", "--out", out}
            + kPaperTechniqueArguments);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QByteArray models = readAll(QDir(out).filePath(QStringLiteral("models.json")));
        QVERIFY2(models.contains("\"cubist-tuned\""), models.left(400).constData());
        QVERIFY(models.contains("\"stored\""));
        // --technique: the window's own models in the order given, then the stored one.
        const QJsonArray entries
            = QJsonDocument::fromJson(models).object().value(QStringLiteral("models")).toArray();
        QStringList techniques;
        for (const QJsonValue& entry : entries) {
            const QString technique
                = entry.toObject().value(QStringLiteral("technique")).toString();
            if (!techniques.contains(technique))
                techniques << technique;
        }
        QCOMPARE(techniques, QStringList({"lm", "mars", "cart", "m5", "cubist"}));
        // Naming a model the database does not have exits 2 before any training.
        r = runCli({"evidence", "--db", db, "--stored-models", "cubist-tuned,nosuch", "--out",
            m_dir.filePath(QStringLiteral("never"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("nosuch")), qPrintable(r.err));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("never/manifest.json"))));
    }

    void badInput_exitsWithStatus2AndSaysWhy_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString occupied = m_dir.filePath(QStringLiteral("occupied"));
        QDir().mkpath(occupied);
        QFile note(occupied + QStringLiteral("/notes.txt"));
        QVERIFY(note.open(QIODevice::WriteOnly));
        note.write("mine");
        const QString fresh = m_dir.filePath(QStringLiteral("fresh"));
        QTest::newRow("no out") << QStringList {"evidence"} << QStringLiteral("--out");
        QTest::newRow("unknown technique") << QStringList {"evidence", "--technique", "auto",
            "--technique", "magic", "--out",
            fresh} << QStringLiteral("evidence: --technique: unknown technique 'magic'");
        QTest::newRow("occupied folder")
            << QStringList {"evidence", "--out", occupied} << QStringLiteral("not empty");
        QTest::newRow("scenario") << QStringList {"evidence", "--scenario", "request=huge", "--out",
            fresh} << QStringLiteral("request=huge");
        QTest::newRow("stored models") << QStringList {"evidence", "--stored-models", "a,,b",
            "--out", fresh} << QStringLiteral("--stored-models");
        QTest::newRow("example") << QStringList {"evidence", "--example", "moon", "--out", fresh}
                                 << QStringLiteral("unknown example 'moon'");
        QTest::newRow("database and example") << QStringList {"evidence", "--db",
            m_dir.filePath("missing.sqlite"), "--example", "local", "--out",
            fresh} << QStringLiteral("evidence: give --db or --example, not both");
        QTest::newRow("database") << QStringList {"evidence", "--db",
            m_dir.filePath("missing.sqlite"), "--out", fresh}
                                  << QStringLiteral("missing.sqlite");
    }
    void badInput_exitsWithStatus2AndSaysWhy()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliResult r = runCli(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("fresh/manifest.json"))));
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("occupied/notes.txt"))));
    }

private:
    QTemporaryDir m_dir;
};

IOLENS_TEST_GUILESS_MAIN(TestEvidenceCommand)
#include "test_evidence_command.moc"

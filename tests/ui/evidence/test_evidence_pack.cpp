// SPDX-License-Identifier: GPL-3.0-or-later
// The evidence pack of the window on the embedded example: every file is there, the PNGs carry
// the scenario, models and database hash, the PDFs are PDFs, the manifest's hashes are the
// files', scenario.txt reads back to the window's scenario and each serialized model loads and
// predicts what the window's model predicts.
#include "data/scenario_text.hpp"
#include "document/document_controller.hpp"
#include "evidence/evidence_pack.hpp"
#include "models/trained_model.hpp"
#include "prediction/model_controller.hpp"
#include "scenario/scenario_panel.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_registry.hpp"
#include "window/main_window.hpp"

#include <QCryptographicHash>
#include <QFile>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace iolens::ui;
namespace core = iolens::core;

namespace {

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString sha256Of(const QString& path)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(readAll(path), QCryptographicHash::Sha256).toHex());
}

QJsonObject readJson(const QString& path)
{
    return QJsonDocument::fromJson(readAll(path)).object();
}

} // namespace

class TestEvidencePack : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        iolens::test::useIsolatedSettings("test_evidence_pack");
        iolens::test::choosePaperTechniques();
        QVERIFY(m_dir.isValid());
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorDialogsEnabled(false);
        QVERIFY(m_window->documents()->openExample(Example::Tiered));
        m_window->scenarioPanel()->setScenario(core::parseScenarioText(
            "request=16KiB,read=70", m_window->scenarioPanel()->scenario()));
        m_window->resize(1200, 800);
        m_window->show();
        const ModelController* models = m_window->models();
        QTRY_VERIFY_WITH_TIMEOUT(
            !models->entries().empty() && !models->isTraining() && !models->isValidating(), 120000);
        m_result = writeEvidencePack(*m_window, m_dir.path());
    }

    void everyPartIsWritten()
    {
        for (const char* name : {"scenario.txt", "models.json", "manifest.json", "SHA256SUMS",
                 "views/cdf.png", "views/cdf.pdf", "views/measurements.png",
                 "views/measurements.pdf", "views/models.png"})
            QVERIFY2(QFile::exists(m_dir.filePath(QString::fromLatin1(name))), name);
        QVERIFY(m_result.modelCount >= 4);
        QCOMPARE(m_result.files.last(), QStringLiteral("SHA256SUMS"));
    }

    void pngs_carryScenarioModelsAndDatabaseHash()
    {
        const QJsonObject manifest = readJson(m_dir.filePath(QStringLiteral("manifest.json")));
        const QString databaseHash = manifest.value(QStringLiteral("database"))
                                         .toObject()
                                         .value(QStringLiteral("sha256"))
                                         .toString();
        QCOMPARE(databaseHash.size(), 64);
        const QString scenario
            = QString::fromStdString(core::scenarioText(m_window->scenarioPanel()->scenario()));
        int pngs = 0;
        for (const QString& name : m_result.files) {
            if (!name.endsWith(QLatin1String(".png")))
                continue;
            ++pngs;
            QImageReader reader(m_dir.filePath(name));
            const QImage image = reader.read();
            QVERIFY2(!image.isNull(), qPrintable(name + reader.errorString()));
            QVERIFY(image.width() >= 100 && image.height() >= 100);
            QCOMPARE(image.text(QStringLiteral("Scenario")), scenario);
            QVERIFY(image.text(QStringLiteral("Models")).contains(QStringLiteral("cart")));
            QCOMPARE(image.text(QStringLiteral("Database-SHA256")), databaseHash);
            QVERIFY(image.text(QStringLiteral("Software")).startsWith(QStringLiteral("iolens ")));
            QVERIFY(!image.text(QStringLiteral("Title")).isEmpty());
        }
        QVERIFY(pngs >= 5);
    }

    void pdfs_arePdfs()
    {
        int pdfs = 0;
        for (const QString& name : m_result.files) {
            if (!name.endsWith(QLatin1String(".pdf")))
                continue;
            ++pdfs;
            QVERIFY2(readAll(m_dir.filePath(name)).startsWith("%PDF-"), qPrintable(name));
        }
        QVERIFY(pdfs >= 5);
    }

    void manifestHashes_matchTheFiles()
    {
        const QJsonObject manifest = readJson(m_dir.filePath(QStringLiteral("manifest.json")));
        QCOMPARE(manifest.value(QStringLiteral("format")).toString(),
            QStringLiteral("iolens-evidence-pack"));
        const QJsonArray files = manifest.value(QStringLiteral("files")).toArray();
        QCOMPARE(files.size(), m_result.files.size() - 2); // all but the manifest and SHA256SUMS
        for (const QJsonValue& value : files) {
            const QJsonObject file = value.toObject();
            const QString path = m_dir.filePath(file.value(QStringLiteral("name")).toString());
            QCOMPARE(file.value(QStringLiteral("sha256")).toString(), sha256Of(path));
            QCOMPARE(file.value(QStringLiteral("bytes")).toInteger(), QFileInfo(path).size());
        }
        // SHA256SUMS holds the manifest's hash too, in sha256sum's format.
        const QString sums
            = QString::fromUtf8(readAll(m_dir.filePath(QStringLiteral("SHA256SUMS"))));
        QVERIFY(sums.contains(sha256Of(m_dir.filePath(QStringLiteral("manifest.json")))
            + QStringLiteral("  manifest.json\n")));
    }

    void scenarioText_readsBackToTheWindowsScenario()
    {
        const QString text
            = QString::fromUtf8(readAll(m_dir.filePath(QStringLiteral("scenario.txt"))));
        const core::Configuration parsed
            = core::parseScenarioText(text.trimmed().toStdString(), core::Configuration {});
        QCOMPARE(parsed, m_window->scenarioPanel()->scenario());
        QCOMPARE(parsed.readPct, 70.0);
    }

    void serializedModels_matchTheirHashAndPredictAlike()
    {
        const QJsonObject summary = readJson(m_dir.filePath(QStringLiteral("models.json")));
        const QJsonArray models = summary.value(QStringLiteral("models")).toArray();
        QCOMPARE(models.size(), m_result.modelCount);
        const core::Configuration scenario = m_window->scenarioPanel()->scenario();
        for (const QJsonValue& value : models) {
            const QJsonObject model = value.toObject();
            const QString path
                = m_dir.filePath(model.value(QStringLiteral("serialized")).toString());
            QCOMPARE(model.value(QStringLiteral("serialized_sha256")).toString(), sha256Of(path));
            QVERIFY(!model.value(QStringLiteral("parameters")).toObject().isEmpty());
            QCOMPARE(model.value(QStringLiteral("cross_validation"))
                         .toObject()
                         .value(QStringLiteral("state"))
                         .toString(),
                QStringLiteral("done"));
            const auto loaded
                = core::TrainedModel::fromJson(nlohmann::json::parse(readAll(path).toStdString()));
            const int entry
                = m_window->models()->entryIndex(model.value(QStringLiteral("label")).toString());
            QVERIFY(entry >= 0);
            const core::TrainedModel* original
                = m_window->models()->entries()[static_cast<std::size_t>(entry)].model(
                    loaded.metric());
            QVERIFY(original);
            QCOMPARE(loaded.predict(scenario), original->predict(scenario));
        }
    }

    void secondExport_replacesTheEarlierPack()
    {
        const EvidencePackResult again = writeEvidencePack(*m_window, m_dir.path());
        QCOMPARE(again.files.size(), m_result.files.size());
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    EvidencePackResult m_result;
};

IOLENS_TEST_MAIN(TestEvidencePack)
#include "test_evidence_pack.moc"

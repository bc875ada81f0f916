// SPDX-License-Identifier: GPL-3.0-or-later
#include "evidence/evidence_pack.hpp"

#include "common/error.hpp"
#include "common/version.hpp"
#include "data/scenario_text.hpp"
#include "document/document.hpp"
#include "document/document_controller.hpp"
#include "evidence/evidence_folder.hpp"
#include "evidence/evidence_hashes.hpp"
#include "evidence/evidence_manifest.hpp"
#include "evidence/evidence_models.hpp"
#include "evidence/evidence_views.hpp"
#include "prediction/model_controller.hpp"
#include "scenario/scenario_panel.hpp"
#include "window/main_window.hpp"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace iolens::ui {

namespace {

void writeFile(const QString& folder, const EvidenceFile& file)
{
    const QString path = QDir(folder).filePath(file.name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || out.write(file.bytes) != file.bytes.size())
        throw core::Error("evidence: " + path.toStdString() + ": cannot write ("
            + out.errorString().toStdString() + ")");
}

QString modelLabels(const ModelController& models)
{
    QStringList labels;
    for (const ModelEntry& entry : models.entries())
        labels.push_back(entry.label);
    return labels.join(QStringLiteral(", "));
}

} // namespace

EvidencePackResult writeEvidencePack(MainWindow& window, const QString& folder)
{
    const Document* document = window.documents()->document();
    if (!document)
        throw core::ConfigError("evidence: no database is open");
    prepareEvidenceFolder(folder);

    ManifestInput manifest;
    manifest.software = QStringLiteral("iolens ") + QString::fromLatin1(kVersion);
    manifest.created = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    manifest.scenario
        = QString::fromStdString(core::scenarioText(window.scenarioPanel()->scenario()));
    manifest.database = databaseFingerprint(*document);
    manifest.runs = static_cast<int>(document->runs.size());

    const EvidenceTexts texts {manifest.scenario, modelLabels(*window.models()),
        manifest.database.dataset, manifest.database.sha256, manifest.software, manifest.created};
    const ViewsEvidence views = writeViewPictures(window, folder, texts);
    if (!views.errors.isEmpty())
        throw core::Error("evidence: " + views.errors.join(QStringLiteral("; ")).toStdString());
    manifest.files = views.written;
    manifest.skippedViews = views.skipped;

    std::vector<EvidenceFile> files {
        {QStringLiteral("scenario.txt"), (manifest.scenario + QLatin1Char('\n')).toUtf8()}};
    ModelsEvidence models = modelsEvidence(*window.models());
    manifest.modelCount = models.modelCount;
    files.push_back(std::move(models.summary));
    for (EvidenceFile& file : models.serialized)
        files.push_back(std::move(file));
    for (const EvidenceFile& file : files) {
        writeFile(folder, file);
        manifest.files.push_back(file.name);
    }

    const ManifestFiles last = buildManifest(folder, manifest);
    writeFile(folder, last.manifest);
    writeFile(folder, last.checksums);
    EvidencePackResult result {folder, manifest.files, manifest.modelCount, manifest.skippedViews};
    result.files << last.manifest.name << last.checksums.name;
    return result;
}

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "evidence/evidence_folder.hpp"

#include "common/error.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace iolens::ui {

namespace {

std::string str(const QString& text)
{
    return text.toStdString();
}

/// The manifest of an earlier pack in `dir`, or an empty object if there is none.
QJsonObject earlierManifest(const QDir& dir)
{
    QFile file(dir.filePath(QString::fromLatin1(kManifestName)));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject manifest = QJsonDocument::fromJson(file.readAll()).object();
    return manifest.value(QStringLiteral("format")).toString() == QLatin1String(kPackFormat)
        ? manifest
        : QJsonObject {};
}

/// A name from a manifest that stays inside the folder: a manifest edited to name "../x" must
/// not make the export delete files elsewhere.
bool insideFolder(const QString& name)
{
    return !name.isEmpty() && !QDir::isAbsolutePath(name)
        && !QDir::cleanPath(name).startsWith(QLatin1String(".."));
}

void removeEarlierPack(QDir& dir, const QJsonObject& manifest)
{
    for (const QJsonValue& entry : manifest.value(QStringLiteral("files")).toArray()) {
        const QString name = entry.toObject().value(QStringLiteral("name")).toString();
        if (insideFolder(name))
            QFile::remove(dir.filePath(name));
    }
    QFile::remove(dir.filePath(QStringLiteral("SHA256SUMS")));
    QFile::remove(dir.filePath(QString::fromLatin1(kManifestName)));
    // rmdir removes only empty folders: anything a person put there stays.
    dir.rmdir(QStringLiteral("views"));
    dir.rmdir(QStringLiteral("models"));
}

} // namespace

void checkEvidenceFolder(const QString& folder)
{
    if (folder.isEmpty())
        throw core::ConfigError("evidence: no output folder given");
    const QFileInfo info(folder);
    if (!info.exists())
        return;
    if (!info.isDir())
        throw core::ConfigError(str(folder) + ": is a file, not a folder");
    const QDir dir(folder);
    if (!dir.isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System)
        && earlierManifest(dir).isEmpty())
        throw core::ConfigError(str(folder)
            + ": the folder is not empty and holds no earlier "
              "evidence pack ("
            + kManifestName
            + "); choose an empty or new "
              "folder");
}

void prepareEvidenceFolder(const QString& folder)
{
    checkEvidenceFolder(folder);
    if (!QFileInfo::exists(folder)) {
        if (!QDir().mkpath(folder))
            throw core::ConfigError(str(folder) + ": cannot create the folder");
        return;
    }
    QDir dir(folder);
    if (const QJsonObject manifest = earlierManifest(dir); !manifest.isEmpty())
        removeEarlierPack(dir, manifest);
}

} // namespace iolens::ui

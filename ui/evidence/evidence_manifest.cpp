// SPDX-License-Identifier: GPL-3.0-or-later
#include "evidence/evidence_manifest.hpp"

#include "common/error.hpp"
#include "evidence/evidence_folder.hpp"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace iolens::ui {

namespace {

QJsonObject databaseJson(const ManifestInput& input)
{
    return {{QStringLiteral("kind"), input.database.kind},
        {QStringLiteral("source"), input.database.source},
        {QStringLiteral("dataset"), input.database.dataset}, {QStringLiteral("runs"), input.runs},
        {QStringLiteral("sha256"), input.database.sha256}};
}

QJsonArray skippedJson(const ManifestInput& input)
{
    QJsonArray skipped;
    for (const auto& [view, reason] : input.skippedViews)
        skipped.append(
            QJsonObject {{QStringLiteral("view"), view}, {QStringLiteral("reason"), reason}});
    return skipped;
}

QByteArray checksumLine(const QString& sha256, const QString& name)
{
    // sha256sum's text format: hash, two spaces, name.
    return (sha256 + QStringLiteral("  ") + name + QLatin1Char('\n')).toUtf8();
}

} // namespace

ManifestFiles buildManifest(const QString& folder, const ManifestInput& input)
{
    const QDir dir(folder);
    QJsonArray files;
    QByteArray sums;
    for (const QString& name : input.files) {
        const QString path = dir.filePath(name);
        const auto sha256 = fileSha256(path);
        if (!sha256)
            throw core::Error("evidence: " + path.toStdString() + ": cannot read back");
        files.append(QJsonObject {{QStringLiteral("name"), name},
            {QStringLiteral("bytes"), QFileInfo(path).size()},
            {QStringLiteral("sha256"), *sha256}});
        sums += checksumLine(*sha256, name);
    }
    const QJsonObject root {{QStringLiteral("format"), QString::fromLatin1(kPackFormat)},
        {QStringLiteral("format_version"), 1}, {QStringLiteral("software"), input.software},
        {QStringLiteral("created"), input.created},
        {QStringLiteral("database"), databaseJson(input)},
        {QStringLiteral("scenario"), input.scenario}, {QStringLiteral("models"), input.modelCount},
        {QStringLiteral("views_skipped"), skippedJson(input)}, {QStringLiteral("files"), files}};
    ManifestFiles result;
    result.manifest
        = {QString::fromLatin1(kManifestName), QJsonDocument(root).toJson(QJsonDocument::Indented)};
    sums += checksumLine(sha256Hex(result.manifest.bytes), result.manifest.name);
    result.checksums = {QStringLiteral("SHA256SUMS"), sums};
    return result;
}

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "evidence/evidence_hashes.hpp"

#include "document/document.hpp"
#include "document/example_database.hpp"
#include "embedded_resources.hpp"

#include <QCryptographicHash>
#include <QFile>

namespace iolens::ui {

QString sha256Hex(const QByteArray& bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

std::optional<QString> fileSha256(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    // addData(QIODevice*) reads in blocks: a database of gigabytes is never held in memory.
    if (!hash.addData(&file))
        return std::nullopt;
    return QString::fromLatin1(hash.result().toHex());
}

DatabaseFingerprint databaseFingerprint(const Document& document)
{
    DatabaseFingerprint fingerprint;
    fingerprint.dataset = QString::fromStdString(document.dataset);
    if (document.example) {
        fingerprint.kind = QStringLiteral("example");
        const auto example = parseExample(document.name);
        fingerprint.source
            = example == Example::Local ? resources::localCsvPath() : resources::tieredCsvPath();
    } else {
        fingerprint.kind = QStringLiteral("file");
        fingerprint.source = document.path;
    }
    fingerprint.sha256 = fileSha256(fingerprint.source).value_or(QString());
    return fingerprint;
}

} // namespace iolens::ui

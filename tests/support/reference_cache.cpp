// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/reference_cache.hpp"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace iolens::test {

namespace {

void addField(QCryptographicHash& hash, const QByteArray& field)
{
    // Length-prefixed, so ("ab", "c") and ("a", "bc") hash differently.
    hash.addData(QByteArray::number(field.size()) + ':');
    hash.addData(field);
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeAll(const QString& path, const QByteArray& bytes)
{
    // Two test processes may store the same key at once (ctest -j2); QSaveFile renames a
    // complete file into place, so a reader never sees half of one.
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
}

} // namespace

QString referenceKey(const ReferenceQuery& query)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    addField(hash, query.program.toUtf8());
    addField(hash, query.script.toUtf8());
    for (const QString& argument : query.arguments) {
        const QFileInfo info(argument);
        if (info.isFile())
            addField(hash, "file:" + readAll(argument));
        else
            addField(hash, "text:" + argument.toUtf8());
    }
    return QString::fromLatin1(hash.result().toHex());
}

QString referenceCacheDir()
{
    return qEnvironmentVariable("IOLENS_REFERENCE_CACHE");
}

std::optional<ToolRun> cachedReferenceRun(const QString& cacheDir, const ReferenceQuery& query)
{
    if (cacheDir.isEmpty())
        return std::nullopt;
    const QString base = QDir(cacheDir).filePath(referenceKey(query));
    // The .out file is written last, so its presence means the entry is whole.
    if (!QFileInfo::exists(base + QStringLiteral(".out")))
        return std::nullopt;
    ToolRun run;
    run.available = true;
    run.exitCode = 0;
    run.output = QString::fromUtf8(readAll(base + QStringLiteral(".out")));
    run.errors = QString::fromUtf8(readAll(base + QStringLiteral(".err")));
    return run;
}

void storeReferenceRun(const QString& cacheDir, const ReferenceQuery& query, const ToolRun& run)
{
    if (cacheDir.isEmpty() || !run.available || run.exitCode != 0)
        return;
    if (!QDir().mkpath(cacheDir))
        return;
    const QString base = QDir(cacheDir).filePath(referenceKey(query));
    if (writeAll(base + QStringLiteral(".err"), run.errors.toUtf8()))
        writeAll(base + QStringLiteral(".out"), run.output.toUtf8());
}

} // namespace iolens::test

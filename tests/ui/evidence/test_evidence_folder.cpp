// SPDX-License-Identifier: GPL-3.0-or-later
// The evidence pack's folder: new and empty folders are taken, an earlier pack is replaced
// (only the files it listed), anything else is refused untouched.
#include "common/error.hpp"
#include "evidence/evidence_folder.hpp"
#include "support/test_registry.hpp"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::ui;

namespace {

void writeText(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

} // namespace

class TestEvidenceFolder : public QObject {
    Q_OBJECT
private slots:
    void newFolder_isCreated()
    {
        QTemporaryDir root;
        const QString folder = root.filePath(QStringLiteral("a/b/pack"));
        prepareEvidenceFolder(folder);
        QVERIFY(QFileInfo(folder).isDir());
    }

    void emptyFolder_isTaken()
    {
        QTemporaryDir root;
        prepareEvidenceFolder(root.path());
        QVERIFY(QDir(root.path()).isEmpty());
    }

    void foreignFiles_areRefusedAndKept()
    {
        QTemporaryDir root;
        writeText(root.filePath(QStringLiteral("thesis.tex")), "keep me");
        QVERIFY_THROWS_EXCEPTION(iolens::core::ConfigError, checkEvidenceFolder(root.path()));
        try {
            prepareEvidenceFolder(root.path());
            QFAIL("a folder with other files was accepted");
        } catch (const iolens::core::ConfigError& error) {
            QVERIFY2(QString::fromUtf8(error.what()).contains(root.path()), error.what());
        }
        QVERIFY(QFile::exists(root.filePath(QStringLiteral("thesis.tex"))));
    }

    void aFile_isRefused()
    {
        QTemporaryDir root;
        writeText(root.filePath(QStringLiteral("x")), "x");
        QVERIFY_THROWS_EXCEPTION(
            iolens::core::ConfigError, prepareEvidenceFolder(root.filePath(QStringLiteral("x"))));
    }

    void earlierPack_isReplacedButNotWhatItDidNotList()
    {
        QTemporaryDir root;
        const QDir pack(root.filePath(QStringLiteral("pack")));
        writeText(pack.filePath(QStringLiteral("views/cdf.png")), "old picture");
        writeText(pack.filePath(QStringLiteral("notes.txt")), "reviewer's notes");
        writeText(pack.filePath(QStringLiteral("SHA256SUMS")), "x");
        // A manifest naming a file outside the folder must not make the export delete it.
        writeText(root.filePath(QStringLiteral("outside.txt")), "outside");
        writeText(pack.filePath(QStringLiteral("manifest.json")),
            R"({"format":"iolens-evidence-pack","files":[{"name":"views/cdf.png"},)"
            R"({"name":"../outside.txt"}]})");
        prepareEvidenceFolder(pack.path());
        QVERIFY(!QFile::exists(pack.filePath(QStringLiteral("views/cdf.png"))));
        QVERIFY(!QFile::exists(pack.filePath(QStringLiteral("manifest.json"))));
        QVERIFY(!QFile::exists(pack.filePath(QStringLiteral("SHA256SUMS"))));
        QVERIFY(!QFileInfo::exists(pack.filePath(QStringLiteral("views"))));
        QVERIFY(QFile::exists(pack.filePath(QStringLiteral("notes.txt"))));
        QVERIFY(QFile::exists(root.filePath(QStringLiteral("outside.txt"))));
    }

    void manifestOfAnotherFormat_isNotAPack()
    {
        QTemporaryDir root;
        writeText(root.filePath(QStringLiteral("manifest.json")), R"({"format":"other"})");
        QVERIFY_THROWS_EXCEPTION(iolens::core::ConfigError, prepareEvidenceFolder(root.path()));
        QVERIFY(QFile::exists(root.filePath(QStringLiteral("manifest.json"))));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestEvidenceFolder)
#include "test_evidence_folder.moc"

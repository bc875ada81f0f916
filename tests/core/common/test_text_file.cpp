// SPDX-License-Identifier: GPL-3.0-or-later
// Files written whole or not at all: a regular file replaced by rename, through a symbolic link
// the file it names, a pipe or device written as it is; a folder refused.
#include "common/error.hpp"
#include "common/text_file.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

using namespace iolens::core;
namespace fs = std::filesystem;

class TestTextFile : public QObject {
    Q_OBJECT
private slots:
    void regularFile_isReplacedWhole()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("out.csv")).toStdString();
        writeTextFileAtomically(path, "old\n");
        {
            AtomicTextFile file(path);
            file.write("half");
            // Destroyed without commit: the file is as it was, no temporary left.
        }
        QCOMPARE(readTextFile(path), std::string("old\n"));
        writeTextFileAtomically(path, "new\n");
        QCOMPARE(readTextFile(path), std::string("new\n"));
        QCOMPARE(std::distance(fs::directory_iterator(dir.path().toStdString()), {}), 1);
    }

    // Renamed over, a link became a file of its own and its target kept the old text.
    void symbolicLink_keepsLinkingAndItsFileIsReplaced()
    {
        QTemporaryDir dir;
        const fs::path target = fs::path(dir.path().toStdString()) / "target.csv";
        const fs::path link = fs::path(dir.path().toStdString()) / "link.csv";
        writeTextFileAtomically(target.string(), "old\n");
        fs::create_symlink(target, link);
        writeTextFileAtomically(link.string(), "new\n");
        QVERIFY(fs::is_symlink(fs::symlink_status(link)));
        QCOMPARE(readTextFile(target.string()), std::string("new\n"));
        QVERIFY(!fs::exists(target.string() + ".part") && !fs::exists(link.string() + ".part"));
        // A link to a file not written yet, by a relative name, through a second link.
        const fs::path dangling = fs::path(dir.path().toStdString()) / "dangling.csv";
        const fs::path chained = fs::path(dir.path().toStdString()) / "chained.csv";
        fs::create_symlink("later.csv", dangling);
        fs::create_symlink(dangling, chained);
        writeTextFileAtomically(chained.string(), "first\n");
        QVERIFY(fs::is_symlink(fs::symlink_status(chained)));
        QVERIFY(fs::is_symlink(fs::symlink_status(dangling)));
        QCOMPARE(readTextFile((fs::path(dir.path().toStdString()) / "later.csv").string()),
            std::string("first\n"));
    }

    // `--out /dev/stdout` as root renamed a file over /dev/stdout. A pipe stands for it here: it
    // takes the text and stays a pipe.
    void pipe_isWrittenAsItIs()
    {
        QTemporaryDir dir;
        const std::string fifo = dir.filePath(QStringLiteral("pipe")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        // Opened for reading first (without waiting for a writer), so the writer's open returns.
        const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
        QVERIFY(reader >= 0);
        AtomicTextFile file(fifo);
        file.write("a,b\n1,2\n");
        file.commit();
        char buffer[64] = {};
        const ssize_t got = ::read(reader, buffer, sizeof buffer - 1);
        ::close(reader);
        QCOMPARE(std::string(buffer, got > 0 ? static_cast<std::size_t>(got) : 0),
            std::string("a,b\n1,2\n"));
        QVERIFY(fs::is_fifo(fs::status(fifo)));
        QVERIFY(!fs::exists(fifo + ".part"));
    }

    void folder_isRefusedByName()
    {
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString();
        QVERIFY_THROWS_EXCEPTION(ConfigError, AtomicTextFile {folder});
        QVERIFY_THROWS_EXCEPTION(ConfigError, AtomicTextFile {folder + "/missing/out.csv"});
        QVERIFY_THROWS_EXCEPTION(DataError, readTextFile(folder));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestTextFile)
#include "test_text_file.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "harness/file_set_layout.hpp"
#include "harness/target_directory.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace iolens::core;
namespace fs = std::filesystem;

class TestTargetDirectory : public QObject {
    Q_OBJECT
private slots:
    void claim_createsNewDirectoryAndMarksIt()
    {
        QTemporaryDir dir;
        const fs::path target = fs::path(dir.path().toStdString()) / "new";
        const TargetDirectory t = TargetDirectory::claim(target);
        QVERIFY(fs::exists(target / TargetDirectory::markerPath()));
        QVERIFY(fs::is_directory(t.rawDirectory()));
        // Claiming again (a resumed run) is fine: the marker says it is ours.
        std::ofstream(target / "filesets-note") << "x";
        TargetDirectory::claim(target);
    }

    void claim_refusesForeignNonEmptyDirectory()
    {
        QTemporaryDir dir;
        const fs::path target(dir.path().toStdString());
        std::ofstream(target / "precious.txt") << "user data";
        try {
            TargetDirectory::claim(target);
            QFAIL("a foreign non-empty directory was accepted");
        } catch (const ConfigError& e) {
            QVERIFY2(QString(e.what()).contains("not empty and not an iolens target"), e.what());
        }
        QVERIFY(!fs::exists(target / ".iolens"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, TargetDirectory::claim(target / "precious.txt"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, TargetDirectory::claim(target / "a" / "b"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, TargetDirectory::claim(target / "with:colon"));
    }

    void inside_refusesPathsOutsideTheTarget()
    {
        QTemporaryDir dir;
        const TargetDirectory t = TargetDirectory::claim(fs::path(dir.path().toStdString()) / "t");
        QCOMPARE(t.inside("filesets/x").string(), (t.root() / "filesets" / "x").string());
        QVERIFY_THROWS_EXCEPTION(StateError, t.inside("../outside"));
        QVERIFY_THROWS_EXCEPTION(StateError, t.inside("/etc/passwd"));
        QVERIFY_THROWS_EXCEPTION(StateError, t.inside(t.root()));
    }

    void requireFreeBytes_refusesMoreThanTheFileSystemHas()
    {
        QTemporaryDir dir;
        const TargetDirectory t = TargetDirectory::claim(fs::path(dir.path().toStdString()) / "t");
        QVERIFY(t.freeBytes() > 0);
        t.requireFreeBytes(1024);
        try {
            t.requireFreeBytes(t.freeBytes());
            QFAIL("more than the free space was accepted");
        } catch (const ConfigError& e) {
            QVERIFY2(QString(e.what()).contains("MiB are free"), e.what());
        }
    }

    void removeFileSets_removesOnlyWhatIolensLaidOut()
    {
        QTemporaryDir dir;
        const TargetDirectory t = TargetDirectory::claim(fs::path(dir.path().toStdString()) / "t");
        const auto shares = planFileSet(t.fileSetsDirectory(), 4 * 1024 * 1024, 2);
        QCOMPARE(layOutFileSet(t, shares), std::int64_t {4 * 1024 * 1024});
        QVERIFY(isFileSetLaidOut(shares));
        QCOMPARE(layOutFileSet(t, shares), std::int64_t {0}); // reused, not rewritten
        const fs::path foreign = shares[1].directory / "notes.txt";
        std::ofstream(foreign) << "keep me";
        QCOMPARE(t.removeFileSets(), std::int64_t {4 * 1024 * 1024});
        QVERIFY(fs::exists(foreign));
        QVERIFY(!fs::exists(shares[0].directory));
        QVERIFY(!fs::exists(shares[0].files[0]));
        QVERIFY(fs::exists(t.root() / TargetDirectory::markerPath()));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestTargetDirectory)
#include "test_target_directory.moc"

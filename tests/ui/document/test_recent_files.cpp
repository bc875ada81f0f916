// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/recent_files.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_registry.hpp"

#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>

using namespace iolens::ui;

class TestRecentFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { iolens::test::useIsolatedSettings("test_recent_files"); }
    void init() { QSettings().clear(); }

    void add_putsNewestFirstWithoutDuplicates()
    {
        RecentFiles recent;
        QSignalSpy changed(&recent, &RecentFiles::changed);
        recent.add(QStringLiteral("/data/a.sqlite"));
        recent.add(QStringLiteral("/data/b.sqlite"));
        recent.add(QStringLiteral("/data/a.sqlite"));
        QCOMPARE(recent.files(),
            QStringList({QStringLiteral("/data/a.sqlite"), QStringLiteral("/data/b.sqlite")}));
        QCOMPARE(changed.count(), 3);
    }

    void add_keepsAtMostEightAndStoresAbsolutePaths()
    {
        RecentFiles recent;
        for (int i = 0; i < 10; ++i)
            recent.add(QStringLiteral("db%1.sqlite").arg(i));
        QCOMPARE(recent.files().size(), RecentFiles::kMaxEntries);
        QCOMPARE(
            recent.files().front(), QDir::current().absoluteFilePath(QStringLiteral("db9.sqlite")));
        QVERIFY(!recent.files().contains(
            QDir::current().absoluteFilePath(QStringLiteral("db0.sqlite"))));
    }

    void list_survivesARestart()
    {
        {
            RecentFiles recent;
            recent.add(QStringLiteral("/data/a.sqlite"));
            recent.add(QStringLiteral("/data/b.sqlite"));
        }
        RecentFiles reloaded;
        QCOMPARE(reloaded.files(),
            QStringList({QStringLiteral("/data/b.sqlite"), QStringLiteral("/data/a.sqlite")}));
        reloaded.remove(QStringLiteral("/data/b.sqlite"));
        QCOMPARE(RecentFiles().files(), QStringList({QStringLiteral("/data/a.sqlite")}));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestRecentFiles)
#include "test_recent_files.moc"

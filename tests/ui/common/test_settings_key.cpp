// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/settings_key.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_registry.hpp"

#include <QSettings>
#include <QTest>

using namespace iolens::ui;

class TestSettingsKey : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { iolens::test::useIsolatedSettings("test_settings_key"); }
    void init() { QSettings().clear(); }

    // A path's slashes would make QSettings groups; the key keeps them inside one name.
    void settingsKeyIn_keepsAPathInOneKey()
    {
        const QString key = settingsKeyIn(QStringLiteral("scenarios"), QStringLiteral("/a/b#x"));
        QVERIFY(key.startsWith(QStringLiteral("scenarios/")));
        QCOMPARE(key.count(QLatin1Char('/')), 1);
        QVERIFY(key != settingsKeyIn(QStringLiteral("scenarios"), QStringLiteral("/a/b#y")));
    }

    void moveSettingsValue_movesReplacesAndForgets()
    {
        QSettings().setValue(QStringLiteral("g/old"), 1);
        QSettings().setValue(QStringLiteral("g/new"), 2);
        moveSettingsValue(QStringLiteral("g/old"), QStringLiteral("g/new"));
        QVERIFY(!QSettings().contains(QStringLiteral("g/old")));
        QCOMPARE(QSettings().value(QStringLiteral("g/new")).toInt(), 1);
        // Nothing under the old key: nothing under the new one either.
        moveSettingsValue(QStringLiteral("g/old"), QStringLiteral("g/new"));
        QVERIFY(!QSettings().contains(QStringLiteral("g/new")));
        QSettings().setValue(QStringLiteral("g/gone"), 3);
        moveSettingsValue(QStringLiteral("g/gone"), QString());
        QVERIFY(!QSettings().contains(QStringLiteral("g/gone")));
    }
};

IOLENS_TEST_MAIN(TestSettingsKey)
#include "test_settings_key.moc"

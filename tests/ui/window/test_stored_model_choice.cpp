// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/stored_model_choice.hpp"

#include "common/error.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;

class TestStoredModelChoice : public QObject {
    Q_OBJECT
private slots:
    void parse_readsAllNoneAndNames()
    {
        QVERIFY(parseStoredModelChoice(QStringLiteral("all")).all);
        const StoredModelChoice none = parseStoredModelChoice(QStringLiteral("none"));
        QVERIFY(!none.all && none.names.isEmpty());
        const StoredModelChoice two = parseStoredModelChoice(QStringLiteral("a , b"));
        QCOMPARE(two.names, (QStringList {QStringLiteral("a"), QStringLiteral("b")}));
        QVERIFY_THROWS_EXCEPTION(
            iolens::core::ConfigError, parseStoredModelChoice(QStringLiteral("a,,b")));
    }

    void shows_followsNamesOrHidden()
    {
        StoredModelChoice choice;
        QVERIFY(choice.shows(QStringLiteral("a")));
        choice.hidden = {QStringLiteral("a")};
        QVERIFY(!choice.shows(QStringLiteral("a")));
        QVERIFY(choice.shows(QStringLiteral("b")));
        const StoredModelChoice named {false, {QStringLiteral("b")}, {QStringLiteral("b")}};
        QVERIFY(named.shows(QStringLiteral("b"))); // a list of names ignores `hidden`
        QVERIFY(!named.shows(QStringLiteral("a")));
    }

    void change_data()
    {
        QTest::addColumn<bool>("beforeAll");
        QTest::addColumn<QStringList>("beforeHidden");
        QTest::addColumn<QStringList>("hidden");
        QTest::addColumn<bool>("removes");
        QTest::addColumn<QStringList>("added");
        const QString a = QStringLiteral("a");
        const QString b = QStringLiteral("b");
        QTest::newRow("nothing changes")
            << true << QStringList {a} << QStringList {a} << false << QStringList();
        QTest::newRow("one hidden")
            << true << QStringList() << QStringList {a} << true << QStringList();
        QTest::newRow("one shown again")
            << true << QStringList {a, b} << QStringList {b} << false << QStringList {a};
        QTest::newRow("one swapped for another")
            << true << QStringList {a} << QStringList {b} << true << QStringList {a};
        QTest::newRow("from a list of names")
            << false << QStringList() << QStringList() << true << QStringList();
    }
    // Showing a model again adds its column; hiding one needs the models set up afresh.
    void change()
    {
        QFETCH(bool, beforeAll);
        QFETCH(QStringList, beforeHidden);
        QFETCH(QStringList, hidden);
        StoredModelChoice before;
        before.all = beforeAll;
        before.hidden = beforeHidden;
        const StoredModelChange change = storedModelChange(before, hidden);
        QTEST(change.removes, "removes");
        QTEST(change.added, "added");
    }
};

IOLENS_TEST_GUILESS_MAIN(TestStoredModelChoice)
#include "test_stored_model_choice.moc"

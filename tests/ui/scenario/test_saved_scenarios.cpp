// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/csv_table.hpp"
#include "data/measurement_csv.hpp"
#include "scenario/saved_scenarios.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_registry.hpp"

#include <QSettings>
#include <QSignalSpy>
#include <QTest>

using namespace iolens::ui;
using iolens::core::Configuration;

namespace {

Configuration config(std::int64_t requestBytes, double readPct, int vms = 1)
{
    Configuration c;
    c.scheduler = "bfq";
    c.filesetBytes = 4LL << 30;
    c.requestBytes = requestBytes;
    c.readPct = readPct;
    c.threads = 16;
    c.vms = vms;
    return c;
}

} // namespace

class TestSavedScenarios : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { iolens::test::useIsolatedSettings("test_saved_scenarios"); }
    void init() { QSettings().clear(); }

    void save_addsByNameAndReplacesTheSameName()
    {
        SavedScenarios saved;
        QCOMPARE(saved.save(QStringLiteral("now"), config(4096, 70)), -1); // no database yet
        saved.setDocumentKey(QStringLiteral("/data/a.sqlite#grid"));
        QSignalSpy changed(&saved, &SavedScenarios::changed);
        QCOMPARE(saved.save(QStringLiteral(" now "), config(4096, 70)), 0);
        QCOMPARE(saved.save(QStringLiteral("larger"), config(65536, 70)), 1);
        QCOMPARE(saved.save(QStringLiteral("now"), config(8192, 50)), 0); // replaced in place
        QCOMPARE(saved.save(QStringLiteral("   "), config(8192, 50)), -1);
        QCOMPARE(changed.count(), 3);
        QCOMPARE(saved.all().size(), std::size_t {2});
        QCOMPARE(saved.all()[0].name, QStringLiteral("now"));
        QVERIFY(saved.all()[0].config == config(8192, 50));
        QVERIFY(saved.remove(1));
        QVERIFY(!saved.remove(1));
        QCOMPARE(saved.indexOf(QStringLiteral("larger")), -1);
    }

    void list_isKeptPerDatabaseAcrossSessions()
    {
        {
            SavedScenarios saved;
            saved.setDocumentKey(QStringLiteral("/data/a.sqlite#grid"));
            saved.save(QStringLiteral("three VMs, many writes"), config(16384, 30, 3));
            saved.setDocumentKey(QStringLiteral("example:fio-tiered#fio-tiered"));
            QVERIFY(saved.all().empty()); // another database, another list
            saved.save(QStringLiteral("tiered"), config(4096, 100));
        }
        SavedScenarios next;
        next.setDocumentKey(QStringLiteral("/data/a.sqlite#grid"));
        QCOMPARE(next.all().size(), std::size_t {1});
        QCOMPARE(next.all()[0].name, QStringLiteral("three VMs, many writes"));
        QVERIFY(next.all()[0].config == config(16384, 30, 3));
        next.remove(0);
        SavedScenarios emptied;
        emptied.setDocumentKey(QStringLiteral("/data/a.sqlite#grid"));
        QVERIFY(emptied.all().empty());
    }

    void csv_isWhatPredictReads()
    {
        SavedScenarios saved;
        saved.setDocumentKey(QStringLiteral("k"));
        saved.save(QStringLiteral("a, with comma"), config(4096, 70));
        saved.save(QStringLiteral("b"), config(1 << 20, 0, 2));
        const auto table = iolens::core::parseCsv(saved.toConfigsCsv(), "scenarios.csv");
        QCOMPARE(table.header.front(), std::string("name"));
        QCOMPARE(table.rows[0].fields[0], std::string("a, with comma"));
        const auto configs = iolens::core::configurationsFromCsv(table);
        QCOMPARE(configs.size(), std::size_t {2});
        QVERIFY(configs[0] == config(4096, 70));
        QVERIFY(configs[1] == config(1 << 20, 0, 2));
    }
};

IOLENS_TEST_MAIN(TestSavedScenarios)
#include "test_saved_scenarios.moc"

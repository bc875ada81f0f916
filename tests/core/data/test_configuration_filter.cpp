// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/configuration_filter.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

namespace {
Configuration config(std::int64_t requestKiB, const char* pattern, double readPct)
{
    Configuration c;
    c.requestBytes = requestKiB * 1024;
    c.filesetBytes = 1LL << 30;
    parsePattern(pattern, c.pattern);
    c.readPct = readPct;
    return c;
}
} // namespace

class TestConfigurationFilter : public QObject {
    Q_OBJECT
private slots:
    void admits_data()
    {
        QTest::addColumn<QString>("filter");
        QTest::addColumn<bool>("small"); // 16 KiB random 50 %
        QTest::addColumn<bool>("large"); // 64 KiB sequential 100 %
        QTest::newRow("empty") << "" << true << true;
        QTest::newRow("le") << "request_kib<=16" << true << false;
        QTest::newRow("gt") << "request_kib>16" << false << true;
        QTest::newRow("label") << "pattern=sequential" << false << true;
        QTest::newRow("not label") << "pattern!=sequential" << true << false;
        QTest::newRow("and") << "request_kib>=16, read_pct<100" << true << false;
        QTest::newRow("fileset") << "fileset_mib=1024" << true << true;
    }
    void admits()
    {
        QFETCH(QString, filter);
        QFETCH(bool, small);
        QFETCH(bool, large);
        const auto f = ConfigurationFilter::parse(filter.toStdString());
        QCOMPARE(f.admits(config(16, "random", 50)), small);
        QCOMPARE(f.admits(config(64, "sequential", 100)), large);
    }

    void parse_rejectsNonsense_data()
    {
        QTest::addColumn<QString>("filter");
        QTest::newRow("no operator") << "request_kib";
        QTest::newRow("unknown factor") << "colour=red";
        QTest::newRow("not a number") << "read_pct>lots";
        QTest::newRow("ordered label") << "pattern<random";
    }
    void parse_rejectsNonsense()
    {
        QFETCH(QString, filter);
        QVERIFY_THROWS_EXCEPTION(ConfigError, ConfigurationFilter::parse(filter.toStdString()));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestConfigurationFilter)
#include "test_configuration_filter.moc"

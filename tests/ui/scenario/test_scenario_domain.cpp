// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "scenario/scenario_domain.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;
using iolens::core::Configuration;

class TestScenarioDomain : public QObject {
    Q_OBJECT
private slots:
    void scenarioDomain_distinctSortedValuesOfTheData()
    {
        const auto rows = iolens::core::aggregateRepetitions(
            loadExampleDatabase(Example::Local).measurements());
        std::vector<Configuration> configs;
        for (const auto& row : rows)
            configs.push_back(row.config);
        const ScenarioDomain domain = scenarioDomain(configs);
        QCOMPARE(domain.schedulers, (std::vector<std::string> {"bfq", "none"}));
        QCOMPARE(
            domain.requestBytes, (std::vector<std::int64_t> {4096, 8192, 16384, 32768, 65536}));
        QCOMPARE(
            domain.filesetBytes, (std::vector<std::int64_t> {256LL << 20, 1LL << 30, 4LL << 30}));
        QCOMPARE(domain.readPcts, (std::vector<double> {0, 25, 50, 75, 100}));
        QCOMPARE(domain.patterns.size(), std::size_t {2});
        QCOMPARE(domain.vms, std::vector<int> {1});
        QCOMPARE(typicalThreads(configs), 16);
    }

    void defaultScenario_prefersRepeatedThenMoreMetrics()
    {
        iolens::core::AggregatedMeasurement once, twiceWriteOnly, twiceMixed;
        once.repetitions = 1;
        once.config.requestBytes = 1;
        twiceWriteOnly.repetitions = 2;
        twiceWriteOnly.config.requestBytes = 2;
        twiceWriteOnly.mean[iolens::core::metricIndex(iolens::core::Metric::RtWriteMs)] = 1.0;
        twiceMixed = twiceWriteOnly;
        twiceMixed.config.requestBytes = 3;
        twiceMixed.mean[iolens::core::metricIndex(iolens::core::Metric::RtReadMs)] = 1.0;
        const auto chosen = defaultScenario({once, twiceWriteOnly, twiceMixed});
        QVERIFY(chosen);
        QCOMPARE(chosen->requestBytes, std::int64_t {3});
        QVERIFY(!defaultScenario({}));
    }

    void typicalThreads_mostFrequentSmallerOnTies()
    {
        Configuration a, b, c;
        a.threads = 8;
        b.threads = 16;
        c.threads = 16;
        QCOMPARE(typicalThreads({a, b, c}), 16);
        QCOMPARE(typicalThreads({b, a}), 8);
        QCOMPARE(typicalThreads({}), 1);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestScenarioDomain)
#include "test_scenario_domain.moc"

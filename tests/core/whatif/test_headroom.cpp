// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/regressor_registry.hpp"
#include "models/trained_model.hpp"
#include "support/test_registry.hpp"
#include "whatif/headroom.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

constexpr std::int64_t kMiB = 1 << 20;

// Read response time doubles with the file set (1 ms at 256 MiB) and grows with the write share;
// write throughput falls as the file set grows. One VM, as in the paper's training data.
std::vector<AggregatedMeasurement> syntheticRows()
{
    std::vector<AggregatedMeasurement> rows;
    for (int f = 0; f < 6; ++f) {
        for (double read : {25.0, 50.0, 75.0, 100.0}) {
            AggregatedMeasurement row;
            row.config = {"none", (256 * kMiB) << f, 16384, Pattern::Random, read, 16, 1};
            row.repetitions = 1;
            row.mean[metricIndex(Metric::RtReadMs)] = std::ldexp(1.0, f) * (200.0 - read) / 100.0;
            if (read < 100.0)
                row.mean[metricIndex(Metric::TpWriteMbs)] = 400.0 / std::ldexp(1.0, f);
            rows.push_back(row);
        }
    }
    return rows;
}

TrainedModel trainCart(const std::vector<AggregatedMeasurement>& rows, Metric metric)
{
    auto cart = createRegressor("cart");
    cart->setParameters({{"cp", 0.0}, {"minsplit", 2.0}});
    TrainingOptions options;
    options.metric = metric;
    std::vector<AggregatedMeasurement> withMetric;
    for (const auto& row : rows)
        if (row.value(metric))
            withMetric.push_back(row);
    return TrainedModel::train(std::move(cart), withMetric, options);
}

FactorDomain domainOf(const std::vector<AggregatedMeasurement>& rows)
{
    std::vector<Configuration> configs;
    for (const auto& row : rows)
        configs.push_back(row.config);
    return factorDomain(configs);
}

} // namespace

class TestHeadroom : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_rows = syntheticRows();
        m_rtRead = std::make_unique<TrainedModel>(trainCart(m_rows, Metric::RtReadMs));
        m_tpWrite = std::make_unique<TrainedModel>(trainCart(m_rows, Metric::TpWriteMbs));
        m_scenario = m_rows[3].config; // 256 MiB, 100 % reads
        m_scenario.readPct = 75.0;
    }

    void limits_parseAndRefuseWithTheReason()
    {
        const SlaLimit limit = parseSlaLimit(" rt_read_ms <= 5 ");
        QCOMPARE(limit.metric, Metric::RtReadMs);
        QVERIFY(limit.atMost);
        QCOMPARE(limit.bound, 5.0);
        QCOMPARE(
            slaLimitText(parseSlaLimit("tp_write_mbs>=200")), std::string("tp_write_mbs>=200"));
        QCOMPARE(limit.margin(4.0), 0.2);
        QCOMPARE(parseSlaLimit("tp_write_mbs>=200").margin(150.0), -0.25);
        for (const char* bad : {"rt_read_ms<5", "latency<=5", "rt_read_ms<=-1", "rt_read_ms<=x"}) {
            try {
                parseSlaLimit(bad);
                QFAIL(bad);
            } catch (const ConfigError& error) {
                QVERIFY2(std::string(error.what()).find(bad) != std::string::npos, error.what());
            }
        }
    }

    void fileset_growsUntilTheFirstPointThatBreaksALimit()
    {
        const std::vector<SlaLimit> limits {parseSlaLimit("rt_read_ms<=5")};
        const HeadroomAnswer answer = findHeadroom({m_rtRead.get(), m_tpWrite.get()}, m_scenario,
            HeadroomFactor::FilesetBytes, limits, domainOf(m_rows));
        QVERIFY(answer.error.empty());
        QVERIFY(answer.meetsNow);
        QVERIFY(!answer.openEnded);
        QVERIFY(answer.largest);
        QCOMPARE(answer.binding->metric, Metric::RtReadMs);
        // 1.25 ms at 256 MiB doubles per doubling: 5 ms at 1 GiB, 10 ms at 2 GiB.
        QVERIFY2(*answer.largest >= 1024.0 && *answer.largest < 2048.0,
            qPrintable(QString::number(*answer.largest)));
        Configuration at = m_scenario;
        setNumericValue(at, Factor::FilesetBytes, *answer.largest);
        const double rt = m_rtRead->predict(at);
        QVERIFY(rt <= 5.0);
        QCOMPARE(answer.margin, (5.0 - rt) / 5.0);
    }

    void writeShare_isAnsweredInPercentWrites()
    {
        const std::vector<SlaLimit> limits {parseSlaLimit("rt_read_ms<=1.6")};
        const HeadroomAnswer answer = findHeadroom(
            {m_rtRead.get()}, m_scenario, HeadroomFactor::WriteShare, limits, domainOf(m_rows));
        // 1.25 ms at 25 % writes, 1.5 ms at 50 %, 1.75 ms at 75 %: the limit breaks between.
        QVERIFY(answer.meetsNow);
        QVERIFY(answer.largest);
        QVERIFY2(*answer.largest >= 50.0 && *answer.largest < 75.0,
            qPrintable(QString::number(*answer.largest)));
        Configuration at = m_scenario;
        at.readPct = 100.0 - *answer.largest;
        QVERIFY(m_rtRead->predict(at) <= 1.6);
    }

    void brokenNow_missingModel_andLooseLimits()
    {
        const FactorDomain domain = domainOf(m_rows);
        const auto broken = findHeadroom({m_rtRead.get()}, m_scenario, HeadroomFactor::Vms,
            {parseSlaLimit("rt_read_ms<=0.5")}, domain);
        QVERIFY(!broken.meetsNow);
        QVERIFY(!broken.largest);
        QCOMPARE(broken.binding->bound, 0.5);

        const auto missing = findHeadroom({m_rtRead.get()}, m_scenario, HeadroomFactor::Vms,
            {parseSlaLimit("tp_write_mbs>=10")}, domain);
        QCOMPARE(missing.error, std::string("no model of tp_write_mbs"));

        const auto loose = findHeadroom({m_rtRead.get(), m_tpWrite.get()}, m_scenario,
            HeadroomFactor::FilesetBytes,
            {parseSlaLimit("rt_read_ms<=1000"), parseSlaLimit("tp_write_mbs>=1")}, domain);
        QVERIFY(loose.openEnded);
        QVERIFY(!loose.binding);
        // The sweep reaches one octave beyond the largest measured file set (8 GiB).
        QCOMPARE(*loose.largest, 2.0 * 8192.0);
    }

    // "30 more clients": read response time grows with the threads of a saturated device.
    void threads_growUntilALimitBreaksWhereTheDataVariesThem()
    {
        std::vector<AggregatedMeasurement> rows;
        for (int threads : {1, 2, 4, 8, 16, 32}) {
            AggregatedMeasurement row;
            row.config = {"none", 1024 * kMiB, 16384, Pattern::Random, 100.0, threads, 1};
            row.repetitions = 1;
            row.mean[metricIndex(Metric::RtReadMs)] = 0.1 * threads;
            rows.push_back(row);
        }
        const TrainedModel rt = trainCart(rows, Metric::RtReadMs);
        Configuration scenario = rows[2].config; // 4 threads, 0.4 ms
        const FactorDomain domain = domainOf(rows);
        QVERIFY(headroomApplies(HeadroomFactor::Threads, domain));
        const HeadroomAnswer answer = findHeadroom(
            {&rt}, scenario, HeadroomFactor::Threads, {parseSlaLimit("rt_read_ms<=2")}, domain);
        QVERIFY2(answer.error.empty(), answer.error.c_str());
        QVERIFY(answer.largest);
        // 1.6 ms at 16 threads keeps the limit, 3.2 ms at 32 does not.
        QVERIFY2(*answer.largest >= 16.0 && *answer.largest < 32.0,
            qPrintable(QString::number(*answer.largest)));
        scenario.threads = static_cast<int>(*answer.largest);
        QVERIFY(rt.predict(scenario) <= 2.0);
        scenario.threads += 1;
        QVERIFY(rt.predict(scenario) > 2.0);
        // A loose limit: the sweep reaches one octave beyond the largest measured count.
        const HeadroomAnswer loose = findHeadroom({&rt}, rows[2].config, HeadroomFactor::Threads,
            {parseSlaLimit("rt_read_ms<=100")}, domain);
        QVERIFY(loose.openEnded);
        QCOMPARE(*loose.largest, 64.0);
        QCOMPARE(parseHeadroomFactor("threads"), std::optional {HeadroomFactor::Threads});

        // Data of one thread count: no model learnt what more threads do, so no answer (an
        // unchanged prediction would read as unlimited headroom).
        const FactorDomain fixed = domainOf(m_rows);
        QVERIFY(!headroomApplies(HeadroomFactor::Threads, fixed));
        QVERIFY(headroomApplies(HeadroomFactor::Vms, fixed));
        const HeadroomAnswer none = findHeadroom({m_rtRead.get()}, m_scenario,
            HeadroomFactor::Threads, {parseSlaLimit("rt_read_ms<=1000")}, fixed);
        QVERIFY(!none.largest);
        QVERIFY2(none.error.find("one thread count") != std::string::npos, none.error.c_str());

        // Likewise one file set and one read share (the thread sweeps measured 1 GiB alone, and
        // the capacity table offered "Larger file set" there).
        QVERIFY(!headroomApplies(HeadroomFactor::FilesetBytes, domain));
        QVERIFY(!headroomApplies(HeadroomFactor::WriteShare, domain));
        QVERIFY(headroomApplies(HeadroomFactor::Vms, domain));
        const HeadroomAnswer noFileset = findHeadroom({&rt}, rows[2].config,
            HeadroomFactor::FilesetBytes, {parseSlaLimit("rt_read_ms<=100")}, domain);
        QVERIFY(!noFileset.largest);
        QVERIFY2(noFileset.error.find("one file-set size") != std::string::npos,
            noFileset.error.c_str());
        QVERIFY(headroomApplies(HeadroomFactor::FilesetBytes, fixed));
    }

private:
    std::vector<AggregatedMeasurement> m_rows;
    std::unique_ptr<TrainedModel> m_rtRead;
    std::unique_ptr<TrainedModel> m_tpWrite;
    Configuration m_scenario;
};

IOLENS_TEST_MAIN(TestHeadroom)
#include "test_headroom.moc"

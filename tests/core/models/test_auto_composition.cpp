// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/auto_composition.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

/// 16 threads, 16 KiB requests, read share and file set varying.
FeatureSchema schemaOf()
{
    std::vector<Configuration> configs(2);
    for (Configuration& c : configs) {
        c.threads = 16;
        c.requestBytes = 16384;
    }
    configs[0].readPct = 0;
    configs[1].readPct = 100;
    configs[1].filesetBytes = 2 * configs[0].filesetBytes;
    return FeatureSchema::fromConfigurations(configs);
}

Eigen::MatrixXd rowAt(const FeatureSchema& schema, double readPct)
{
    Configuration c;
    c.threads = 16;
    c.requestBytes = 16384;
    c.readPct = readPct;
    return schema.encode({c});
}

} // namespace

class TestAutoComposition : public QObject {
    Q_OBJECT
private slots:
    // Textbook Little's law: 16 threads, half reads at 2 ms and half writes at 6 ms take 4 ms a
    // request on average, so 4,000 IOPS, 2,000 of them reads: 31.25 MiB/s of 16 KiB reads.
    void composeRate_isLittlesLawOverTheMeanTimePerRequest()
    {
        const FeatureSchema schema = schemaOf();
        const Eigen::MatrixXd x = rowAt(schema, 50);
        const Eigen::VectorXd read = Eigen::VectorXd::Constant(1, std::log(2.0));
        const Eigen::VectorXd write = Eigen::VectorXd::Constant(1, std::log(6.0));
        QVERIFY(
            std::abs(std::exp(composeRate(x, schema, Metric::TpReadMbs, read, write)(0)) - 31.25)
            < 1e-9);
        QVERIFY(
            std::abs(std::exp(composeRate(x, schema, Metric::IopsWrite, read, write)(0)) - 2000.0)
            < 1e-9);
        QVERIFY(std::abs(readShares(x, schema)(0) - 0.5) < 1e-15);
    }

    void composeRate_needsOnlyTheTimesARowHasRequestsFor()
    {
        const FeatureSchema schema = schemaOf();
        const Eigen::MatrixXd x = rowAt(schema, 100);
        const Eigen::VectorXd read = Eigen::VectorXd::Constant(1, std::log(0.5));
        // All reads: no write time needed; 16 / 0.5 ms = 32,000 IOPS.
        QVERIFY(std::abs(std::exp(composeRate(x, schema, Metric::IopsRead, read, {})(0)) - 32000.0)
            < 1e-6);
        // No writes: the write rate is 0, its log -inf.
        QVERIFY(std::isinf(composeRate(x, schema, Metric::TpWriteMbs, read, {})(0)));
        // A mix needs both.
        QVERIFY_THROWS_EXCEPTION(
            StateError, composeRate(rowAt(schema, 50), schema, Metric::IopsRead, read, {}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, composeRate(x, schema, Metric::RtReadMs, read, read));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAutoComposition)
#include "test_auto_composition.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/feature_schema.hpp"
#include "models/residual_smoothing.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

Configuration config(double kib, double fileMib, double readPct, const std::string& scheduler)
{
    Configuration c;
    c.scheduler = scheduler;
    c.requestBytes = static_cast<std::int64_t>(kib * 1024.0);
    c.filesetBytes = static_cast<std::int64_t>(fileMib * 1024.0 * 1024.0);
    c.readPct = readPct;
    c.threads = 16;
    return c;
}

/// Training configurations: requests of 4, 16 and 64 KiB (two octaves apart), file sets of 1 and
/// 4 GiB, reads 50 and 100 %, schedulers none and bfq.
std::vector<Configuration> training()
{
    std::vector<Configuration> configs;
    for (const char* scheduler : {"none", "bfq"})
        for (double kib : {4.0, 16.0, 64.0})
            for (double mib : {1024.0, 4096.0})
                for (double read : {50.0, 100.0})
                    configs.push_back(config(kib, mib, read, scheduler));
    return configs;
}

/// Residual 1 at (16 KiB, 1 GiB, 100 %, none), 0 elsewhere.
Eigen::VectorXd oneResidual(const std::vector<Configuration>& configs)
{
    Eigen::VectorXd r = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(configs.size()));
    for (std::size_t i = 0; i < configs.size(); ++i)
        if (configs[i] == config(16, 1024, 100, "none"))
            r(static_cast<Eigen::Index>(i)) = 1.0;
    return r;
}

} // namespace

class TestResidualSmoothing : public QObject {
    Q_OBJECT
private slots:
    // One measured step of each factor weighs exp(-1 / length^2), whatever its unit: 16 -> 64
    // KiB is one step of requests measured two octaves apart, 50 -> 100 % one step of reads. A
    // factor the grouped CV did not hold out (the file set here) is smoothed across not at all.
    void weights_countMeasuredSteps()
    {
        const std::vector<Configuration> configs = training();
        const FeatureSchema schema = FeatureSchema::fromConfigurations(configs);
        const Eigen::MatrixXd x = schema.encode(configs);
        const SmoothingScale scale
            = SmoothingScale::of(schema, x, {Factor::RequestBytes, Factor::ReadPct});
        const SmoothingSpec spec {1.0, 0.0, 1e-9};
        const ResidualSmoother smoother(spec, scale, x, oneResidual(configs));
        const auto at = [&](double kib, double mib, double read, const char* scheduler) {
            return smoother.correction(schema.encode({config(kib, mib, read, scheduler)}))(0);
        };
        const double e1 = std::exp(-1.0);
        // At the residual's own configuration its neighbours (one step in requests, one in reads)
        // dilute it: weight 1 for it, e^-1 for each of the two 4 / 64 KiB and one 50 % row.
        QVERIFY(std::abs(at(16, 1024, 100, "none") - 1.0 / (1.0 + 3.0 * e1 + 2.0 * std::exp(-2.0)))
            < 1e-6);
        // 32 KiB is half a step from 16 and from 64 KiB, 1.5 from 4 KiB.
        const double half = std::exp(-0.25), oneAndHalf = std::exp(-2.25);
        const double expected = half / (2.0 * half + oneAndHalf + e1 * (2.0 * half + oneAndHalf));
        QVERIFY(std::abs(at(32, 1024, 100, "none") - expected) < 1e-6);
        // Another scheduler (weight 0 here) or another file set: nothing carries over.
        QCOMPARE(at(16, 1024, 100, "bfq"), 0.0);
        QCOMPARE(at(16, 2048, 100, "none"), 0.0);
        QCOMPARE(at(16, 4096, 100, "none"), 0.0);
    }

    // The prior pulls a correction towards 0 where few rows are near, and far from every row
    // there is none.
    void correction_fadesAwayFromTheData()
    {
        const std::vector<Configuration> configs = training();
        const FeatureSchema schema = FeatureSchema::fromConfigurations(configs);
        const Eigen::MatrixXd x = schema.encode(configs);
        const SmoothingScale scale = SmoothingScale::of(
            schema, x, {Factor::RequestBytes, Factor::FilesetBytes, Factor::ReadPct});
        const Eigen::VectorXd ones = Eigen::VectorXd::Ones(x.rows());
        const ResidualSmoother weak({1.0, 0.25, 1.0}, scale, x, ones);
        const ResidualSmoother strong({1.0, 0.25, 1e-9}, scale, x, ones);
        const Eigen::MatrixXd near = schema.encode({config(16, 2048, 75, "none")});
        // 1 GiB requests: 7 steps beyond 64 KiB.
        const Eigen::MatrixXd far = schema.encode({config(1048576, 2048, 75, "none")});
        QVERIFY(std::abs(strong.correction(near)(0) - 1.0) < 1e-9);
        QVERIFY(weak.correction(near)(0) > 0.5 && weak.correction(near)(0) < 1.0);
        QVERIFY(std::abs(weak.correction(far)(0)) < 1e-12);
        const ResidualSmoother off(SmoothingSpec {}, scale, x, ones);
        QCOMPARE(off.correction(near)(0), 0.0);
    }

    // A sweep (one factor varying, the others fixed, as the profiler asks) answers as the same
    // configurations asked one at a time.
    void sweep_answersAsSingleConfigurations()
    {
        const std::vector<Configuration> configs = training();
        const FeatureSchema schema = FeatureSchema::fromConfigurations(configs);
        const Eigen::MatrixXd x = schema.encode(configs);
        Eigen::VectorXd residuals(x.rows());
        for (Eigen::Index i = 0; i < x.rows(); ++i)
            residuals(i) = std::sin(1.7 * static_cast<double>(i));
        const SmoothingScale scale = SmoothingScale::of(
            schema, x, {Factor::RequestBytes, Factor::FilesetBytes, Factor::ReadPct});
        const ResidualSmoother smoother({0.5, 0.25, 0.25}, scale, x, residuals);
        std::vector<Configuration> sweep;
        for (double kib = 2.0; kib <= 128.0; kib *= 1.3)
            sweep.push_back(config(kib, 3000, 60, "bfq"));
        std::vector<Configuration> mixed = sweep;
        mixed.push_back(config(8, 1024, 50, "none")); // now no factor is the same in every row
        for (const std::vector<Configuration>& asked : {sweep, mixed}) {
            const Eigen::VectorXd together = smoother.correction(schema.encode(asked));
            for (std::size_t i = 0; i < asked.size(); ++i) {
                const double alone = smoother.correction(schema.encode({asked[i]}))(0);
                QVERIFY(std::abs(together(static_cast<Eigen::Index>(i)) - alone) < 1e-12);
                QVERIFY(alone != 0.0);
            }
        }
    }

    void json_roundTripsAndRefusesMalformedStates()
    {
        const std::vector<Configuration> configs = training();
        const FeatureSchema schema = FeatureSchema::fromConfigurations(configs);
        const Eigen::MatrixXd x = schema.encode(configs);
        const SmoothingScale scale = SmoothingScale::of(schema, x, {Factor::RequestBytes});
        const ResidualSmoother smoother({2.0, 0.25, 1.0}, scale, x, oneResidual(configs));
        const nlohmann::json state = nlohmann::json::parse(smoother.toJson().dump());
        const ResidualSmoother loaded = ResidualSmoother::fromJson(state);
        QVERIFY(loaded.spec() == smoother.spec());
        const Eigen::MatrixXd asked = schema.encode({config(8, 1024, 100, "none")});
        QCOMPARE(loaded.correction(asked)(0), smoother.correction(asked)(0));
        QVERIFY(smoother.correction(asked)(0) > 0.0);

        nlohmann::json badSpec = state;
        badSpec["spec"]["other_label"] = 2.0;
        QVERIFY_THROWS_EXCEPTION(DataError, ResidualSmoother::fromJson(badSpec));
        nlohmann::json badRows = state;
        badRows["residuals"].push_back(0.5);
        QVERIFY_THROWS_EXCEPTION(DataError, ResidualSmoother::fromJson(badRows));
        nlohmann::json badStep = state;
        badStep["step"][0] = 0.0;
        QVERIFY_THROWS_EXCEPTION(DataError, ResidualSmoother::fromJson(badStep));
        QVERIFY_THROWS_EXCEPTION(
            DataError, ResidualSmoother({1.0, 0.0, 1.0}, scale, x, Eigen::VectorXd::Zero(3)));
    }

    void candidates_startWithOff()
    {
        const std::vector<SmoothingSpec> specs = smoothingCandidates();
        QVERIFY(specs.size() > 1);
        QVERIFY(!specs.front().on());
        QCOMPARE(specs.front().label(), std::string("off"));
        for (std::size_t i = 1; i < specs.size(); ++i)
            QVERIFY(specs[i].on());
        QCOMPARE(SmoothingSpec({1.0, 0.25, 1.0}).label(),
            std::string("residuals within 1 step, other labels x0.25, prior 1"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestResidualSmoothing)
#include "test_residual_smoothing.moc"

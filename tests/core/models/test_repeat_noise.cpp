// SPDX-License-Identifier: GPL-3.0-or-later
// The least interval the repeated runs allow: the pooled standard deviation of the runs' logs
// times Student's t, checked against the textbook's table, and what a model file keeps of it.
#include "common/error.hpp"
#include "models/repeat_noise.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

class TestRepeatNoise : public QObject {
    Q_OBJECT
private slots:
    // Pooled variance (2 x 0.04 + 1 x 0.01) / 3 = 0.03 with 3 degrees of freedom; a single run
    // adds nothing. t(0.90, 3) = 1.638 and t(0.95, 3) = 2.353 (any table of Student's t).
    void bounds_arePooledSdTimesStudentsT()
    {
        const RepeatNoise noise = RepeatNoise::of({{3, 0.04}, {1, 0.0}, {2, 0.01}});
        QCOMPARE(noise.degreesOfFreedom(), 3);
        QCOMPARE(noise.configurations(), 2);
        QVERIFY(std::abs(noise.logSd() - std::sqrt(0.03)) < 1e-12);
        const ConformalBounds b80 = noise.bounds(0.8), b90 = noise.bounds(0.9);
        QVERIFY(std::abs(b80.upper - 1.638 * std::sqrt(0.03)) < 1e-3);
        QVERIFY(std::abs(b90.upper - 2.353 * std::sqrt(0.03)) < 1e-3);
        QCOMPARE(b80.lower, -b80.upper);
        QVERIFY_THROWS_EXCEPTION(ConfigError, noise.bounds(1.0));
    }

    void noRepeats_noFloor()
    {
        const RepeatNoise noise = RepeatNoise::of({{1, 0.0}, {1, 0.0}});
        QVERIFY(noise.empty());
        QCOMPARE(noise.bounds(0.8).upper, 0.0);
        QVERIFY(noise.toJson().is_null());
        Eigen::VectorXd lower(1), upper(1);
        lower << 0.9;
        upper << 1.1;
        noise.widen(Eigen::VectorXd::Ones(1), 0.8, lower, upper);
        QCOMPARE(lower(0), 0.9);
        QCOMPARE(upper(0), 1.1);
    }

    // Only bands narrower than the floor move, and only outwards.
    void widen_onlyWhereNarrower()
    {
        const RepeatNoise noise = RepeatNoise::of({{2, 0.01}, {2, 0.01}});
        const double half = noise.bounds(0.8).upper;
        Eigen::VectorXd y(2), lower(2), upper(2);
        y << 0.0, 1.0;
        lower << -0.01, 1.0 - 10.0 * half;
        upper << 0.01, 1.0 + 10.0 * half;
        noise.widen(y, 0.8, lower, upper);
        QCOMPARE(lower(0), -half);
        QCOMPARE(upper(0), half);
        QCOMPARE(lower(1), 1.0 - 10.0 * half);
        QCOMPARE(upper(1), 1.0 + 10.0 * half);
    }

    void json_roundTripsAndRefusesMalformed()
    {
        const RepeatNoise noise = RepeatNoise::of({{4, 0.09}, {3, 0.01}});
        const RepeatNoise back = RepeatNoise::fromJson(noise.toJson());
        QCOMPARE(back.logSd(), noise.logSd());
        QCOMPARE(back.degreesOfFreedom(), noise.degreesOfFreedom());
        QCOMPARE(back.configurations(), noise.configurations());
        QVERIFY(RepeatNoise::fromJson(nullptr).empty());
        for (const char* bad : {R"({"log_sd": -1, "degrees_of_freedom": 2, "configurations": 1})",
                 R"({"log_sd": 0.1, "degrees_of_freedom": 0, "configurations": 1})",
                 R"({"log_sd": 0.1, "configurations": 1})", R"([0.1, 2, 1])"})
            QVERIFY_THROWS_EXCEPTION(DataError, RepeatNoise::fromJson(nlohmann::json::parse(bad)));
    }
};

IOLENS_TEST_APPLESS_MAIN(TestRepeatNoise)
#include "test_repeat_noise.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// Cubist's case table for prediction: one float per row and predictor in row order, unknown
// values (NaN, or beyond a float's range) replaced as RuleQuest does (a continuous column's mean,
// a discrete column's modal level), and a discrete value that is no level index refused with the
// row and column it is in.
#include "common/error.hpp"
#include "models/cubist_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <limits>
#include <string>

using namespace iolens::core;

namespace {

constexpr double kMissingValue = std::numeric_limits<double>::quiet_NaN();

// Column 0 continuous (mean 2.5), column 1 discrete with 3 levels (modal 2), column 2 skipped
// (RuleQuest reads it like a continuous one: its mean, 0, replaces unknowns).
std::vector<cubist::Attribute> threeAttributes()
{
    cubist::Attribute continuous;
    continuous.mean = 2.5f;
    cubist::Attribute discrete;
    discrete.kind = cubist::AttKind::Discrete;
    discrete.levels = 3;
    discrete.modal = 2;
    cubist::Attribute skipped;
    skipped.kind = cubist::AttKind::Skipped;
    return {continuous, discrete, skipped};
}

} // namespace

class TestCubistData : public QObject {
    Q_OBJECT
private slots:
    void makeCases_storesRowsInOrderAsFloats()
    {
        Eigen::MatrixXd x(3, 3);
        x << 0.1, 0, 7, //
            1e3, 1, -2, //
            -4.25, 2, 0.5;
        const cubist::CaseTable cases = cubist::makeCases(x, threeAttributes());
        QCOMPARE(cases.rows, 3);
        QCOMPARE(cases.cols, 3);
        QCOMPARE(cases.values.size(), std::size_t {9});
        for (int i = 0; i < 3; ++i)
            for (int a = 0; a < 3; ++a) {
                QCOMPARE(cases.at(i, a), static_cast<float>(x(i, a)));
                QCOMPARE(cases.row(i)[a], static_cast<float>(x(i, a)));
            }
    }

    void makeCases_replacesUnknownsByMeanOrMode()
    {
        Eigen::MatrixXd x(2, 3);
        x << kMissingValue, kMissingValue, kMissingValue,      //
            1e300, 1, std::numeric_limits<double>::infinity(); // beyond a float: unknown
        const cubist::CaseTable cases = cubist::makeCases(x, threeAttributes());
        QCOMPARE(cases.at(0, 0), 2.5f);
        QCOMPARE(cases.at(0, 1), 2.0f);
        QCOMPARE(cases.at(0, 2), 0.0f);
        QCOMPARE(cases.at(1, 0), 2.5f);
        QCOMPARE(cases.at(1, 1), 1.0f);
        QCOMPARE(cases.at(1, 2), 0.0f);
    }

    void makeCases_refusesValuesThatAreNoLevel_data()
    {
        QTest::addColumn<double>("value");
        QTest::newRow("fractional") << 1.5;
        QTest::newRow("negative") << -1.0;
        QTest::newRow("too large") << 3.0;
    }

    void makeCases_refusesValuesThatAreNoLevel()
    {
        QFETCH(double, value);
        Eigen::MatrixXd x(3, 3);
        x << 0, 0, 0, //
            0, 1, 0,  //
            0, value, 0;
        try {
            cubist::makeCases(x, threeAttributes());
            QFAIL("no DataError");
        } catch (const DataError& e) {
            const std::string message = e.what();
            QVERIFY2(message.find("row 3, column 2") != std::string::npos, e.what());
            QVERIFY2(message.find("not a level index 0..2") != std::string::npos, e.what());
        }
    }

    void makeCases_refusesAnotherColumnCount()
    {
        QVERIFY_THROWS_EXCEPTION(
            DataError, cubist::makeCases(Eigen::MatrixXd::Zero(2, 2), threeAttributes()));
    }
};

IOLENS_TEST_APPLESS_MAIN(TestCubistData)
#include "test_cubist_data.moc"

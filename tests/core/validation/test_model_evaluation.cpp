// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/linear_model.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "validation/model_evaluation.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

class TestModelEvaluation : public QObject {
    Q_OBJECT
private slots:
    void rule_selectsByReadShare_data()
    {
        QTest::addColumn<int>("metric");
        QTest::addColumn<double>("readPct");
        QTest::addColumn<bool>("admitted");
        QTest::newRow("read at 25") << int(Metric::RtReadMs) << 25.0 << true;
        QTest::newRow("read at 0") << int(Metric::TpReadMbs) << 0.0 << false;
        QTest::newRow("write at 75") << int(Metric::TpWriteMbs) << 75.0 << true;
        QTest::newRow("write at 100") << int(Metric::RtWriteMs) << 100.0 << false;
    }
    void rule_selectsByReadShare()
    {
        QFETCH(int, metric);
        QFETCH(double, readPct);
        QFETCH(bool, admitted);
        Configuration c;
        c.readPct = readPct;
        QCOMPARE(RelativeErrorRule {}.admits(static_cast<Metric>(metric), c), admitted);
    }

    void evaluate_figuresAgreeWithPoints()
    {
        const auto data = iolens::test::tieredRows();
        const TrainedModel model
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::RtWriteMs, true});
        const ModelEvaluation e = evaluateModel(model, data, {}, "all");
        // Configurations with writes and read_pct <= 75: read_pct 0 and 50 of the grid.
        for (const Configuration& c : e.configs)
            QVERIFY(c.readPct <= 75.0);
        QVERIFY(e.excludedByRule == 0); // no write metric exists at read_pct 100
        for (Eigen::Index i = 0; i < e.measured.size(); ++i)
            QVERIFY(std::fabs(e.relativeError(i)
                        - std::fabs(e.predicted(i) - e.measured(i)) / e.measured(i))
                < 1e-15);
        QVERIFY(std::fabs(e.meanRelativeError - e.relativeError.mean()) < 1e-15);
        QVERIFY(e.p50 <= e.p90 && e.p90 <= e.p99);
        QCOMPARE(e.cdf.values.size(), static_cast<std::size_t>(e.measured.size()));
    }

    void summarizeEvaluation_handComputedFigures()
    {
        ModelEvaluation e;
        e.measured = Eigen::Vector4d(1.0, 2.0, 4.0, 5.0);
        e.predicted = Eigen::Vector4d(1.1, 1.8, 4.0, 6.0);
        e.relativeError = relativeErrors(e.predicted, e.measured); // 0.1, 0.1, 0, 0.2
        summarizeEvaluation(e);
        const auto near = [](double a, double b) { return std::fabs(a - b) < 1e-12; };
        QVERIFY(near(e.meanRelativeError, 0.1));
        QVERIFY(near(e.p50, 0.1));   // sorted 0, 0.1, 0.1, 0.2: h = 1.5
        QVERIFY(near(e.p90, 0.17));  // h = 2.7: 0.1 + 0.7 x 0.1
        QVERIFY(near(e.p99, 0.197)); // h = 2.97
        QVERIFY(near(e.rmse, std::sqrt(1.05 / 4.0)));
        QVERIFY(near(e.rSquared, 1.0 - 1.05 / 10.0)); // RSS 1.05, TSS 10 around the mean 3
        QCOMPARE(e.cdf.values.size(), std::size_t {4});
        QVERIFY(near(e.cdf.values.back(), 0.2));
        QCOMPARE(e.measured, Eigen::VectorXd(Eigen::Vector4d(1.0, 2.0, 4.0, 5.0)));

        ModelEvaluation single;
        single.measured = Eigen::VectorXd::Constant(1, 2.0);
        single.predicted = Eigen::VectorXd::Constant(1, 3.0);
        single.relativeError = relativeErrors(single.predicted, single.measured);
        summarizeEvaluation(single);
        QCOMPARE(single.rSquared, 0.0); // undefined for one point: reported as 0
        QVERIFY(near(single.p99, 0.5));
    }

    void compare_sameModelGivesNoReduction()
    {
        const auto data = iolens::test::tieredRows();
        const TrainedModel model
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::RtReadMs, true});
        const ModelEvaluation e = evaluateModel(model, data, {}, "all");
        const ModelComparison c = compareEvaluations(e, e);
        QCOMPARE(c.errorReductionPct, 0.0);
        QCOMPARE(c.test.pValue, 1.0);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestModelEvaluation)
#include "test_model_evaluation.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// M5 has no R reference on Debian either: it is checked against its definition as Cubist with
// one member and no neighbours, and against the behaviour ICPE'13 section 3.4 documents
// (splits by standard-deviation reduction, linear models in the leaves, collapsing by the
// complexity-adjusted error MAE (n+p)/(n-p), nsplits capping the rules).
#include "common/error.hpp"
#include "data/aggregation.hpp"
#include "data/dataset.hpp"
#include "data/measurement_csv.hpp"
#include "models/cubist.hpp"
#include "models/m5.hpp"
#include "models/regressor_registry.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>
#include <cstring>

using namespace iolens::core;

namespace {

FeatureSchema numericSchema(const std::vector<std::string>& factors)
{
    nlohmann::json cols = nlohmann::json::array();
    for (const std::string& f : factors)
        cols.push_back(
            {{"factor", f}, {"levels", nlohmann::json::array()}, {"min", 0.0}, {"max", 1.0}});
    const nlohmann::json fixed {{"scheduler", "none"}, {"fileset_bytes", 1}, {"request_bytes", 1},
        {"pattern", "random"}, {"read_pct", 100.0}, {"threads", 1}, {"vms", 1}};
    return FeatureSchema::fromJson({{"columns", cols}, {"fixed", fixed}});
}

/// read_pct = i mod 101 style grid in column 0, request_kib in column 1; y from `f`.
template <typename F> Dataset numericData(int n, F f)
{
    Dataset data;
    data.schema = numericSchema({"read_pct", "request_bytes"});
    data.x.resize(n, 2);
    data.y.resize(n);
    for (int i = 0; i < n; ++i) {
        data.x(i, 0) = i;
        data.x(i, 1) = (i * 37) % 17;
        data.y(i) = f(data.x(i, 0), data.x(i, 1), i);
    }
    return data;
}

Dataset realDataset(const QString& source, Metric metric)
{
    const std::string path
        = source == "local" ? iolens::test::localCsvPath() : iolens::test::tieredCsvPath();
    Dataset data = buildDataset(aggregateRepetitions(readMeasurementsCsv(path)), metric);
    data.y = data.y.array().log();
    return data;
}

bool sameBits(const Eigen::VectorXd& a, const Eigen::VectorXd& b)
{
    return a.size() == b.size()
        && std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<std::size_t>(a.size()))
        == 0;
}

M5 fittedM5(const Dataset& data, int rules = 100)
{
    M5 model(M5Params {rules});
    model.fit(data);
    return model;
}

} // namespace

class TestM5 : public QObject {
    Q_OBJECT

private slots:
    void parameters_areNsplitsOnly()
    {
        const auto model = createRegressor("m5");
        QCOMPARE(model->technique(), std::string("m5"));
        const auto specs = model->paramSpecs();
        QCOMPARE(specs.size(), std::size_t {1});
        QCOMPARE(specs[0].name, std::string("nsplits"));
        QCOMPARE(specs[0].defaultValue, 100.0);
        QCOMPARE(specs[0].minValue, 2.0);
        QCOMPARE(specs[0].searchLow, 2.0);
        QCOMPARE(specs[0].searchHigh, 400.0);
        QVERIFY_THROWS_EXCEPTION(ConfigError, model->setParameters({{"nsplits", 1}}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, model->setParameters({{"ntrees", 2}}));
        model->setParameters({{"nsplits", 7}});
        QCOMPARE(model->parameters(), (ParamValues {{"nsplits", 7}}));
    }

    void m5_isCubistWithOneMemberAndNoNeighbours_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("metric");
        QTest::addColumn<int>("rules");
        QTest::newRow("tiered rt_read") << "tiered" << static_cast<int>(Metric::RtReadMs) << 100;
        QTest::newRow("tiered tp_write 2 rules")
            << "tiered" << static_cast<int>(Metric::TpWriteMbs) << 2;
        QTest::newRow("local rt_write") << "local" << static_cast<int>(Metric::RtWriteMs) << 100;
    }

    void m5_isCubistWithOneMemberAndNoNeighbours()
    {
        QFETCH(QString, source);
        QFETCH(int, metric);
        QFETCH(int, rules);
        const Dataset data = realDataset(source, static_cast<Metric>(metric));
        const M5 m5 = fittedM5(data, rules);
        CubistParams params;
        params.rules = rules;
        Cubist cubist(params);
        cubist.fit(data);
        QVERIFY(sameBits(m5.predict(data.x), cubist.predict(data.x)));
        QCOMPARE(m5.cubist().describeRules(), cubist.describeRules());
        QVERIFY(m5.describe().rfind("M5 model tree", 0) == 0);
    }

    void nsplits_capsTheNumberOfRules_data()
    {
        QTest::addColumn<int>("nsplits");
        for (int n : {2, 3, 5, 8, 100})
            QTest::newRow(qPrintable(QString::number(n))) << n;
    }

    void nsplits_capsTheNumberOfRules()
    {
        QFETCH(int, nsplits);
        // A saw-tooth with eight teeth: an unconstrained tree wants about eight rules.
        const Dataset data = numericData(400,
            [](double x, double, int) { return std::fmod(x, 50.0) * 2.0 + 0.1 * std::sin(x); });
        const M5 model = fittedM5(data, nsplits);
        const std::size_t rules = model.cubist().model().members.front().rules.size();
        QVERIFY2(rules <= static_cast<std::size_t>(nsplits), qPrintable(QString::number(rules)));
        if (nsplits == 100)
            QVERIFY(rules >= 8);
    }

    void split_isChosenByStandardDeviationReduction()
    {
        // y steps at read_pct 30; request_kib is unrelated. The split that reduces the SD most
        // is read_pct <= 30, and each side is a constant.
        const Dataset data = numericData(
            101, [](double x, double, int i) { return (x <= 30 ? 0.0 : 10.0) + 0.001 * (i % 3); });
        const M5 model = fittedM5(data);
        const auto& rules = model.cubist().model().members.front().rules;
        QCOMPARE(rules.size(), std::size_t {2});
        for (const auto& rule : rules) {
            QCOMPARE(rule.conditions.size(), std::size_t {1});
            QCOMPARE(rule.conditions[0].att, 0);
            QCOMPARE(rule.conditions[0].cut, 30.f);
        }
        const Eigen::VectorXd p = model.predict(data.x);
        for (Eigen::Index i = 0; i < data.rows(); ++i)
            QVERIFY(std::abs(p(i) - data.y(i)) < 0.01);
    }

    void pruning_collapsesLinearDataToOneRule()
    {
        // One linear model explains everything: any split adds parameters without reducing the
        // error enough, so the tree collapses to its root: one rule, no conditions.
        const Dataset data = numericData(
            200, [](double x0, double x1, int i) { return 3 * x0 - 2 * x1 + 0.01 * std::sin(i); });
        const M5 model = fittedM5(data);
        const auto& rules = model.cubist().model().members.front().rules;
        QCOMPARE(rules.size(), std::size_t {1});
        QVERIFY(rules[0].conditions.empty());
        QVERIFY(std::abs(rules[0].model[1] - 3) < 0.01);
        QVERIFY(std::abs(rules[0].model[2] + 2) < 0.01);
        QVERIFY(model.describe().find("+ 3 read_pct - 2 request_kib") != std::string::npos);
    }

    void adjustedError_isThePapersComplexityTerm_data()
    {
        QTest::addColumn<double>("err");
        QTest::addColumn<double>("n");
        QTest::addColumn<float>("p");
        QTest::addColumn<double>("expected");
        QTest::newRow("e 2, n 10, p 3") << 2.0 << 10.0 << 3.f << 2.0 * 13 / 7;
        QTest::newRow("p 0") << 1.5 << 4.0 << 0.f << 1.5;
        QTest::newRow("p >= n is capped at n - 1") << 1.0 << 5.0 << 9.f << 9.0;
    }

    void adjustedError_isThePapersComplexityTerm()
    {
        QFETCH(double, err);
        QFETCH(double, n);
        QFETCH(float, p);
        QFETCH(double, expected);
        QCOMPARE(cubist::estimateErr(err, n, p), expected);
    }

    void ruleError_isAdjustedMeanAbsoluteError()
    {
        // A single rule's estimated error is c = MAE (n + v) / (n - v) over its cases, v = its
        // coefficients including the intercept (ICPE'13 section 3.4).
        const Dataset data = numericData(
            150, [](double x0, double x1, int i) { return 0.5 * x0 + x1 + std::sin(3.0 * i); });
        const M5 model = fittedM5(data);
        const auto& m = model.cubist().model();
        QCOMPARE(m.members.front().rules.size(), std::size_t {1});
        const auto& rule = m.members.front().rules.front();
        double mae = 0;
        for (Eigen::Index i = 0; i < data.rows(); ++i) {
            const double f
                = rule.model[0] + rule.model[1] * data.x(i, 0) + rule.model[2] * data.x(i, 1);
            mae += std::abs(data.y(i) - f);
        }
        mae /= static_cast<double>(data.rows());
        const double n = static_cast<double>(data.rows());
        const double v = cubist::countCoefficients(rule.model);
        QCOMPARE(v, 3.0);
        QVERIFY2(std::abs(rule.estErr - mae * (n + v) / (n - v)) < 1e-3 * mae,
            qPrintable(QString("%1 vs %2").arg(rule.estErr).arg(mae * (n + v) / (n - v))));
    }

    void saveLoad_roundTripsBitIdentical()
    {
        const Dataset data = realDataset("tiered", Metric::TpReadMbs);
        const M5 original = fittedM5(data, 20);
        const std::string text = original.saveState().dump();
        M5 loaded;
        loaded.setParameters(original.parameters());
        loaded.loadState(nlohmann::json::parse(text), data.schema);
        QVERIFY(sameBits(original.predict(data.x), loaded.predict(data.x)));
        QCOMPARE(loaded.describe(), original.describe());
    }

    void fit_constantTargetGivesOneConstantRule()
    {
        const Dataset data = numericData(60, [](double, double, int) { return 4.25; });
        M5 model;
        const FitReport report = model.fit(data);
        QCOMPARE(model.cubist().model().members.front().rules.size(), std::size_t {1});
        QVERIFY((model.predict(data.x).array() == 4.25).all());
        QVERIFY(!report.warnings.empty());
        QVERIFY_THROWS_EXCEPTION(StateError, M5().predict(data.x));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestM5)
#include "test_m5.moc"

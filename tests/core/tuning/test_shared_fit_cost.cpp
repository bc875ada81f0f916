// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/measurement_csv.hpp"
#include "models/regressor_registry.hpp"
#include "support/test_data.hpp"
#include "tuning/cross_validation_cost.hpp"
#include "tuning/search_space.hpp"
#include "tuning/shared_fit_cost.hpp"

#include <QTest>

using namespace iolens::core;

namespace {

Dataset tieredLogReadTime()
{
    Dataset data = buildDataset(
        aggregateRepetitions(readMeasurementsCsv(iolens::test::tieredCsvPath())), Metric::RtReadMs);
    data.y = data.y.array().log();
    return data;
}

// Every combination of the given values, in the search space's parameter order.
std::vector<std::vector<double>> grid(const std::vector<SearchDimension>& space,
                                      const std::map<std::string, std::vector<double>>& values)
{
    std::vector<std::vector<double>> points{{}};
    for (const SearchDimension& d : space) {
        std::vector<std::vector<double>> next;
        for (const auto& p : points)
            for (double v : values.at(d.name)) {
                auto q = p;
                q.push_back(v);
                next.push_back(q);
            }
        points = next;
    }
    return points;
}

} // namespace

class TestSharedFitCost : public QObject {
    Q_OBJECT
private slots:
    void sharedFits_giveTheSameCostsAsPlainCrossValidation_data()
    {
        QTest::addColumn<QString>("technique");
        QTest::newRow("cart") << "cart";
        QTest::newRow("cubist") << "cubist";
        QTest::newRow("mars") << "mars";
    }
    void sharedFits_giveTheSameCostsAsPlainCrossValidation()
    {
        QFETCH(QString, technique);
        const Dataset data = tieredLogReadTime();
        const auto prototype = createRegressor(technique.toStdString());
        const auto space = searchSpace(*prototype);
        const std::map<std::string, std::vector<double>> values{
            {"minsplit", {2, 7, 20}},       {"cp", {0.0, 0.001, 0.01, 0.05, 0.3}},
            {"nsplits", {2, 100}},          {"ntrees", {1, 3, 5}},
            {"ninstances", {0, 2, 9}},       {"nk", {3, 21, 60}},
            {"thresh", {0.0, 0.001, 0.05}}, {"nprune", {2, 5, 800}}};
        const auto points = grid(space, values);
        const FoldAssignment folds(data.rows(), 10, 3);
        const SharedFitPlan plan = technique == "cart"     ? cartSharedFitPlan()
                                   : technique == "cubist" ? cubistSharedFitPlan()
                                                           : marsSharedFitPlan();
        std::atomic<bool> cancel{false};
        const auto fast = sharedFitCost(*prototype, space, data, folds, plan)(points, cancel);
        const auto plain = crossValidationCost(*prototype, space, data, folds)(points, cancel);
        QCOMPARE(fast.size(), points.size());
        for (std::size_t i = 0; i < points.size(); ++i) {
            QVERIFY(fast[i] && plain[i]);
            QCOMPARE(*fast[i], *plain[i]); // bit-identical, not just close
        }
    }
};

QTEST_GUILESS_MAIN(TestSharedFitCost)
#include "test_shared_fit_cost.moc"

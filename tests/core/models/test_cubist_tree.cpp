// SPDX-License-Identifier: GPL-3.0-or-later
// Cubist's tree growth: a node sums its cases into one bucket per distinct value of a column
// instead of sorting them as RuleQuest does. Both must choose the same splits, so the whole tree
// (tests, cuts, case counts and node models) is compared with growth that sorts everywhere.
#include "models/cubist_data.hpp"
#include "models/cubist_regress.hpp"
#include "models/cubist_tree.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <numeric>
#include <random>

using namespace iolens::core;

namespace {

/// Rows with a 5-level grid column, a column of distinct random values, a 3-level discrete
/// column and a target with steps, slopes and an interaction, plus noise.
cubist::TrainingSet trainingSet(int rows, unsigned seed, std::vector<cubist::Attribute>& atts)
{
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Eigen::MatrixXd x(rows, 3);
    Eigen::VectorXd y(rows);
    for (int i = 0; i < rows; ++i) {
        x(i, 0) = std::floor(unit(random) * 5) * 4;     // 0, 4, .., 16
        x(i, 1) = std::round(unit(random) * 1e5) / 1e2; // 0 .. 1000, two decimals
        x(i, 2) = std::floor(unit(random) * 3);         // level 0..2
        y(i) = (x(i, 0) > 6 ? 40 : 5) + 0.03 * x(i, 1) * (x(i, 2) == 1 ? 2 : 1)
            + (x(i, 1) > 700 ? 25 : 0) + unit(random);
    }
    return cubist::makeTrainingSet(x, y, {0, 0, 3}, atts);
}

std::unique_ptr<cubist::TreeNode> grow(const cubist::TrainingSet& data, const cubist::Globals& g)
{
    std::vector<int> order(static_cast<std::size_t>(data.x.rows));
    std::iota(order.begin(), order.end(), 0);
    cubist::Regression regression(data.x, g);
    return cubist::TreeBuilder(data.x, g, data.y, order, regression).grow();
}

/// Same tests, cuts, cases and models everywhere; counts the nodes and threshold splits.
void compareTrees(const cubist::TreeNode& a, const cubist::TreeNode& b, int& nodes, int& thresholds)
{
    ++nodes;
    QCOMPARE(a.test, b.test);
    QCOMPARE(a.cases, b.cases);
    QCOMPARE(a.att, b.att);
    QCOMPARE(a.cut, b.cut);
    QCOMPARE(a.left, b.left);
    QCOMPARE(a.right, b.right);
    QCOMPARE(a.model, b.model);
    if (a.isLeaf())
        return;
    thresholds += a.test == cubist::TestType::Threshold;
    for (std::size_t k = 0; k < 2; ++k) {
        compareTrees(*a.branch[k], *b.branch[k], nodes, thresholds);
        if (QTest::currentTestFailed())
            return;
    }
}

} // namespace

class TestCubistTree : public QObject {
    Q_OBJECT
private slots:
    void bucketedGrowth_choosesTheSplitsOfSortedGrowth_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<unsigned>("seed");
        QTest::addColumn<int>("maxRules");
        QTest::newRow("300 rows") << 300 << 1u << 100;
        QTest::newRow("1000 rows, MINITEMS 3") << 1000 << 2u << 400;
        QTest::newRow("60 rows") << 60 << 3u << 100;
    }
    void bucketedGrowth_choosesTheSplitsOfSortedGrowth()
    {
        QFETCH(int, rows);
        QFETCH(unsigned, seed);
        QFETCH(int, maxRules);
        std::vector<cubist::Attribute> atts;
        const cubist::TrainingSet data = trainingSet(rows, seed, atts);
        const cubist::Globals bucketed
            = cubist::findGlobalProperties(data, atts, cubist::Settings {maxRules, 1.f, false});
        // The grid column buckets at every node, the random one at the root only.
        QCOMPARE(bucketed.distinctValues[0].size(), std::size_t {5});
        QVERIFY(bucketed.distinctValues[1].size() > static_cast<std::size_t>(rows) * 9 / 10);
        QVERIFY(bucketed.distinctValues[2].empty()); // discrete
        cubist::Globals sorted = bucketed;
        for (auto& values : sorted.distinctValues)
            values.clear(); // sort at every node, as RuleQuest

        const auto a = grow(data, bucketed);
        const auto b = grow(data, sorted);
        int nodes = 0, thresholds = 0;
        compareTrees(*a, *b, nodes, thresholds);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(thresholds >= 3, qPrintable(QString::number(thresholds)));
        QVERIFY(nodes >= 7);
    }

    void insignificantR_isTheFisherBound()
    {
        std::vector<cubist::Attribute> atts;
        const cubist::TrainingSet data = trainingSet(40, 4u, atts);
        const cubist::Globals g = cubist::findGlobalProperties(data, atts, cubist::Settings {});
        QCOMPARE(g.insignificantR.size(), std::size_t {41});
        for (int n = 0; n < 6; ++n) // fewer than 6 cases: never significant
            QVERIFY(g.insignificantR[static_cast<std::size_t>(n)] > 0.999999);
        // n = 12: tanh(1.96 / 3)
        QVERIFY(std::abs(g.insignificantR[12] - std::tanh(1.96 / 3)) < 1e-12);
        QVERIFY(g.insignificantR[40] < g.insignificantR[12]);
    }
};

IOLENS_TEST_APPLESS_MAIN(TestCubistTree)
#include "test_cubist_tree.moc"

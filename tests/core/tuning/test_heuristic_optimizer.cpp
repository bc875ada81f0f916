// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/test_registry.hpp"
#include "tuning/heuristic_optimizer.hpp"

#include <QTest>

#include <cmath>
#include <set>

using namespace iolens::core;

namespace {

// A convex bowl with its minimum at (1.3, 2.9), counting the evaluations it is asked for.
struct Bowl {
    int evaluations = 0;
    BatchCost cost()
    {
        return [this](const std::vector<std::vector<double>>& points, const std::atomic<bool>&) {
            std::vector<std::optional<double>> costs;
            for (const auto& p : points) {
                ++evaluations;
                costs.push_back((p[0] - 1.3) * (p[0] - 1.3) + (p[1] - 2.9) * (p[1] - 2.9));
            }
            return costs;
        };
    }
};

std::vector<SearchDimension> box()
{
    return {{"x", 0.0, 4.0, false}, {"y", 0.0, 4.0, false}};
}

int countIteration(const OptimizerResult& r, int iteration)
{
    int count = 0;
    for (const auto& p : r.points)
        count += p.iteration == iteration ? 1 : 0;
    return count;
}

} // namespace

class TestHeuristicOptimizer : public QObject {
    Q_OBJECT
private slots:
    void paperExample_firstIterations()
    {
        // ICPE'13 Figure 7: k = 3, n = 2, two parameters.
        Bowl bowl;
        const HeuristicOptimizer optimizer(box(), {3, 2, 2, std::nullopt});
        std::atomic<bool> cancel {false};
        const OptimizerResult r = optimizer.run(bowl.cost(), cancel);
        QCOMPARE(countIteration(r, 0), 1); // the lower corner
        QCOMPARE(r.points.front().values, (std::vector<double> {0.0, 0.0}));
        QCOMPARE(countIteration(r, 1), 24); // 5 x 5 grid over the whole box, minus the corner
        std::set<std::vector<double>> first;
        for (const auto& p : r.points)
            if (p.iteration <= 1)
                first.insert(p.values);
        for (double x = 0; x <= 4; ++x)
            for (double y = 0; y <= 4; ++y)
                QVERIFY(first.count({x, y}));
        // Pivots (1, 3) and (2, 3): boxes [0,2]x[2,4] and [1,3]x[2,4] at half steps; 16 + 7 new.
        QCOMPARE(countIteration(r, 2), 23);
        QCOMPARE(bowl.evaluations, 48);
        QCOMPARE(r.best.values, (std::vector<double> {1.5, 3.0}));
    }

    void convexCost_findsTheOptimum()
    {
        Bowl bowl;
        const HeuristicOptimizer optimizer(box(), {4, 5, 10, std::nullopt});
        std::atomic<bool> cancel {false};
        const OptimizerResult r = optimizer.run(bowl.cost(), cancel);
        QVERIFY(std::fabs(r.best.values[0] - 1.3) < 1e-3);
        QVERIFY(std::fabs(r.best.values[1] - 2.9) < 1e-3);
        QCOMPARE(bowl.evaluations, static_cast<int>(r.points.size())); // nothing evaluated twice
    }

    void integerDimension_roundsHalfToEven()
    {
        const HeuristicOptimizer optimizer(
            {{"minsplit", 2.0, 400.0, true}}, {3, 5, 10, std::nullopt});
        QCOMPARE(optimizer.validValue(0, 2.5), 2.0);
        QCOMPARE(optimizer.validValue(0, 3.5), 4.0);
        QCOMPARE(optimizer.validValue(0, 1000.0), 400.0);
        // k = 3 over [2, 400]: 2, 101.5 -> 102, 201, 300.5 -> 300, 400
        const auto grid = optimizer.gridAround({2.0}, {{{2.0}, 1.0, 0}});
        QCOMPARE(grid.size(), std::size_t {5});
        QCOMPARE(grid[1][0], 102.0);
        QCOMPARE(grid[3][0], 300.0);
    }

    void cancelThenResume_equalsUninterruptedRun()
    {
        Bowl reference;
        const HeuristicOptimizer optimizer(box(), {3, 2, 4, std::nullopt});
        std::atomic<bool> never {false};
        const OptimizerResult full = optimizer.run(reference.cost(), never);

        // Cancel inside the second iteration's batch: half its points get no cost.
        std::atomic<bool> cancel {false};
        int calls = 0;
        const BatchCost interrupted
            = [&](const std::vector<std::vector<double>>& points, const std::atomic<bool>&) {
                  std::vector<std::optional<double>> costs;
                  ++calls;
                  for (std::size_t i = 0; i < points.size(); ++i) {
                      const auto& p = points[i];
                      const bool stop = calls == 3 && i >= points.size() / 2;
                      if (stop)
                          cancel = true;
                      costs.push_back(stop ? std::nullopt
                                           : std::optional<double>((p[0] - 1.3) * (p[0] - 1.3)
                                               + (p[1] - 2.9) * (p[1] - 2.9)));
                  }
                  return costs;
              };
        const OptimizerResult partial = optimizer.run(interrupted, cancel);
        QVERIFY(partial.cancelled);
        QVERIFY(partial.points.size() < full.points.size());

        Bowl resumed;
        std::atomic<bool> go {false};
        const OptimizerResult finished = optimizer.run(resumed.cost(), go, {}, partial.points);
        QCOMPARE(finished.points.size(), full.points.size());
        QCOMPARE(resumed.evaluations, static_cast<int>(full.points.size() - partial.points.size()));
        for (std::size_t i = 0; i < full.points.size(); ++i) {
            QCOMPARE(finished.points[i].values, full.points[i].values);
            QCOMPARE(finished.points[i].iteration, full.points[i].iteration);
        }
        QCOMPARE(finished.best.values, full.best.values);
    }

    void stoppingRule_minImprovement()
    {
        Bowl bowl;
        const HeuristicOptimizer optimizer(box(), {4, 5, 50, 0.5});
        std::atomic<bool> cancel {false};
        const OptimizerResult r = optimizer.run(bowl.cost(), cancel);
        QVERIFY(r.iterations < 50);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestHeuristicOptimizer)
#include "test_heuristic_optimizer.moc"

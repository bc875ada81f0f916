// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cart.hpp"
#include "models/linear_model.hpp"
#include "support/test_registry.hpp"
#include "tuning/search_space.hpp"

#include <QTest>

#include <cmath>
#include <limits>
#include <stdexcept>

using namespace iolens::core;

namespace {

// lm's degree as a dimension (the optimizer leaves it, but any parameter can be one).
const std::vector<SearchDimension> kDegree {{"degree", 1.0, 4.0, true}};

} // namespace

class TestSearchSpace : public QObject {
    Q_OBJECT
private slots:
    void searchSpace_isTheTunedParameters()
    {
        const std::vector<SearchDimension> space = searchSpace(Cart {});
        QVERIFY(space.size() >= 2);
        QCOMPARE(space[0].name, std::string("minsplit"));
        QCOMPARE(space[0].low, 2.0);
        QCOMPARE(space[0].high, 400.0);
        QVERIFY(space[0].integer);
        QCOMPARE(space[1].name, std::string("cp"));
        QVERIFY(searchSpace(LinearModel {}).empty()); // lm's degree is not searched
    }

    // Each point is scored on a clone set to it; a score that throws or is not finite costs
    // +inf (a NaN would stall the search's comparisons), and the prototype is left as it was.
    void perPointCost_scoresEachPointOnItsOwnClone()
    {
        const LinearModel prototype;
        const auto cost = perPointCost(prototype, kDegree, [](Regressor& model) {
            const double degree = model.parameters().at("degree");
            if (degree == 2.0)
                throw std::runtime_error("no fit");
            if (degree == 3.0)
                return std::numeric_limits<double>::quiet_NaN();
            return 10.0 * degree;
        });
        const std::atomic<bool> running {false};
        const auto costs = cost({{1.0}, {2.0}, {3.0}, {4.0}}, running);
        QCOMPARE(costs.size(), std::size_t {4});
        QCOMPARE(*costs[0], 10.0);
        QVERIFY(std::isinf(*costs[1]));
        QVERIFY(std::isinf(*costs[2]));
        QCOMPARE(*costs[3], 40.0);
        QCOMPARE(prototype.parameters().at("degree"), 2.0);
    }

    void perPointCost_cancelledScoresNothing()
    {
        const LinearModel prototype;
        int scored = 0;
        const auto cost = perPointCost(prototype, kDegree, [&scored](Regressor&) {
            ++scored;
            return 1.0;
        });
        const std::atomic<bool> cancelled {true};
        const auto costs = cost({{1.0}, {2.0}}, cancelled);
        QCOMPARE(costs.size(), std::size_t {2});
        QVERIFY(!costs[0] && !costs[1]);
        QCOMPARE(scored, 0);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestSearchSpace)
#include "test_search_space.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/dataset.hpp"
#include "data/measurement_csv.hpp"
#include "models/cart.hpp"
#include "models/regressor_registry.hpp"
#include "support/cart_test_data.hpp"
#include "support/ensemble_test_data.hpp"
#include "support/reference_tools.hpp"
#include "support/rpart_reference.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>
#include <random>
#include <sstream>
#include <thread>

using namespace iolens::core;
using iolens::test::RpartResult;

using namespace iolens::test;

// Serialization, description and the interface of a fitted CART (core/models/cart_describe.cpp
// and the Regressor side of core/models/cart.cpp); test_cart.cpp checks what it fits.
class TestCartDescribe : public QObject {
    Q_OBJECT
private slots:
    // --- serialization, description, interface --------------------------------------------------

    void saveLoad_roundTripsBitIdentical_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("metric");
        QTest::addColumn<int>("minSplit");
        QTest::addColumn<double>("cp");
        QTest::newRow("local rt_read full tree") << "local" << int(Metric::RtReadMs) << 2 << 0.0;
        QTest::newRow("tiered tp_write default")
            << "tiered" << int(Metric::TpWriteMbs) << 20 << 0.01;
        QTest::newRow("single pattern") << "single pattern" << 0 << 5 << 0.001;
        QTest::newRow("synthetic") << "synthetic" << 8 << 10 << 0.003;
        QTest::newRow("root only") << "synthetic" << 8 << 400 << 0.01;
    }
    void saveLoad_roundTripsBitIdentical()
    {
        QFETCH(QString, source);
        QFETCH(int, metric);
        QFETCH(int, minSplit);
        QFETCH(double, cp);
        const Dataset data = namedDataset(source, metric);
        const Cart model = fitted(data, minSplit, cp);
        const Eigen::MatrixXd probe = probeRows(data, 3);
        const std::string text = model.saveState().dump();

        const std::unique_ptr<Regressor> loaded = createRegressor("cart");
        loaded->setParameters(model.parameters());
        loaded->loadState(nlohmann::json::parse(text), data.schema);
        QVERIFY(identical(loaded->predict(probe), model.predict(probe)));
        QCOMPARE(loaded->saveState().dump(), text);
        QCOMPARE(loaded->describe(), model.describe());
        const auto& cart = dynamic_cast<const Cart&>(*loaded);
        QVERIFY(identical(cart.predictAtCp(probe, 0.05), model.predictAtCp(probe, 0.05)));
    }

    void loadState_rejectsInconsistentState_data()
    {
        QTest::addColumn<QString>("kind");
        for (const char* kind : {"format", "parameters", "features", "child index", "level sides",
                 "feature index", "missing field", "no nodes"})
            QTest::newRow(kind) << kind;
    }
    void loadState_rejectsInconsistentState()
    {
        QFETCH(QString, kind);
        const Dataset data = syntheticDataset(1, 160);
        const Cart model = fitted(data, 20, 0.01);
        nlohmann::json state = model.saveState();
        nlohmann::json& nodes = state["nodes"];
        const auto firstWith = [&nodes](const char* key) -> nlohmann::json& {
            for (auto& node : nodes)
                if (node.contains(key))
                    return node;
            throw std::logic_error(std::string("no node with ") + key);
        };
        CartParams params = model.params();
        if (kind == "format")
            state["format"] = 2;
        else if (kind == "parameters")
            params.cp = 0.02;
        else if (kind == "features")
            state["features"][0] = "threads";
        else if (kind == "child index")
            firstWith("right")["right"] = 0;
        else if (kind == "level sides")
            firstWith("level_sides")["level_sides"].push_back(1);
        else if (kind == "feature index")
            firstWith("feature")["feature"] = 17;
        else if (kind == "missing field")
            nodes[0].erase("value");
        else if (kind == "no nodes")
            nodes = nlohmann::json::array();
        Cart loader(params);
        QVERIFY_THROWS_EXCEPTION(DataError, loader.loadState(state, data.schema));
        QVERIFY(!loader.isFitted());
    }

    void describe_givesOneRulePerLeaf()
    {
        Cart model;
        QVERIFY(model.describe().find("not fitted") != std::string::npos);
        const Dataset data = gridDataset("local", Metric::TpWriteMbs, false);
        model.fit(data);
        const std::string text = model.describe();
        std::istringstream lines(text);
        int rules = 0;
        for (std::string line; std::getline(lines, line);)
            rules += line.rfind("  if ", 0) == 0 ? 1 : 0;
        QCOMPARE(rules, model.splitCount() + 1);
        for (const CartNode& node : model.nodes())
            if (!node.isLeaf())
                QVERIFY(
                    text.find(data.schema.columns()[static_cast<std::size_t>(node.feature)].name())
                    != std::string::npos);
    }

    void predict_rejectsBadInput()
    {
        Cart model;
        QVERIFY_THROWS_EXCEPTION(StateError, model.predict(Eigen::MatrixXd::Zero(1, 1)));
        QVERIFY_THROWS_EXCEPTION(StateError, model.predictAtCp(Eigen::MatrixXd::Zero(1, 1), 0.5));
        QVERIFY_THROWS_EXCEPTION(StateError, model.saveState());
        const Dataset data = syntheticDataset(2, 80);
        model.fit(data);
        QVERIFY_THROWS_EXCEPTION(
            DataError, model.predict(Eigen::MatrixXd::Zero(2, data.cols() + 1)));
        Eigen::MatrixXd x = data.x.topRows(1);
        x(0, 0) = 9.0; // scheduler has 4 levels
        QVERIFY_THROWS_EXCEPTION(DataError, model.predict(x));
        for (const double cp : {-0.001, 1.0, double(NAN)})
            QVERIFY_THROWS_EXCEPTION(ConfigError, model.predictAtCp(data.x, cp));
        x(0, 0) = NAN; // a missing level is allowed: it follows the larger child
        QVERIFY(model.predict(x).allFinite());
    }

    // No global state: clones fitted on threads at once give what serial fits give.
    void clones_fitConcurrentlyLikeSerially()
    {
        const Dataset data = gridDataset("local", Metric::RtReadMs, false);
        const Eigen::MatrixXd probe = probeRows(data, 8);
        const std::vector<std::pair<int, double>> settings {
            {2, 0.0}, {5, 0.001}, {20, 0.01}, {9, 0.05}};
        const Cart prototype;
        std::vector<Eigen::VectorXd> serial, parallel(settings.size());
        for (const auto& [minSplit, cp] : settings)
            serial.push_back(fitted(data, minSplit, cp).predict(probe));
        std::vector<std::thread> threads;
        for (std::size_t i = 0; i < settings.size(); ++i)
            threads.emplace_back([&, i] {
                const std::unique_ptr<Regressor> clone = prototype.clone();
                clone->setParameters({{"minsplit", settings[i].first}, {"cp", settings[i].second}});
                clone->fit(data);
                parallel[i] = clone->predict(probe);
            });
        for (std::thread& thread : threads)
            thread.join();
        for (std::size_t i = 0; i < settings.size(); ++i)
            QVERIFY(identical(parallel[i], serial[i]));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestCartDescribe)
#include "test_cart_describe.moc"

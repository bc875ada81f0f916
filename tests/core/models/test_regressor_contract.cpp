// SPDX-License-Identifier: GPL-3.0-or-later
// The Regressor contract (core/models/regressor.hpp), checked for every technique in the registry:
// a technique is covered the moment it is registered. Each check runs through TrainedModel, the
// path every caller takes, so the conservation model (which fits from measurements) is covered
// as well. The techniques' own tests check what they compute; this one checks how they behave.
#include "common/error.hpp"
#include "data/aggregation.hpp"
#include "data/measurement_csv.hpp"
#include "models/regressor_registry.hpp"
#include "models/trained_model.hpp"
#include "support/model_contract_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

using namespace iolens::core;

namespace {

void addTechniqueRows()
{
    QTest::addColumn<QString>("technique");
    for (const std::string& name : techniqueNames())
        QTest::newRow(name.c_str()) << QString::fromStdString(name);
}

// Runs `train`; passes when it gives a model with finite predictions or throws one of iolens's
// own errors (a clear message), fails on anything else (a crash would end the test run).
void expectSensibleModelOrClearError(const std::string& technique,
    const std::vector<AggregatedMeasurement>& rows, const std::vector<Configuration>& probe,
    const char* what)
{
    try {
        const TrainedModel model = iolens::test::trainContractModel(technique, rows);
        const Eigen::VectorXd predicted = model.predict(probe);
        QVERIFY2(predicted.size() == static_cast<Eigen::Index>(probe.size()), what);
        QVERIFY2(predicted.allFinite(), what);
    } catch (const Error& error) {
        QVERIFY2(std::string(error.what()).size() > 10, what);
    }
}

} // namespace

class TestRegressorContract : public QObject {
    Q_OBJECT
private slots:
    void registry_namesAreUniqueAndCreateTheirTechnique()
    {
        const auto names = techniqueNames();
        QVERIFY(names.size() >= 5);
        for (const std::string& name : names) {
            QCOMPARE(std::count(names.begin(), names.end(), name), 1);
            QCOMPARE(createRegressor(name)->technique(), name);
        }
        QVERIFY_THROWS_EXCEPTION(ConfigError, createRegressor("no-such-technique"));
    }

    // The recommended model leads every list: the registry, the window's default choice.
    void defaults_putTheRecommendedModelFirst()
    {
        QCOMPARE(techniqueNames().front(), std::string("auto"));
        const std::vector<std::string> paper {"lm", "mars", "cart", "m5", "cubist"};
        QCOMPARE(paperTechniques(), paper);
        std::vector<std::string> defaults {"auto"};
        defaults.insert(defaults.end(), paper.begin(), paper.end());
        QCOMPARE(defaultTechniques(), defaults);
        QCOMPARE(checkedTechniques({"cart", "auto"}), std::vector<std::string>({"cart", "auto"}));
        try {
            checkedTechniques({"lm", "magic"});
            QFAIL("no exception");
        } catch (const ConfigError& e) {
            QVERIFY2(std::string(e.what()).find("'magic'") != std::string::npos, e.what());
        }
        QVERIFY_THROWS_EXCEPTION(ConfigError, checkedTechniques({}));
    }

    void predictBeforeFit_isAStateError_data() { addTechniqueRows(); }
    void predictBeforeFit_isAStateError()
    {
        QFETCH(QString, technique);
        const auto regressor = createRegressor(technique.toStdString());
        QVERIFY(!regressor->isFitted());
        QVERIFY_THROWS_EXCEPTION(StateError, regressor->predict(Eigen::MatrixXd::Zero(2, 3)));
    }

    void fit_predictsOneFiniteValuePerRow_data() { addTechniqueRows(); }
    void fit_predictsOneFiniteValuePerRow()
    {
        QFETCH(QString, technique);
        const auto& rows = iolens::test::contractRows();
        const TrainedModel model = iolens::test::trainContractModel(technique.toStdString(), rows);
        QVERIFY(model.regressor().isFitted());
        const auto configs = iolens::test::contractConfigurations();
        const Eigen::VectorXd predicted = model.predict(configs);
        QCOMPARE(predicted.size(), static_cast<Eigen::Index>(configs.size()));
        QVERIFY(predicted.allFinite());
        // Log response: exp() is positive, but for a read rate where nothing is read (auto's
        // and the conservation model's Little's law say exactly 0 there).
        for (std::size_t i = 0; i < configs.size(); ++i)
            QVERIFY(configs[i].readPct > 0.0 ? predicted(static_cast<Eigen::Index>(i)) > 0.0
                                             : predicted(static_cast<Eigen::Index>(i)) >= 0.0);
        // The fitted regressor itself answers one value per row of a feature matrix.
        const Eigen::MatrixXd x = model.schema().encode(configs);
        QCOMPARE(model.regressor().predict(x.topRows(3)).size(), Eigen::Index {3});
        QVERIFY(!model.describe().empty());
    }

    void saveAndLoad_giveBitIdenticalPredictions_data() { addTechniqueRows(); }
    void saveAndLoad_giveBitIdenticalPredictions()
    {
        QFETCH(QString, technique);
        const auto& rows = iolens::test::contractRows();
        const TrainedModel model = iolens::test::trainContractModel(technique.toStdString(), rows);
        const TrainedModel loaded
            = TrainedModel::fromJson(nlohmann::json::parse(model.toJson().dump()));
        const auto configs = iolens::test::contractConfigurations();
        const Eigen::VectorXd a = model.predict(configs), b = loaded.predict(configs);
        for (Eigen::Index i = 0; i < a.size(); ++i)
            QCOMPARE(std::bit_cast<std::uint64_t>(b(i)), std::bit_cast<std::uint64_t>(a(i)));
        QCOMPARE(loaded.regressor().technique(), technique.toStdString());
        QVERIFY(loaded.parameters() == model.parameters());
    }

    // Model files written by format version 1 (tests/data/models/v1, by tests/tools/
    // freeze_model_files) still load and predict exactly what they predicted then; auto_state9
    // is an auto model of state version 9 (its intervals scaled per configuration).
    void frozenModelFile_stillLoads_data()
    {
        QTest::addColumn<QString>("path");
        int files = 0;
        for (const auto& entry :
            std::filesystem::directory_iterator(iolens::test::frozenModelDirectory(1))) {
            QTest::newRow(entry.path().stem().c_str())
                << QString::fromStdString(entry.path().string());
            ++files;
        }
        // Every technique registered when format 1 was frozen.
        QVERIFY(files >= 13);
    }
    void frozenModelFile_stillLoads()
    {
        QFETCH(QString, path);
        std::ifstream in(path.toStdString());
        QVERIFY(in.good());
        const nlohmann::json frozen = nlohmann::json::parse(in);
        const TrainedModel loaded = TrainedModel::fromJson(frozen.at("model"));
        const auto configs = iolens::test::contractConfigurations();
        const Eigen::VectorXd predicted = loaded.predict(configs);
        const auto& expected = frozen.at("predictions");
        QCOMPARE(expected.size(), configs.size());
        // But a rate of a direction without requests (a read throughput at 0 % reads), which
        // is 0 since session 60, where the model answered as at the shares it was trained on.
        for (std::size_t i = 0; i < configs.size(); ++i)
            QCOMPARE(predicted(static_cast<Eigen::Index>(i)),
                isRateMetric(loaded.metric())
                        && !metricHasValue(loaded.metric(), configs[i].readPct)
                    ? 0.0
                    : expected[i].get<double>());
    }

    void clone_isIndependentOfTheOriginal_data() { addTechniqueRows(); }
    void clone_isIndependentOfTheOriginal()
    {
        QFETCH(QString, technique);
        const auto& rows = iolens::test::contractRows();
        const TrainedModel model = iolens::test::trainContractModel(technique.toStdString(), rows);
        const Eigen::MatrixXd x = model.schema().encode(iolens::test::contractConfigurations());
        const Eigen::VectorXd before = model.regressor().predict(x);
        std::unique_ptr<Regressor> copy = model.regressor().clone();
        QVERIFY(copy->isFitted());
        QCOMPARE(copy->predict(x), before);
        // Refitting the copy on other data leaves the original as it was.
        if (!copy->fitsFromMeasurements()) {
            Dataset other = buildDataset(rows, Metric::RtWriteMs);
            other.y = other.y.array().log();
            copy->fit(other);
        }
        QCOMPARE(model.regressor().predict(x), before);
        // An unfitted clone stays unfitted.
        QVERIFY(!createRegressor(technique.toStdString())->clone()->isFitted());
    }

    void sameSeed_givesTheSameModel_data() { addTechniqueRows(); }
    void sameSeed_givesTheSameModel()
    {
        QFETCH(QString, technique);
        const auto& rows = iolens::test::contractRows();
        const TrainedModel a = iolens::test::trainContractModel(technique.toStdString(), rows);
        const TrainedModel b = iolens::test::trainContractModel(technique.toStdString(), rows);
        const auto configs = iolens::test::contractConfigurations();
        QCOMPARE(a.predict(configs), b.predict(configs));
    }

    void degenerateData_givesAClearErrorOrASensibleModel_data() { addTechniqueRows(); }
    void degenerateData_givesAClearErrorOrASensibleModel()
    {
        QFETCH(QString, technique);
        const std::string name = technique.toStdString();
        const auto& rows = iolens::test::contractRows();
        const auto probe = iolens::test::contractConfigurations();
        const std::size_t metric = metricIndex(iolens::test::contractMetric());

        auto constant = rows;
        for (auto& row : constant)
            if (row.mean[metric])
                row.mean[metric] = 0.5;
        expectSensibleModelOrClearError(name, constant, probe, "constant target");

        auto duplicated = rows;
        duplicated.insert(duplicated.end(), rows.begin(), rows.end());
        expectSensibleModelOrClearError(name, duplicated, probe, "duplicated rows");

        std::vector<AggregatedMeasurement> oneRequestSize;
        for (const auto& row : rows)
            if (row.config.requestBytes == rows.front().config.requestBytes)
                oneRequestSize.push_back(row);
        expectSensibleModelOrClearError(
            name, oneRequestSize, probe, "a single distinct request size");

        for (std::size_t n : {std::size_t {0}, std::size_t {1}, std::size_t {2}, std::size_t {4}}) {
            std::vector<AggregatedMeasurement> few;
            for (const auto& row : rows)
                if (few.size() < n && row.mean[metric] && row.mean[metricIndex(Metric::RtWriteMs)])
                    few.push_back(row);
            expectSensibleModelOrClearError(name, few, probe, "fewer rows than needed");
        }

        for (double bad : {std::numeric_limits<double>::quiet_NaN(),
                 std::numeric_limits<double>::infinity(), 0.0, -1.0}) {
            auto poisoned = rows;
            for (auto& row : poisoned)
                if (row.mean[metric]) {
                    row.mean[metric] = bad;
                    break;
                }
            expectSensibleModelOrClearError(name, poisoned, probe, "a NaN, infinite or 0 value");
        }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestRegressorContract)
#include "test_regressor_contract.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "workflow/model_assessment.hpp"

#include "common/error.hpp"
#include "data/configuration_filter.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "validation/out_of_sample.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

// Trains and stores a model on the configurations `where` selects.
TrainRequest storeTrained(MeasurementDatabase& db, const std::string& name,
    const std::string& technique, Metric metric, const std::string& where)
{
    TrainRequest request;
    request.technique = technique;
    request.metric = metric;
    request.dataset = "tiered";
    request.where = where;
    storeModel(db, trainModel(db, request), name, request);
    return request;
}

const nlohmann::json& onlyModel(const nlohmann::json& report)
{
    return report.at("models").at(0);
}

// One-VM throughput of a made-up system, and the same workload spread over two VMs: each VM runs
// half the threads on half the file set (ICPE'13 section 6.3) on storage they share, so the two
// together move what one VM with all the threads on all the files would (as concurrent fio
// processes on one disk measured: tests/data/measured/threads-local-disk-multivm.csv).
double oneVmThroughput(const Configuration& c)
{
    return 50.0 * std::sqrt(c.threads) * std::pow(c.requestBytes / 4096.0, 0.4)
        / (1.0 + c.filesetBytes / double(8LL << 30));
}

std::vector<Measurement> oneAndTwoVmMeasurements()
{
    std::vector<Measurement> runs;
    for (int threads : {4, 8, 16})
        for (std::int64_t gib : {1, 2, 4, 8})
            for (std::int64_t kib : {4, 16, 64})
                for (int vms : {1, 2}) {
                    Measurement m;
                    m.config = {"none", gib << 30, kib << 10, Pattern::Random, 0.0, threads, vms};
                    Configuration together = m.config;
                    together.threads = vms * (threads / vms);
                    together.filesetBytes = vms * (m.config.filesetBytes / vms);
                    together.vms = 1;
                    m.setValue(Metric::TpWriteMbs, oneVmThroughput(together));
                    if (vms == 1 || (threads == 16 && gib >= 2))
                        runs.push_back(m);
                }
    return runs;
}

} // namespace

class TestModelAssessment : public QObject {
    Q_OBJECT
private slots:
    // A word that is no scenario and no rule names the scenarios, and the one meant; render's
    // spelling of the multi-VM scenario is taken too.
    void parseScenario_namesAnUnknownWord()
    {
        try {
            parseScenario("extrapolaton");
            QFAIL("no exception");
        } catch (const ConfigError& e) {
            const QString message = QString::fromUtf8(e.what());
            QVERIFY2(message.contains("unknown scenario 'extrapolaton' (did you mean "
                                      "'extrapolation'? use all, cv[=K], grouped,"),
                qPrintable(message));
        }
        QVERIFY_THROWS_EXCEPTION(ConfigError, parseScenario("request_kib>32,fast"));
        QCOMPARE(parseScenario("multivm").filter, std::string("vms>=2"));
        QCOMPARE(parseScenario("multi-vm").filter, std::string("vms>=2"));
        QCOMPARE(parseScenario("request_kib>32").filter, std::string("request_kib>32"));
    }

    void parse_kindsAndAliases()
    {
        using Kind = ScenarioSelection::Kind;
        QCOMPARE(parseScenario("").kind, Kind::Measurements);
        QCOMPARE(parseScenario("cv").kind, Kind::CrossValidation);
        QCOMPARE(parseScenario("cv").folds, 10);
        QCOMPARE(parseScenario("cv=5").folds, 5);
        QCOMPARE(parseScenario("interpolation").kind, Kind::Interpolation);
        QCOMPARE(parseScenario("extrapolation").kind, Kind::Extrapolation);
        QCOMPARE(parseScenario("grouped").kind, Kind::Grouped);
        QCOMPARE(parseScenario("multi-vm").filter, std::string("vms>=2"));
        const ScenarioSelection mixed = parseScenario("split=grid,request_kib>32");
        QCOMPARE(mixed.split, std::optional<std::string>("grid"));
        QCOMPARE(mixed.filter, std::string("request_kib>32"));
    }

    void parse_badScenariosAreConfigErrors()
    {
        for (const char* text : {"cv=1", "cv=x", "cv=3.5", "cv,request_kib>32",
                 "extrapolation,split=a", "grouped,request_kib>4", "speed>3"})
            QVERIFY_THROWS_EXCEPTION(ConfigError, parseScenario(text));
    }

    void crossValidation_isTheLibrarysOnTheTrainingSelection()
    {
        auto db = iolens::test::tieredDatabase();
        storeTrained(db, "m", "cart", Metric::RtReadMs, "pattern=random");
        std::string csv;
        const auto report = assessModels(db, {{"m"}, "cv=5", {}, false}, csv);
        const auto rows = ConfigurationFilter::parse("pattern=random")
                              .apply(aggregateRepetitions(db.measurements({"tiered", {}})));
        const auto expected
            = crossValidatedEvaluation(loadModel(db, "m"), rows, RelativeErrorRule {}, 5, 1);
        QCOMPARE(onlyModel(report).at("mean_relative_error").get<double>(),
            expected.evaluation.meanRelativeError);
        QCOMPARE(
            onlyModel(report).at("points").get<std::size_t>(), expected.evaluation.configs.size());
    }

    // The grouped scenario reports the library's grouped cross-validation of the training
    // selection: the same interpolation and extrapolation figures, every scored point.
    void grouped_isTheLibrarysOnTheTrainingSelection()
    {
        auto db = iolens::test::tieredDatabase();
        storeTrained(db, "m", "cart", Metric::RtReadMs, "");
        std::string csv;
        const auto report = assessModels(db, {{"m"}, "grouped", {}, false}, csv);
        const auto rows = aggregateRepetitions(db.measurements({"tiered", {}}));
        const GroupedEvaluation expected
            = groupedEvaluation(loadModel(db, "m"), rows, RelativeErrorRule {});
        const auto& grouped = onlyModel(report).at("grouped");
        QCOMPARE(grouped.at("interpolation_mean_relative_error").get<double>(),
            expected.cv.interpolationError);
        QCOMPARE(grouped.at("extrapolation_mean_relative_error").get<double>(),
            expected.cv.extrapolationError);
        QCOMPARE(grouped.at("levels").size(), expected.cv.levels.size());
        QVERIFY(grouped.at("interval_coverage").is_null());
        QCOMPARE(
            onlyModel(report).at("points").get<std::size_t>(), expected.evaluation.configs.size());
        QCOMPARE(expected.evaluation.configs.size(), expected.cv.points.size());
    }

    void crossValidation_comparesWithDefaultsOnTheSameFolds()
    {
        auto db = iolens::test::tieredDatabase();
        TrainRequest request;
        request.technique = "cart";
        request.metric = Metric::TpReadMbs;
        request.dataset = "tiered";
        request.params = {{"cp", 0.2}};
        storeModel(db, trainModel(db, request), "coarse", request);
        std::string csv;
        const auto report = assessModels(db, {{"coarse"}, "cv", {}, true}, csv);
        const auto& comparison = onlyModel(report).at("default_parameters");
        // cp = 0.2 prunes the tree to a few leaves: worse than the default cp = 0.01.
        QVERIFY(comparison.at("error_reduction_pct").get<double>() < 0.0);
        const double p = comparison.at("paired_t_p_value").get<double>();
        QVERIFY(p >= 0.0 && p <= 1.0);
    }

    void multiVm_projectsTheOneVmModel()
    {
        auto db = MeasurementDatabase::inMemory();
        db.importMeasurements(oneAndTwoVmMeasurements(), {"vms", "", "", std::nullopt});
        // A tree that keeps every training configuration as a leaf predicts the one-VM points
        // exactly, so the projection alone decides the two-VM error.
        TrainRequest request;
        request.technique = "cart";
        request.metric = Metric::TpWriteMbs;
        request.params = {{"minsplit", 2}, {"cp", 0.0}};
        request.where = "vms=1";
        storeModel(db, trainModel(db, request), "one-vm", request);
        std::string csv;
        const auto report = assessModels(db, {{"one-vm"}, "multi-vm", {}, false}, csv);
        QCOMPARE(onlyModel(report).at("points").get<int>(), 9); // 16 threads x 2..8 GiB x 3 sizes
        QVERIFY(onlyModel(report).at("mean_relative_error").get<double>() < 1e-9);
    }

    void interpolationAndExtrapolation_splitTheUntrainedConfigurations()
    {
        auto db = iolens::test::tieredDatabase();
        // 16 KiB requests lie between the trained 4 and 64 KiB ones; 64 KiB lies above 16 KiB.
        storeTrained(db, "between", "lm", Metric::RtWriteMs, "request_kib!=16");
        storeTrained(db, "below", "lm", Metric::RtWriteMs, "request_kib<=16");
        std::string csv;
        const auto inside = assessModels(db, {{"between"}, "interpolation", {}, false}, csv);
        QVERIFY(onlyModel(inside).at("points").get<int>() > 0);
        QVERIFY(csv.find(",16384,") != std::string::npos);
        QVERIFY(csv.find(",65536,") == std::string::npos);

        csv.clear();
        const auto outside = assessModels(db, {{"below"}, "extrapolation", {}, false}, csv);
        QVERIFY(onlyModel(outside).at("points").get<int>() > 0);
        QVERIFY(csv.find(",65536,") != std::string::npos);
        QVERIFY(csv.find(",16384,") == std::string::npos);

        // Nothing lies inside the ranges of a model trained on the low sizes but not on them.
        csv.clear();
        QVERIFY_THROWS_EXCEPTION(
            DataError, assessModels(db, {{"below"}, "interpolation", {}, false}, csv));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestModelAssessment)
#include "test_model_assessment.moc"

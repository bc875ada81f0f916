// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "data/measurement_csv.hpp"
#include "models/linear_model.hpp"
#include "models/trained_model.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

class TestTrainedModel : public QObject {
    Q_OBJECT
private slots:
    void train_logResponsePredictsOnMetricScale()
    {
        const auto data = iolens::test::tieredRows();
        const TrainedModel model
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::RtReadMs, true});
        QCOMPARE(model.schema().fixedFactors().size(), std::size_t {2}); // threads and vms
        for (const auto& row : data) {
            if (!row.value(Metric::RtReadMs))
                continue;
            const double predicted = model.predict(row.config);
            QVERIFY(predicted > 0.0); // exp() of a log-scale fit is never negative
        }
        QVERIFY(model.describe().find("log scale") != std::string::npos);
    }

    void json_roundTripIsBitIdentical()
    {
        const auto data = aggregateRepetitions(readMeasurementsCsv(iolens::test::localCsvPath()));
        const TrainedModel model = TrainedModel::train(
            std::make_unique<LinearModel>(), data, {Metric::TpWriteMbs, false});
        const TrainedModel loaded
            = TrainedModel::fromJson(nlohmann::json::parse(model.toJson().dump()));
        std::vector<Configuration> configs;
        for (const auto& row : data)
            configs.push_back(row.config);
        const Eigen::VectorXd a = model.predict(configs), b = loaded.predict(configs);
        for (Eigen::Index i = 0; i < a.size(); ++i)
            QCOMPARE(b(i), a(i));
        QCOMPARE(loaded.metric(), Metric::TpWriteMbs);
        QCOMPARE(loaded.logResponse(), false);
    }

    // Trained on pure reads only, a read throughput still has no value where nothing is read:
    // 0 at 0 % reads, not the answer at 100 % (the read share was never varied), and a response
    // time is answered as it was.
    void predict_rateOfADirectionWithoutRequestsIsZero()
    {
        std::vector<AggregatedMeasurement> reads;
        for (const auto& row :
            aggregateRepetitions(readMeasurementsCsv(iolens::test::localCsvPath())))
            if (row.config.readPct == 100.0)
                reads.push_back(row);
        const TrainedModel rate = TrainedModel::train(
            std::make_unique<LinearModel>(), reads, {Metric::TpReadMbs, true});
        const TrainedModel time
            = TrainedModel::train(std::make_unique<LinearModel>(), reads, {Metric::RtReadMs, true});
        Configuration none = reads.front().config;
        none.readPct = 0.0;
        const std::vector<Configuration> asked {reads.front().config, none};
        const Eigen::VectorXd y = rate.predict(asked);
        QVERIFY(y(0) > 0.0);
        QCOMPARE(y(1), 0.0);
        QCOMPARE(time.predict(none), time.predict(reads.front().config));
    }

    // A factor constant in training is named with the unit its value is in.
    void describe_namesConstantFactorsInTheirUnit()
    {
        std::vector<AggregatedMeasurement> oneSize;
        const auto data = aggregateRepetitions(readMeasurementsCsv(iolens::test::localCsvPath()));
        for (const auto& row : data)
            if (row.config.requestBytes == data.front().config.requestBytes)
                oneSize.push_back(row);
        const TrainedModel model = TrainedModel::train(
            std::make_unique<LinearModel>(), oneSize, {Metric::RtReadMs, true});
        const std::string expected = " request_kib="
            + formatNumber(static_cast<double>(data.front().config.requestBytes) / 1024.0);
        QVERIFY2(model.describe().find(expected) != std::string::npos, model.describe().c_str());
        QVERIFY(model.describe().find("request_bytes") == std::string::npos);
    }

    void predict_unknownSchedulerIsAnInputError()
    {
        const auto data = aggregateRepetitions(readMeasurementsCsv(iolens::test::localCsvPath()));
        const TrainedModel model
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::RtReadMs, true});
        Configuration config = data.front().config;
        config.scheduler = "kyber";
        QVERIFY_THROWS_EXCEPTION(DataError, model.predict(config));
    }

    void fromJson_rejectsNewerFormat()
    {
        nlohmann::json json
            = {{"format", "iolens-model"}, {"version", TrainedModel::kFormatVersion + 1}};
        QVERIFY_THROWS_EXCEPTION(DataError, TrainedModel::fromJson(json));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestTrainedModel)
#include "test_trained_model.moc"

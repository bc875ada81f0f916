// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/aggregation.hpp"
#include "document/example_database.hpp"
#include "models/regressor_registry.hpp"
#include "prediction/model_validation.hpp"
#include "support/multi_vm_data.hpp"
#include "support/test_registry.hpp"
#include "validation/out_of_sample.hpp"

#include <QTest>

#include <atomic>

using namespace iolens::ui;
using iolens::core::AggregatedMeasurement;
using iolens::core::Metric;

namespace {

constexpr Metric kMetric = Metric::RtReadMs;

iolens::core::TrainedModel trainLm(const std::vector<AggregatedMeasurement>& rows)
{
    iolens::core::TrainingOptions options;
    options.metric = kMetric;
    return iolens::core::TrainedModel::train(iolens::core::createRegressor("lm"), rows, options);
}

} // namespace

class TestModelValidation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_runs = loadExampleDatabase(Example::Tiered).measurements();
        m_rows = iolens::core::aggregateRepetitions(m_runs);
        QVERIFY(m_rows.size() > 20);
    }

    void validateModel_crossValidatesAndSkipsMultiVmOnOneVmData()
    {
        const auto model = trainLm(m_rows);
        const ValidationOutcome outcome
            = validateModel(model, {&m_rows, &m_rows, nullptr, {}, 10, 1, false});
        QVERIFY2(outcome.result.has_value(), outcome.error.c_str());
        QVERIFY(outcome.error.empty());
        const auto& scored = outcome.result->evaluation.configs;
        QVERIFY(!scored.empty());
        QVERIFY(scored.size() <= m_rows.size());
        QVERIFY(outcome.result->cost > 0.0);
        // Each holdout has figures or a reason, never both, never neither.
        QCOMPARE(outcome.interpolation.has_value(), outcome.interpolationError.empty());
        QCOMPARE(outcome.extrapolation.has_value(), outcome.extrapolationError.empty());
        QVERIFY(!outcome.multiVm);
        QCOMPARE(
            outcome.multiVmError, std::string("the data has no measurement with 2 or more VMs"));

        MetricValidation validation;
        validation.ticket = 7;
        outcome.applyTo(validation);
        QCOMPARE(validation.state, MetricValidation::State::Done);
        QCOMPARE(validation.ticket, std::uint64_t {7}); // the job's ticket is not the outcome's
        QCOMPARE(validation.result->cost, outcome.result->cost);
        QCOMPARE(validation.multiVmError, outcome.multiVmError);
    }

    void validateModel_cancelledSkipsTheScenariosNotStarted()
    {
        const auto model = trainLm(m_rows);
        const std::atomic<bool> cancelled {true};
        ValidationInput input {&m_rows, &m_rows, nullptr, {}, 10, 1, false};
        input.cancelled = &cancelled;
        const ValidationOutcome outcome = validateModel(model, input);
        QVERIFY(outcome.error.find("cancelled") != std::string::npos);
        QVERIFY(!outcome.interpolation && !outcome.extrapolation && !outcome.grouped);
        QVERIFY(outcome.interpolationError.empty() && outcome.groupedError.empty());
        // Not set: every scenario runs.
        const std::atomic<bool> running {false};
        input.cancelled = &running;
        const ValidationOutcome full = validateModel(model, input);
        QVERIFY2(full.error.empty(), full.error.c_str());
        QVERIFY(full.grouped || !full.groupedError.empty());
    }

    // The window's grouped scenario is the command line's (`evaluate --scenario grouped`):
    // the same held-out predictions, copied into the validation the Error CDF tab reads.
    void validateModel_groupedScenarioIsTheCommandLinesGroupedEvaluation()
    {
        const auto model = trainLm(m_rows);
        const ValidationOutcome outcome
            = validateModel(model, {&m_rows, &m_rows, nullptr, {}, 10, 1, false});
        QVERIFY2(outcome.grouped.has_value(), outcome.groupedError.c_str());
        const auto reference = iolens::core::groupedEvaluation(model, m_rows, {}).evaluation;
        QVERIFY(reference.configs.size() > 10);
        QCOMPARE(outcome.grouped->configs.size(), reference.configs.size());
        QVERIFY(outcome.grouped->predicted == reference.predicted);
        QCOMPARE(outcome.grouped->meanRelativeError, reference.meanRelativeError);

        MetricValidation validation;
        outcome.applyTo(validation);
        const auto* shown = validation.evaluation(ErrorScenario::Grouped);
        QVERIFY(shown);
        QCOMPARE(shown->meanRelativeError, reference.meanRelativeError);

        // Too few levels to leave any out: a reason instead of figures.
        const std::vector<AggregatedMeasurement> two(m_rows.begin(), m_rows.begin() + 2);
        const ValidationOutcome few = validateModel(model, {&two, &two, nullptr, {}, 10, 1, false});
        QVERIFY(!few.grouped);
        QVERIFY(!few.groupedError.empty());
    }

    void validateModel_sameSeedGivesSameFigures()
    {
        const auto model = trainLm(m_rows);
        const auto first = validateModel(model, {&m_rows, &m_rows, nullptr, {}, 5, 3, false});
        const auto second = validateModel(model, {&m_rows, &m_rows, nullptr, {}, 5, 3, false});
        QVERIFY(first.result && second.result);
        QCOMPARE(first.result->cost, second.result->cost);
    }

    void validateModel_multiVmPredictsOnlyTheRowsWithSeveralVms()
    {
        const auto all = iolens::core::aggregateRepetitions(iolens::test::withTwoVms(m_runs));
        const auto oneVm = trainingRows(all, TrainingRows::OneVm);
        QVERIFY(!oneVm.empty() && oneVm.size() < all.size());
        const auto model = trainLm(oneVm);
        const ValidationOutcome outcome
            = validateModel(model, {&oneVm, &all, nullptr, {}, 10, 1, true});
        QVERIFY2(outcome.multiVm.has_value(), outcome.multiVmError.c_str());
        QVERIFY(!outcome.multiVm->configs.empty());
        for (const auto& config : outcome.multiVm->configs)
            QCOMPARE(config.vms, 2);
    }

    void validateModel_tooFewRowsGivesReasonsAndApplyMarksFailed()
    {
        const auto model = trainLm(m_rows);
        const std::vector<AggregatedMeasurement> few(m_rows.begin(), m_rows.begin() + 3);
        const ValidationOutcome outcome
            = validateModel(model, {&few, &few, nullptr, {}, 10, 1, false});
        QVERIFY(!outcome.result);
        QVERIFY(!outcome.error.empty());

        MetricValidation validation;
        outcome.applyTo(validation);
        QCOMPARE(validation.state, MetricValidation::State::Failed);
        QCOMPARE(validation.error, outcome.error);
    }

    void parseRuleScenario_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("accepted");
        QTest::addColumn<QString>("errorPart");
        QTest::newRow("filter") << QStringLiteral("  request_kib>32 ") << true << QString();
        QTest::newRow("cv") << QStringLiteral("cv") << false << QStringLiteral("scenarios of");
        QTest::newRow("dataset") << QStringLiteral("dataset=x,request_kib>32") << false
                                 << QStringLiteral("dataset=");
        QTest::newRow("no clause")
            << QStringLiteral("all") << false << QStringLiteral("picks the measurements");
        QTest::newRow("none") << QStringLiteral("request_kib>1000000") << false
                              << QStringLiteral("no measurement matches");
        QTest::newRow("every") << QStringLiteral("request_kib>0") << false
                               << QStringLiteral("every measurement matches");
    }

    void parseRuleScenario()
    {
        QFETCH(QString, text);
        QFETCH(bool, accepted);
        QFETCH(QString, errorPart);
        const RuleParse parsed = ::parseRuleScenario(text, &m_rows);
        QCOMPARE(parsed.rule.has_value(), accepted);
        if (accepted) {
            QCOMPARE(parsed.rule->text, text.trimmed());
            QCOMPARE(parsed.rule->filter, std::string("request_kib>32"));
            QVERIFY(!parsed.rule->split);
            QVERIFY(parsed.error.isEmpty());
        } else {
            QVERIFY2(parsed.error.contains(errorPart), qPrintable(parsed.error));
        }
    }

    void evaluateRule_predictsOnlyTheRowsTheRulePicks()
    {
        const auto model = trainLm(m_rows);
        RuleInput input;
        input.rows = &m_rows;
        input.filter = "request_kib>32";
        input.name = "request_kib>32";
        const RuleOutcome outcome = evaluateRule(model, input);
        QVERIFY2(outcome.result.has_value(), outcome.error.c_str());
        QCOMPARE(outcome.result->scenario, input.name);
        QVERIFY(!outcome.result->configs.empty());
        for (const auto& config : outcome.result->configs)
            QVERIFY(config.requestBytes > 32 * 1024);

        input.filter = "request_kib>1000000";
        const RuleOutcome none = evaluateRule(model, input);
        QVERIFY(!none.result);
        QCOMPARE(none.error, "no measurement matches " + input.name);
    }

private:
    std::vector<iolens::core::Measurement> m_runs;
    std::vector<AggregatedMeasurement> m_rows;
};

IOLENS_TEST_GUILESS_MAIN(TestModelValidation)
#include "test_model_validation.moc"

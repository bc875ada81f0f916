// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "models/vm_projection.hpp"
#include "prediction/scenario_evaluation.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>
#include <iterator>

using namespace iolens::ui;
using iolens::core::Configuration;
using iolens::core::Factor;
using iolens::core::Metric;

namespace {

ModelEntry trainedEntry(
    const std::vector<iolens::core::Measurement>& runs, const std::string& technique)
{
    ModelEntry entry;
    entry.label = QString::fromStdString(technique);
    entry.technique = technique;
    entry.trained = true;
    entry.models = trainModelSet(runs, technique);
    return entry;
}

// A model stored in the database, trained on the part of `runs` that `keep` admits.
template <typename Keep>
ModelEntry storedEntry(const std::vector<iolens::core::Measurement>& runs,
    const std::string& technique, const QString& label, Keep keep)
{
    std::vector<iolens::core::Measurement> part;
    std::copy_if(runs.begin(), runs.end(), std::back_inserter(part),
        [&keep](const iolens::core::Measurement& run) { return keep(run.config); });
    ModelEntry entry = trainedEntry(part, technique);
    entry.label = label;
    entry.origin = ModelOrigin::Stored;
    return entry;
}

// The notes about `factor`.
std::vector<ExtrapolationNote> notesOf(const ScenarioEvaluation& result, Factor factor)
{
    std::vector<ExtrapolationNote> notes;
    for (const ExtrapolationNote& note : result.extrapolation)
        if (note.factor == factor)
            notes.push_back(note);
    return notes;
}

} // namespace

class TestScenarioEvaluation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_runs = loadExampleDatabase(Example::Tiered).measurements();
        m_measured = MeasuredLookup(m_runs);
        m_entries = {trainedEntry(m_runs, "lm"), trainedEntry(m_runs, "cart")};
    }

    void evaluate_measuredConfigurationShowsMeanAndRse()
    {
        const iolens::core::AggregatedMeasurement* repeated = nullptr;
        for (const auto& row : m_measured.all())
            if (row.repetitions > 1 && row.config.readPct == 100.0)
                repeated = &row;
        QVERIFY(repeated);
        const ScenarioEvaluation result = evaluateScenario(repeated->config, m_measured, m_entries);
        QVERIFY(result.modelsReady());
        QCOMPARE(result.repetitions, repeated->repetitions);
        const MetricEvaluation& read = result.metrics[0];
        QCOMPARE(read.metric, Metric::RtReadMs);
        QCOMPARE(read.measured, repeated->value(Metric::RtReadMs));
        QCOMPARE(read.rse, repeated->rse(Metric::RtReadMs));
        QVERIFY(read.rse.has_value());
        // 100 % reads: no writes, so the write metrics do not apply and are not predicted.
        QVERIFY(!result.metrics[1].applies);
        for (const ModelPrediction& prediction : result.metrics[1].predictions)
            QVERIFY(!prediction.value);
        QVERIFY(result.extrapolation.empty());
    }

    void evaluate_predictsWithEveryModelSideBySide()
    {
        const Configuration config = m_measured.all().front().config;
        const ScenarioEvaluation result = evaluateScenario(config, m_measured, m_entries);
        QCOMPARE(result.models.size(), std::size_t {2});
        QCOMPARE(result.models[0].label, QStringLiteral("lm"));
        QCOMPARE(result.models[1].label, QStringLiteral("cart"));
        QCOMPARE(result.models[1].parameters, QStringLiteral("minsplit=20 cp=0.01"));
        for (const MetricEvaluation& metric : result.metrics) {
            QCOMPARE(metric.predictions.size(), std::size_t {2});
            if (!metric.applies)
                continue;
            for (std::size_t m = 0; m < 2; ++m)
                QCOMPARE(*metric.predictions[m].value,
                    m_entries[m].model(metric.metric)->predict(config));
        }
        // lm and a tree answer differently: the columns are not copies of one model.
        QVERIFY(result.metrics[3].predictions[0].value != result.metrics[3].predictions[1].value);
    }

    // The recommended model answers with its 80 % interval too; lm and cart have none.
    void evaluate_givesTheIntervalOfAModelThatHasOne()
    {
        const std::vector<ModelEntry> entries {trainedEntry(m_runs, "auto"), m_entries[0]};
        Configuration config = m_measured.all().front().config;
        config.readPct = 50.0;
        config.vms = 2;
        const ScenarioEvaluation result = evaluateScenario(config, m_measured, entries);
        for (const MetricEvaluation& metric : result.metrics) {
            const ModelPrediction& recommended = metric.predictions[0];
            QVERIFY(recommended.value && recommended.lower && recommended.upper);
            const auto expected = iolens::core::predictIntervalSpreadOverVms(
                *entries[0].model(metric.metric), {config}, kPredictionIntervalLevel);
            QVERIFY(expected);
            QCOMPARE(*recommended.lower, expected->first(0));
            QCOMPARE(*recommended.upper, expected->second(0));
            QVERIFY(*recommended.lower <= *recommended.value);
            QVERIFY(*recommended.value <= *recommended.upper);
            QVERIFY(!metric.predictions[1].lower && !metric.predictions[1].upper);
        }
    }

    void evaluate_spreadsTheWorkloadOverTheVmsAsThePaperDoes()
    {
        // ICPE'13 section 6.3: three VMs share the threads and the file set, 5 threads each on a
        // third of the files, and together the storage they share: a one-VM model answers for
        // 15 threads on all the files. It learned no thread count (16 in every run), so by
        // Little's law 15 threads move 15/16 of its throughput.
        Configuration config = m_measured.all().front().config;
        config.readPct = 50;
        config.vms = 3;
        Configuration together = config;
        together.vms = 1;
        together.filesetBytes = 3 * (config.filesetBytes / 3);
        const ScenarioEvaluation result = evaluateScenario(config, m_measured, m_entries);
        const auto* cart = &m_entries[1];
        QCOMPARE(*result.metrics[0].predictions[1].value,
            cart->model(Metric::RtReadMs)->predict(together));
        QCOMPARE(*result.metrics[3].predictions[1].value,
            15.0 / 16.0 * cart->model(Metric::TpWriteMbs)->predict(together));
        QCOMPARE(config.threads, 16);
    }

    void evaluate_waitsForModelsStillTraining()
    {
        std::vector<ModelEntry> entries = m_entries;
        ModelEntry pending;
        pending.label = QStringLiteral("mars");
        pending.technique = "mars";
        entries.push_back(pending);
        const Configuration config = m_measured.all().front().config;
        const ScenarioEvaluation result = evaluateScenario(config, m_measured, entries);
        QVERIFY(!result.modelsReady());
        QVERIFY(!result.models[2].trained);
        QVERIFY(result.repetitions >= 1);
        for (const MetricEvaluation& metric : result.metrics) {
            QVERIFY(!metric.predictions[2].value);
            QVERIFY(metric.predictions[2].error.empty());
        }
        QVERIFY(!evaluateScenario(config, m_measured, {}).modelsReady());
    }

    void evaluate_addedEntryAnswersOnlyForItsMetrics()
    {
        ModelEntry added;
        added.label = QStringLiteral("lm (optimized)");
        added.technique = "lm";
        added.origin = ModelOrigin::Optimized;
        added.trained = true;
        added.models.models.push_back(*m_entries[0].models.find(Metric::TpWriteMbs));
        Configuration config = m_measured.all().front().config;
        config.readPct = 50.0;
        const ScenarioEvaluation result = evaluateScenario(config, m_measured, {added});
        QVERIFY((result.models[0].covers == std::array<bool, 4> {false, false, false, true}));
        QVERIFY(result.metrics[3].predictions[0].value);
        QVERIFY(!result.metrics[0].predictions[0].value);
        QVERIFY(result.metrics[0].predictions[0].error.empty());
    }

    void evaluate_reportsAFailedTraining()
    {
        ModelEntry failed = trainedEntry({}, "lm"); // no rows to train on
        const Configuration config = m_measured.all().front().config;
        const ScenarioEvaluation result = evaluateScenario(config, m_measured, {failed});
        QVERIFY(result.modelsReady());
        for (const MetricEvaluation& metric : result.metrics) {
            if (!metric.applies)
                continue;
            QVERIFY(!metric.predictions[0].value);
            QVERIFY(!metric.predictions[0].error.empty());
        }
    }

    // A stored model trained on a selection of its own (small requests, one scheduler) is
    // judged against that domain: flagged by name where the open data's models are not, and a
    // stored model with the open data's range shares their note.
    void evaluate_flagsStoredModelsAgainstTheirOwnTrainingDomain()
    {
        const Configuration first = m_measured.all().front().config;
        auto entries = m_entries;
        entries.push_back(
            storedEntry(m_runs, "lm", QStringLiteral("lm-small"), [&first](const Configuration& c) {
                return c.requestBytes <= 16 * 1024 && c.scheduler == first.scheduler;
            }));
        entries.push_back(storedEntry(
            m_runs, "lm", QStringLiteral("lm-all"), [](const Configuration&) { return true; }));

        // Measured, so inside the open data: only the small model leaves its domain.
        Configuration inside;
        bool found = false;
        for (const auto& row : m_measured.all())
            if (row.config.requestBytes == 64 * 1024 && row.config.scheduler != first.scheduler
                && row.config.readPct > 0.0 && row.config.readPct < 100.0) {
                inside = row.config;
                found = true;
            }
        QVERIFY(found);
        ScenarioEvaluation result = evaluateScenario(inside, m_measured, entries);
        std::vector<ExtrapolationNote> request = notesOf(result, Factor::RequestBytes);
        QCOMPARE(request.size(), std::size_t {1});
        QCOMPARE(request[0].models, QStringList {QStringLiteral("lm-small")});
        QCOMPARE(request[0].max, 16.0); // its own range, in KiB
        QCOMPARE(request[0].value, 64.0);
        const std::vector<ExtrapolationNote> scheduler = notesOf(result, Factor::Scheduler);
        QCOMPARE(scheduler.size(), std::size_t {1});
        QCOMPARE(scheduler[0].models, QStringList {QStringLiteral("lm-small")});
        QCOMPARE(scheduler[0].trainedLevel, first.scheduler);
        QCOMPARE(scheduler[0].level, inside.scheduler);

        // Beyond the open data too: the window's models and lm-all share one note, lm-small
        // has its own.
        inside.requestBytes = 256 * 1024;
        result = evaluateScenario(inside, m_measured, entries);
        request = notesOf(result, Factor::RequestBytes);
        QCOMPARE(request.size(), std::size_t {2});
        QVERIFY(request[0].models.isEmpty());
        QCOMPARE(request[0].max, 64.0);
        QCOMPARE(request[1].models, QStringList {QStringLiteral("lm-small")});
        QCOMPARE(request[1].max, 16.0);
    }

    void evaluate_flagsFactorsOutsideTheTrainingData()
    {
        Configuration config = m_measured.all().front().config;
        config.readPct = 50.0;
        // Only 1 VM was measured, so the models answer 2 VMs by projection (ICPE'13 section 6.3):
        // all their threads on all their files, which the data has, and the note says so.
        config.vms = 2;
        config.requestBytes = 256 * 1024; // measured 4..64 KiB
        const ScenarioEvaluation result = evaluateScenario(config, m_measured, m_entries);
        QCOMPARE(result.repetitions, 0);
        bool vms = false;
        bool request = false;
        for (const ExtrapolationNote& note : result.extrapolation) {
            QVERIFY(note.factor != Factor::Threads); // 2 x 8 threads: the 16 of the data
            if (note.factor == Factor::Vms) {
                vms = true;
                QVERIFY(note.projected); // not a model ignoring the factor
                QCOMPARE(note.min, 1.0);
                QCOMPARE(note.max, 1.0);
                QCOMPARE(note.value, 2.0);
                // Two models per metric, each metric named once.
                QCOMPARE(note.metrics.size(), std::size_t {4});
            }
            if (note.factor == Factor::RequestBytes) {
                request = true;
                QCOMPARE(note.value, 256.0); // KiB, the modelling unit
                QCOMPARE(note.max, 64.0);
            }
        }
        QVERIFY(vms);
        QVERIFY(request);
        for (const MetricEvaluation& metric : result.metrics)
            for (const ModelPrediction& prediction : metric.predictions)
                QVERIFY(prediction.value.has_value());
    }

    void metricApplies_readsAndWrites()
    {
        QVERIFY(!metricApplies(Metric::RtReadMs, 0.0));
        QVERIFY(metricApplies(Metric::RtReadMs, 1.0));
        QVERIFY(!metricApplies(Metric::TpWriteMbs, 100.0));
        QVERIFY(metricApplies(Metric::TpWriteMbs, 99.0));
    }

private:
    std::vector<iolens::core::Measurement> m_runs;
    MeasuredLookup m_measured;
    std::vector<ModelEntry> m_entries;
};

IOLENS_TEST_GUILESS_MAIN(TestScenarioEvaluation)
#include "test_scenario_evaluation.moc"

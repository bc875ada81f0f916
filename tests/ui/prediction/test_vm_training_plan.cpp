// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/aggregation.hpp"
#include "data/measurement_csv.hpp"
#include "prediction/vm_training_plan.hpp"
#include "support/multi_vm_data.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;
using iolens::core::Measurement;

class TestVmTrainingPlan : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_oneVm = iolens::core::readMeasurementsCsv(iolens::test::tieredCsvPath());
        m_mixed = iolens::test::withTwoVms(m_oneVm);
    }

    void plan_oneVmDataTrainsOnAllRowsOnly()
    {
        const auto plan = vmTrainingPlan(iolens::core::aggregateRepetitions(m_oneVm));
        QCOMPARE(plan.size(), std::size_t {1});
        QCOMPARE(plan.front(), TrainingRows::All);
    }

    void plan_onlyMultiVmDataHasNothingToProjectFrom()
    {
        std::vector<Measurement> twoVms(
            m_mixed.begin() + static_cast<long>(m_oneVm.size()), m_mixed.end());
        const auto plan = vmTrainingPlan(iolens::core::aggregateRepetitions(twoVms));
        QCOMPARE(plan.size(), std::size_t {1});
        QCOMPARE(plan.front(), TrainingRows::All);
    }

    void plan_mixedDataAddsTheOneVmModel()
    {
        const auto plan = vmTrainingPlan(iolens::core::aggregateRepetitions(m_mixed));
        QCOMPARE(plan.size(), std::size_t {2});
        QCOMPARE(plan[0], TrainingRows::All);
        QCOMPARE(plan[1], TrainingRows::OneVm);
    }

    void trainingRuns_keepsTheOneVmRowsInOrder()
    {
        QCOMPARE(trainingRuns(m_mixed, TrainingRows::All).size(), m_mixed.size());
        const auto oneVm = trainingRuns(m_mixed, TrainingRows::OneVm);
        QCOMPARE(oneVm.size(), m_oneVm.size());
        for (std::size_t i = 0; i < oneVm.size(); ++i)
            QVERIFY(oneVm[i].config == m_oneVm[i].config);
        const auto rows = iolens::core::aggregateRepetitions(m_mixed);
        const auto oneVmRows = trainingRows(rows, TrainingRows::OneVm);
        QCOMPARE(oneVmRows.size() * 2, rows.size());
        for (const auto& row : oneVmRows)
            QCOMPARE(row.config.vms, 1);
    }

    void labels_nameTheProjectionOnlyOnTheOneVmEntry()
    {
        QCOMPARE(entryLabel("mars", TrainingRows::All), QStringLiteral("mars"));
        QCOMPARE(entryLabel("mars", TrainingRows::OneVm), QStringLiteral("mars (1 VM, projected)"));
        QCOMPARE(
            entryHeader(QStringLiteral("mars"), "mars", TrainingRows::All), QStringLiteral("mars"));
        QVERIFY(entryHeader(QStringLiteral("mars (1 VM, projected)"), "mars", TrainingRows::OneVm)
                    .startsWith(QStringLiteral("mars\n")));
        QVERIFY(trainingRowsExplanation(TrainingRows::OneVm, true).contains(QStringLiteral("6.3")));
        QVERIFY(trainingRowsExplanation(TrainingRows::All, false).isEmpty());
        QVERIFY(!trainingRowsExplanation(TrainingRows::All, true).isEmpty());
    }

private:
    std::vector<Measurement> m_oneVm;
    std::vector<Measurement> m_mixed;
};

IOLENS_TEST_GUILESS_MAIN(TestVmTrainingPlan)
#include "test_vm_training_plan.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/vm_training_plan.hpp"

#include <QCoreApplication>

#include <algorithm>

namespace iolens::ui {

namespace {

// Works for Measurement and AggregatedMeasurement alike: both carry their configuration.
template <typename Row>
std::vector<Row> selectRows(const std::vector<Row>& rows, TrainingRows which)
{
    if (which == TrainingRows::All)
        return rows;
    std::vector<Row> oneVm;
    std::copy_if(rows.begin(), rows.end(), std::back_inserter(oneVm),
        [](const Row& row) { return row.config.vms == 1; });
    return oneVm;
}

} // namespace

std::vector<TrainingRows> vmTrainingPlan(const std::vector<core::AggregatedMeasurement>& rows)
{
    const auto oneVm = [](const core::AggregatedMeasurement& row) { return row.config.vms == 1; };
    const auto moreVms = [](const core::AggregatedMeasurement& row) { return row.config.vms >= 2; };
    if (std::any_of(rows.begin(), rows.end(), oneVm)
        && std::any_of(rows.begin(), rows.end(), moreVms))
        return {TrainingRows::All, TrainingRows::OneVm};
    return {TrainingRows::All};
}

std::vector<core::Measurement> trainingRuns(
    const std::vector<core::Measurement>& runs, TrainingRows which)
{
    return selectRows(runs, which);
}

std::vector<core::AggregatedMeasurement> trainingRows(
    const std::vector<core::AggregatedMeasurement>& rows, TrainingRows which)
{
    return selectRows(rows, which);
}

QString entryLabel(const std::string& technique, TrainingRows which)
{
    const QString name = QString::fromStdString(technique);
    if (which == TrainingRows::All)
        return name;
    return QCoreApplication::translate("VmTrainingPlan", "%1 (1 VM, projected)").arg(name);
}

QString entryHeader(const QString& label, const std::string& technique, TrainingRows which)
{
    if (which == TrainingRows::All)
        return label;
    // The full label is wider than a column of numbers and its words wrap into a third line;
    // "1 VM→N" holds together (no-break space) and is not much wider than "0.956".
    return QCoreApplication::translate("VmTrainingPlan", "%1\n1\u00a0VM\u2192N")
        .arg(QString::fromStdString(technique));
}

QString trainingRowsExplanation(TrainingRows which, bool multiVm)
{
    if (which == TrainingRows::OneVm)
        return QCoreApplication::translate("VmTrainingPlan",
            "Trained and cross-validated on the one-VM measurements only. For N VMs, each running "
            "threads / N on file set / N, it predicts all their threads on all their files at "
            "once, on the storage they share: response times are the VMs', throughput and IOPS "
            "all of theirs (ICPE'13 section 6.3).");
    if (multiVm)
        return QCoreApplication::translate("VmTrainingPlan",
            "Trained on every measurement: it learns the VM count "
            "as a factor and predicts N VMs directly.");
    return {};
}

} // namespace iolens::ui

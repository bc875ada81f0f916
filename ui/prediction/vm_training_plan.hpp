// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"
#include "data/measurement.hpp"

#include <QString>

#include <string>
#include <vector>

namespace iolens::ui {

/// Which measurements a technique's default models are trained on. ICPE'13 section 6.3 trains on
/// one VM and predicts N VMs for the aggregate workload (threads and file set split over the VMs,
/// core::predictSpreadOverVms); a database with multi-VM measurements also allows models that
/// learn the VM count as a factor and predict N VMs directly. The window offers both.
enum class TrainingRows {
    All,   ///< every measurement; with several VM counts the model learns vms as a factor
    OneVm, ///< the vms = 1 measurements only: the paper's one-VM model, projected to N VMs
};

/// The training sets the data calls for, in column order: {All} when the data has a single VM
/// count (or no one-VM row to project from), {All, OneVm} when it has rows with vms = 1 and rows
/// with vms >= 2 (the rows core::multiVmSplit puts on either side). O(rows).
std::vector<TrainingRows> vmTrainingPlan(const std::vector<core::AggregatedMeasurement>& rows);

/// The part of `runs` (`rows`) that `which` trains on: all of them, or those with vms = 1, in
/// their order.
std::vector<core::Measurement> trainingRuns(
    const std::vector<core::Measurement>& runs, TrainingRows which);
std::vector<core::AggregatedMeasurement> trainingRows(
    const std::vector<core::AggregatedMeasurement>& rows, TrainingRows which);

/// The entry label: "mars" for All, "mars (1 VM, projected)" for OneVm. Unique per technique.
QString entryLabel(const std::string& technique, TrainingRows which);
/// The short header of the prediction panel and chart: the label, but "mars\n1 VM→N" for OneVm.
QString entryHeader(const QString& label, const std::string& technique, TrainingRows which);
/// A tooltip paragraph saying how the entry answers for N VMs: projected onto their shared storage
/// for OneVm; "learns the VM count" for All on data with several VM counts (`multiVm`); empty
/// otherwise.
QString trainingRowsExplanation(TrainingRows which, bool multiVm);

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/trained_model.hpp"

namespace iolens::core {

/// ICPE'13 section 6.3: the same workload spread evenly over N co-located VMs, each VM running
/// threads / N threads on a file set of size / N. A one-VM model predicts one VM's share; response
/// times are that VM's (all VMs alike), throughputs and IOPS add up over the N VMs.

/// The configuration one of the `config.vms` VMs runs (vms = 1, threads and file set divided).
Configuration perVmConfiguration(const Configuration& config);

/// True when the model learned the VM count as a factor, so it predicts `config` directly.
bool modelsVmCount(const TrainedModel& model);

/// Prediction for `config` (any vms): directly if the model has the VM count as a factor,
/// otherwise through perVmConfiguration, scaling throughput-like metrics by the VM count.
double predictSpreadOverVms(const TrainedModel& model, const Configuration& config);
/// The same for many configurations, in one batch prediction: equal, element by element, to
/// predictSpreadOverVms of each up to rounding (a linear model's matrix product sums in another
/// order than one row's: the last bit can differ).
Eigen::VectorXd predictSpreadOverVms(
    const TrainedModel& model, const std::vector<Configuration>& configs);
/// TrainedModel::predictInterval at `level` for `configs` spread over their VM counts the same
/// way: a throughput interval of one VM's share is scaled by N like its prediction (the VMs are
/// taken as alike, so their errors add up rather than cancel). nullopt for a technique without
/// calibrated intervals. Throws ConfigError for a level outside (0, 1).
std::optional<std::pair<Eigen::VectorXd, Eigen::VectorXd>> predictIntervalSpreadOverVms(
    const TrainedModel& model, const std::vector<Configuration>& configs, double level);

} // namespace iolens::core

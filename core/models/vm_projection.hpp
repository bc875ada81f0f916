// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/trained_model.hpp"

namespace iolens::core {

/// ICPE'13 section 6.3: the same workload spread evenly over N co-located VMs, each VM running
/// threads / N threads on a file set of size / N. A one-VM model predicts one VM's share; response
/// times are that VM's (all VMs alike), throughputs and IOPS add up over the N VMs. A model that
/// learned no thread count (every training run had the same) answers for that count whatever a
/// share asks, so its throughput is scaled to the share's threads by Little's law first
/// (throughputScaleOverVms): N shares of threads / N add up to the throughput of all the threads.

/// The configuration one of the `config.vms` VMs runs (vms = 1, threads and file set divided).
Configuration perVmConfiguration(const Configuration& config);

/// True when the model learned the VM count as a factor, so it predicts `config` directly.
bool modelsVmCount(const TrainedModel& model);

/// What one VM's share of a throughput-like prediction is multiplied by for `config`: the VM
/// count when the model has the thread count as a factor; otherwise VMs x share threads /
/// trained threads (Little's law at the predicted response time; 1 when the threads divide
/// evenly over the VMs).
double throughputScaleOverVms(const TrainedModel& model, const Configuration& config);

/// Prediction for `config` (any vms): directly if the model has the VM count as a factor,
/// otherwise through perVmConfiguration, scaling throughput-like metrics by
/// throughputScaleOverVms.
double predictSpreadOverVms(const TrainedModel& model, const Configuration& config);
/// The same for many configurations, in one batch prediction: equal, element by element, to
/// predictSpreadOverVms of each up to rounding (a linear model's matrix product sums in another
/// order than one row's: the last bit can differ).
Eigen::VectorXd predictSpreadOverVms(
    const TrainedModel& model, const std::vector<Configuration>& configs);
/// TrainedModel::predictInterval at `level` for `configs` spread over their VM counts the same
/// way: a throughput interval of one VM's share is scaled like its prediction (the VMs are taken
/// as alike, so their errors add up rather than cancel). nullopt for a technique without
/// calibrated intervals. Throws ConfigError for a level outside (0, 1).
std::optional<std::pair<Eigen::VectorXd, Eigen::VectorXd>> predictIntervalSpreadOverVms(
    const TrainedModel& model, const std::vector<Configuration>& configs, double level);

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/trained_model.hpp"

namespace iolens::core {

/// ICPE'13 section 6.3: the same workload spread evenly over N co-located VMs, each VM running
/// threads / N threads on a file set of size / N. The VMs share the storage, so together they
/// keep all their threads' requests in flight on all their files at once, and a one-VM model
/// is asked about that: sharedStorageConfiguration, N x (threads / N) threads on N x (file set /
/// N), its response times the VMs', its throughput all of theirs. Asked about one VM's share
/// alone (threads / N on file set / N, and the throughputs added up), a model answers for a
/// device N times less loaded whose cache holds N times fewer files:
/// measured on the development VM's disk (tests/data/measured/threads-local-disk-multivm.csv,
/// 2 and 4 concurrent fio processes of 16 and 64 threads in all), `auto` trained on the thread
/// sweep missed response times by 62 % and throughputs by 199 % asked about one share, by
/// 12-15 % asked about all. The paper itself reports its largest multi-VM errors for file sets
/// beyond the storage server's cache, which the VMs shared.
///
/// A model that learned no thread count (every training run had the same, as in both shared
/// datasets and the paper's 100) answers for that count whatever it is asked, so its throughput
/// is scaled by the share of the asked threads the VMs run by Little's law at the predicted
/// response time (throughputScaleOverVms): three VMs of 16 / 3 threads run 15, 15 / 16 of the
/// 16-thread throughput.

/// The configuration one of the `config.vms` VMs runs (vms = 1, threads and file set divided).
Configuration perVmConfiguration(const Configuration& config);

/// All the VMs' shares as one workload on their shared storage: vms = 1, N x (threads / N)
/// threads (each VM runs a whole number of them) on N x (file set / N).
Configuration sharedStorageConfiguration(const Configuration& config);

/// True when the model learned the thread count as a factor.
bool modelsThreadCount(const TrainedModel& model);

/// What `model` is asked for `config`: `config` itself for one VM or a model of the VM count,
/// else sharedStorageConfiguration.
Configuration askedConfiguration(const TrainedModel& model, const Configuration& config);

/// True when the model learned the VM count as a factor, so it predicts `config` directly.
bool modelsVmCount(const TrainedModel& model);

/// What the throughput-like prediction of askedConfiguration is multiplied by for `config`: 1 when
/// the model has the thread count as a factor (it predicts the whole); otherwise all the VMs'
/// threads / the threads asked (Little's law at the predicted response time; 1 when the threads
/// divide evenly over the VMs).
double throughputScaleOverVms(const TrainedModel& model, const Configuration& config);

/// Prediction for `config` (any vms): of askedConfiguration, throughput-like metrics scaled by
/// throughputScaleOverVms.
double predictSpreadOverVms(const TrainedModel& model, const Configuration& config);
/// The same for many configurations, in one batch prediction: equal, element by element, to
/// predictSpreadOverVms of each up to rounding (a linear model's matrix product sums in another
/// order than one row's: the last bit can differ).
Eigen::VectorXd predictSpreadOverVms(
    const TrainedModel& model, const std::vector<Configuration>& configs);
/// TrainedModel::predictInterval at `level` for `configs` spread over their VM counts the same
/// way, a throughput interval scaled like its prediction. nullopt for a technique without
/// calibrated intervals. Throws ConfigError for a level outside (0, 1).
std::optional<std::pair<Eigen::VectorXd, Eigen::VectorXd>> predictIntervalSpreadOverVms(
    const TrainedModel& model, const std::vector<Configuration>& configs, double level);

} // namespace iolens::core

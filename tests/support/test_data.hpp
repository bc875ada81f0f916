// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"
#include "models/trained_model.hpp"
#include "store/measurement_database.hpp"

#include <QString>

#include <string>

namespace iolens::test {

/// Path of a file in the source tree (e.g. "resources/data/fio-local-grid.csv").
std::string sourcePath(const std::string& relative);
/// The header of a measurements CSV with the required columns and the four core metrics, as
/// `iolens-cli import` reads it and a user's file starts.
inline constexpr const char* kCoreCsvHeader
    = "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms,rt_read_ms,rt_write_ms,"
      "tp_read_mbs,tp_write_mbs\n";
/// The two real datasets shipped in resources/data.
std::string tieredCsvPath();
std::string localCsvPath();
/// The runs of tieredCsvPath(), repetitions averaged per configuration.
std::vector<iolens::core::AggregatedMeasurement> tieredRows();
/// A database in memory holding tieredCsvPath() as the dataset "tiered".
iolens::core::MeasurementDatabase tieredDatabase();
/// A double as an exact hex float ("0x1.8p+1"), NaN as R's NA.
std::string hexNumber(double value);
/// A dataset built from configurations and a response, with the schema they imply.
iolens::core::Dataset datasetFromConfigurations(
    const std::vector<iolens::core::Configuration>& configs, const Eigen::VectorXd& y);
/// The features of x (factors as their labels) and optionally y as CSV for R, every number as an
/// exact hex float so R reads the same doubles.
std::string datasetCsv(
    const iolens::core::FeatureSchema& schema, const Eigen::MatrixXd& x, const Eigen::VectorXd* y);
/// Writes `content` to a file in `directory` and returns its path.
std::string writeFile(const QString& directory, const QString& name, const std::string& content);
/// A database file "stored-models.sqlite" in `directory` holding tieredCsvPath() as the dataset
/// "tiered" and two models stored as `iolens-cli train` stores them: "cart-small" (cart, read
/// response time, trained on split "grid" where request_kib<=16 of "tiered") and "lm-all" (lm,
/// write throughput, on every dataset). Returns its path.
QString storedModelsDatabase(const QString& directory);
/// A CART of `metric` on `rows` with complexity parameter `cp`.
iolens::core::TrainedModel trainCart(const std::vector<iolens::core::AggregatedMeasurement>& rows,
    iolens::core::Metric metric, double cp);

} // namespace iolens::test

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"
#include "models/cubist.hpp"

#include <QString>

namespace iolens::test {

/// A shared dataset ("local" or "tiered") as the app fits it: repetitions averaged, log(metric).
iolens::core::Dataset realDataset(const QString& source, iolens::core::Metric metric);
/// True if both vectors hold exactly the same doubles.
bool sameBits(const Eigen::VectorXd& a, const Eigen::VectorXd& b);
/// Training rows plus perturbed copies (numeric values scaled by 1.07).
Eigen::MatrixXd probeRows(const iolens::core::Dataset& data);
/// Cubist fitted on `data` with these committees, neighbours and rules.
iolens::core::Cubist fitted(
    const iolens::core::Dataset& data, int committees, int neighbors, int rules = 100);

} // namespace iolens::test

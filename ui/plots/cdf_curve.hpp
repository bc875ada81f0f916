// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validation/model_evaluation.hpp"

#include <QString>

namespace iolens::ui {

/// One model's curve in the error CDF: the label it is shown with ("cart", "cart (optimized)")
/// and its evaluation (relative errors, their percentiles and empirical CDF).
struct CdfCurve {
    QString label;
    core::ModelEvaluation evaluation;
    /// The model's seriesColor index, so that it has the same colour as in the profiler and the
    /// predictions chart; -1: the next free colour in the order the models first appear.
    int colorIndex = -1;
};

} // namespace iolens::ui

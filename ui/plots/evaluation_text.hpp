// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validation/model_evaluation.hpp"

#include <QString>

namespace iolens::ui {

/// Texts that go with an error figure (ICPE'13 Figure 8), translated, in the user's locale.

/// A relative error (a fraction: 0.041 for 4.1 %) as a percentage in formatRelativeError's
/// form ("4.10 %", "18.9 %", "0.534 %", "1234 %"), the same as the Models table's errors.
QString relativeErrorText(double relativeError);

/// "cart: p50 4.1 %, p90 19 %, p99 61 %" (the evaluation's 50th, 90th, 99th percentiles).
QString percentileSummary(const QString& label, const core::ModelEvaluation& evaluation);

/// The rule of which configurations count (ICPE'13 Table 4) for a person: "read metrics where
/// the read share is at least 25 %, write metrics where it is at most 75 %". Every figure of
/// relative errors must say it, since the rule changes the numbers.
QString relativeErrorRuleText(const core::RelativeErrorRule& rule);

/// "10-fold cross-validation · read metrics where ...": a scenario name and the rule, the
/// caption ErrorCdfView::setScenarioText expects.
QString scenarioCaption(const QString& scenario, const core::RelativeErrorRule& rule);

} // namespace iolens::ui

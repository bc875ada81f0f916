// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/evaluation_text.hpp"

#include "common/number_format.hpp"

#include <QCoreApplication>

namespace iolens::ui {

// Free functions have no tr(); one context keeps their strings together in the .ts file (spelt
// out at each call, because lupdate only finds literal arguments of translate()).

QString relativeErrorText(double relativeError)
{
    return formatRelativeError(relativeError);
}

QString percentileSummary(const QString& label, const core::ModelEvaluation& evaluation)
{
    return QCoreApplication::translate("iolens::ui::EvaluationText", "%1: p50 %2, p90 %3, p99 %4")
        .arg(label, relativeErrorText(evaluation.p50), relativeErrorText(evaluation.p90),
            relativeErrorText(evaluation.p99));
}

QString relativeErrorRuleText(const core::RelativeErrorRule& rule)
{
    return QCoreApplication::translate("iolens::ui::EvaluationText",
        "read metrics where the read share is at least %1, write "
        "metrics where it is at most %2")
        .arg(formatPercent(rule.readMinPct), formatPercent(rule.writeMaxPct));
}

QString scenarioCaption(const QString& scenario, const core::RelativeErrorRule& rule)
{
    return scenario + QStringLiteral(" · ") + relativeErrorRuleText(rule);
}

} // namespace iolens::ui

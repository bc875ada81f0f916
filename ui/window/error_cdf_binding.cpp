// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/error_cdf_binding.hpp"

#include "plots/error_cdf_view.hpp"
#include "plots/evaluation_text.hpp"
#include "prediction/model_controller.hpp"

namespace iolens::ui {

ErrorCdfBinding::ErrorCdfBinding(ModelController* models, ErrorCdfView* view, QObject* parent)
    : QObject(parent)
    , m_models(models)
    , m_view(view)
{
    m_view->setScenarioText(scenarioCaption(
        tr("%1-fold cross-validation").arg(ModelController::kFolds), m_models->errorRule()));
    connect(m_models, &ModelController::trainingStarted, m_view, &ErrorCdfView::clearCurves);
    connect(m_models, &ModelController::crossValidationReady, this, &ErrorCdfBinding::refresh);
    connect(m_models, &ModelController::evaluationsReady, this, &ErrorCdfBinding::refresh);
}

void ErrorCdfBinding::refresh()
{
    for (core::Metric metric : core::kCoreMetrics) {
        std::vector<CdfCurve> curves;
        const auto& entries = m_models->entries();
        for (int entry = 0; entry < static_cast<int>(entries.size()); ++entry)
            if (const auto* cv = m_models->crossValidation(entry, metric))
                curves.push_back({entries[static_cast<std::size_t>(entry)].label, cv->evaluation});
        m_view->setCurves(metric, std::move(curves));
    }
}

} // namespace iolens::ui

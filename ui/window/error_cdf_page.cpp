// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/error_cdf_page.hpp"

#include "plots/error_cdf_view.hpp"
#include "plots/evaluation_text.hpp"
#include "prediction/model_controller.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QVBoxLayout>

namespace iolens::ui {

namespace {

QString scenarioName(ErrorScenario scenario)
{
    switch (scenario) {
    case ErrorScenario::Interpolation:
        return ErrorCdfPage::tr("interpolation: inner request sizes left out of training");
    case ErrorScenario::Extrapolation:
        return ErrorCdfPage::tr("extrapolation: the largest request size left out of training");
    case ErrorScenario::CrossValidation: break;
    }
    return ErrorCdfPage::tr("%1-fold cross-validation").arg(ModelController::kFolds);
}

} // namespace

ErrorCdfPage::ErrorCdfPage(ModelController* models, QWidget* parent)
    : QWidget(parent)
    , m_models(models)
    , m_scenario(new QComboBox(this))
    , m_view(new ErrorCdfView(this))
{
    for (ErrorScenario scenario : {ErrorScenario::CrossValidation, ErrorScenario::Interpolation,
                                   ErrorScenario::Extrapolation})
        m_scenario->addItem(scenarioName(scenario), static_cast<int>(scenario));
    auto* label = new QLabel(tr("&Scenario:"), this);
    label->setBuddy(m_scenario);
    auto* choice = new QHBoxLayout;
    // The same inset as the view's own Metric row below, so the two choices line up.
    const int inset = style()->pixelMetric(QStyle::PM_LayoutLeftMargin);
    choice->setContentsMargins(inset, inset, inset, 0);
    choice->addWidget(label);
    choice->addWidget(m_scenario);
    choice->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(choice);
    layout->addWidget(m_view, 1);

    connect(m_scenario, &QComboBox::currentIndexChanged, this, &ErrorCdfPage::refresh);
    connect(m_models, &ModelController::trainingStarted, m_view, &ErrorCdfView::clearCurves);
    connect(m_models, &ModelController::crossValidationReady, this, &ErrorCdfPage::refresh);
    connect(m_models, &ModelController::evaluationsReady, this, &ErrorCdfPage::refresh);
    refresh();
}

ErrorScenario ErrorCdfPage::scenario() const
{
    return static_cast<ErrorScenario>(m_scenario->currentData().toInt());
}

void ErrorCdfPage::setScenario(ErrorScenario scenario)
{
    m_scenario->setCurrentIndex(m_scenario->findData(static_cast<int>(scenario)));
}

void ErrorCdfPage::refresh()
{
    const ErrorScenario shown = scenario();
    m_view->setScenarioText(scenarioCaption(scenarioName(shown), m_models->errorRule()));
    for (core::Metric metric : core::kCoreMetrics) {
        std::vector<CdfCurve> curves;
        const auto& entries = m_models->entries();
        for (const ModelEntry& entry : entries)
            if (const auto* evaluation =
                    entry.validation[coreMetricIndex(metric)].evaluation(shown))
                curves.push_back({entry.label, *evaluation});
        m_view->setCurves(metric, std::move(curves));
    }
}

} // namespace iolens::ui

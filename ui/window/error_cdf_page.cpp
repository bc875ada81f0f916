// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/error_cdf_page.hpp"

#include "plots/error_cdf_view.hpp"
#include "plots/evaluation_text.hpp"
#include "prediction/model_controller.hpp"
#include "validation/local_evaluation.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStyle>
#include <QVBoxLayout>

namespace iolens::ui {

namespace {

constexpr int kDefaultLocalCount = 10;
// Enough for every measurement of the shared datasets (a few hundred configurations).
constexpr int kMaxLocalCount = 100000;

QString scenarioName(ErrorScenario scenario)
{
    switch (scenario) {
    case ErrorScenario::Interpolation:
        return ErrorCdfPage::tr("interpolation: inner request sizes left out of training");
    case ErrorScenario::Extrapolation:
        return ErrorCdfPage::tr("extrapolation: the largest request size left out of training");
    case ErrorScenario::MultiVm:
        return ErrorCdfPage::tr("multi-VM: one-VM models predict the 2+ VM measurements");
    case ErrorScenario::Rule:
        return ErrorCdfPage::tr("rule…");
    case ErrorScenario::Grouped:
        return ErrorCdfPage::tr(
            "grouped: each request size, file set and read share left out in turn");
    case ErrorScenario::CrossValidation:
        break;
    }
    return ErrorCdfPage::tr("%1-fold cross-validation").arg(ModelController::kFolds);
}

} // namespace

ErrorCdfPage::ErrorCdfPage(ModelController* models, QWidget* parent)
    : QWidget(parent)
    , m_models(models)
    , m_scenario(new QComboBox(this))
    , m_ruleEdit(new QLineEdit(this))
    , m_ruleMessage(new QLabel(this))
    , m_local(new QCheckBox(tr("&Local: only the"), this))
    , m_localCount(new QSpinBox(this))
    , m_localSuffix(new QLabel(tr("measurements nearest the scenario"), this))
    , m_view(new ErrorCdfView(this))
{
    for (ErrorScenario scenario :
        {ErrorScenario::CrossValidation, ErrorScenario::Grouped, ErrorScenario::Interpolation,
            ErrorScenario::Extrapolation, ErrorScenario::MultiVm, ErrorScenario::Rule})
        m_scenario->addItem(scenarioName(scenario), static_cast<int>(scenario));
    auto* label = new QLabel(tr("&Scenario:"), this);
    label->setBuddy(m_scenario);

    // The same syntax and parser as `iolens-cli evaluate --scenario`.
    m_ruleEdit->setText(QStringLiteral("request_kib>32"));
    m_ruleEdit->setPlaceholderText(tr("e.g. request_kib>32"));
    m_ruleEdit->setToolTip(
        tr("The measurements to predict, as iolens-cli evaluate --scenario reads them: "
           "comparisons of scheduler, fileset_mib, request_kib, pattern, read_pct, threads or "
           "vms joined by commas, or split=NAME. Every model is refitted on the other "
           "measurements. Press Enter to apply."));
    m_ruleEdit->setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 28);
    m_ruleMessage->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_ruleMessage->setWordWrap(true);
    m_ruleMessage->hide();

    m_localCount->setRange(1, kMaxLocalCount);
    m_localCount->setValue(kDefaultLocalCount);
    m_localCount->setEnabled(false);
    m_local->setToolTip(
        tr("Restrict every curve to the measurements of the scenario shown that are nearest "
           "the current scenario (in steps: one per doubling of a size or count, read share / "
           "100, one per other scheduler or pattern): how accurate the models are here, not on "
           "average."));
    m_localCount->setToolTip(m_local->toolTip());
    m_localSuffix->setToolTip(m_local->toolTip());

    auto* choice = new QHBoxLayout;
    // The same inset as the view's own Metric row below, so the two choices line up.
    const int inset = style()->pixelMetric(QStyle::PM_LayoutLeftMargin);
    choice->setContentsMargins(inset, inset, inset, 0);
    choice->addWidget(label);
    choice->addWidget(m_scenario);
    choice->addWidget(m_ruleEdit);
    choice->addStretch(1);
    choice->addWidget(m_local);
    choice->addWidget(m_localCount);
    choice->addWidget(m_localSuffix);
    auto* message = new QHBoxLayout;
    message->setContentsMargins(inset, 0, inset, 0);
    message->addWidget(m_ruleMessage, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(choice);
    layout->addLayout(message);
    layout->addWidget(m_view, 1);

    connect(m_scenario, &QComboBox::currentIndexChanged, this, &ErrorCdfPage::onScenarioChosen);
    connect(m_ruleEdit, &QLineEdit::returnPressed, this, [this] { applyRule(); });
    connect(m_local, &QCheckBox::toggled, this, [this](bool on) {
        m_localCount->setEnabled(on);
        refresh();
    });
    connect(m_localCount, &QSpinBox::valueChanged, this, [this] {
        if (m_local->isChecked())
            refresh();
    });
    connect(m_models, &ModelController::trainingStarted, m_view, &ErrorCdfView::clearCurves);
    connect(m_models, &ModelController::trainingStarted, this, &ErrorCdfPage::updateMultiVmEntry);
    connect(m_models, &ModelController::crossValidationReady, this, &ErrorCdfPage::refresh);
    connect(m_models, &ModelController::evaluationsReady, this, &ErrorCdfPage::refresh);
    connect(m_models, &ModelController::ruleEvaluated, this, &ErrorCdfPage::refresh);
    connect(m_models, &ModelController::evaluated, this, &ErrorCdfPage::onEvaluated);
    updateMultiVmEntry();
    onScenarioChosen();
}

ErrorScenario ErrorCdfPage::scenario() const
{
    return static_cast<ErrorScenario>(m_scenario->currentData().toInt());
}

void ErrorCdfPage::setScenario(ErrorScenario scenario)
{
    if (isScenarioEnabled(scenario))
        m_scenario->setCurrentIndex(m_scenario->findData(static_cast<int>(scenario)));
}

bool ErrorCdfPage::isScenarioEnabled(ErrorScenario scenario) const
{
    const auto* items = qobject_cast<const QStandardItemModel*>(m_scenario->model());
    const int row = m_scenario->findData(static_cast<int>(scenario));
    return items && row >= 0 && items->item(row)->isEnabled();
}

QString ErrorCdfPage::setRule(const QString& rule)
{
    m_ruleEdit->setText(rule);
    if (scenario() != ErrorScenario::Rule) {
        const QSignalBlocker blocker(m_scenario);
        m_scenario->setCurrentIndex(m_scenario->findData(static_cast<int>(ErrorScenario::Rule)));
        m_ruleEdit->setVisible(true);
    }
    return applyRule();
}

void ErrorCdfPage::setLocal(bool enabled, int count)
{
    const QSignalBlocker blocker(m_localCount);
    m_localCount->setValue(count);
    m_localCount->setEnabled(enabled);
    if (m_local->isChecked() == enabled)
        refresh();
    else
        m_local->setChecked(enabled); // refreshes
}

bool ErrorCdfPage::isLocal() const
{
    return m_local->isChecked();
}

int ErrorCdfPage::localCount() const
{
    return m_localCount->value();
}

QString ErrorCdfPage::applyRule()
{
    // A rejected rule changes nothing: no evaluation starts, the last curves stay.
    const QString error = m_models->setRuleScenario(m_ruleEdit->text());
    m_ruleMessage->setText(error);
    m_ruleMessage->setVisible(!error.isEmpty());
    if (error.isEmpty())
        refresh();
    return error;
}

void ErrorCdfPage::onScenarioChosen()
{
    const bool rule = scenario() == ErrorScenario::Rule;
    m_ruleEdit->setVisible(rule);
    if (!rule)
        m_ruleMessage->hide();
    if (rule && m_models->ruleScenario() != m_ruleEdit->text().trimmed())
        applyRule(); // refreshes when accepted
    refresh();
}

void ErrorCdfPage::updateMultiVmEntry()
{
    auto* items = qobject_cast<QStandardItemModel*>(m_scenario->model());
    QStandardItem* item = items
        ? items->item(m_scenario->findData(static_cast<int>(ErrorScenario::MultiVm)))
        : nullptr;
    if (!item)
        return;
    const bool available = m_models->hasMultiVm();
    item->setEnabled(available);
    item->setToolTip(available ? tr("Models refitted on the one-VM measurements predict those "
                                    "with 2 or more VMs (ICPE'13 section 6.3).")
                               : tr("The data has no measurements with 2 or more VMs (and some "
                                    "with one) to predict."));
    if (!available && scenario() == ErrorScenario::MultiVm)
        setScenario(ErrorScenario::CrossValidation);
}

void ErrorCdfPage::onEvaluated(const ScenarioEvaluation&)
{
    // Only the local restriction depends on the scenario; the rest waits for new results.
    if (m_local->isChecked())
        refresh();
}

QString ErrorCdfPage::caption() const
{
    const ErrorScenario shown = scenario();
    QString name = shown == ErrorScenario::Rule
        ? tr("rule %1: the measurements it picks left out of training")
              .arg(m_models->ruleScenario())
        : scenarioName(shown);
    if (m_local->isChecked())
        name = tr("%1, the %n measurements nearest the scenario", nullptr, m_localCount->value())
                   .arg(name);
    return scenarioCaption(name, m_models->errorRule());
}

void ErrorCdfPage::refresh()
{
    const ErrorScenario shown = scenario();
    const bool local = m_local->isChecked();
    const auto count = static_cast<std::size_t>(m_localCount->value());
    const core::Configuration& here = m_models->evaluation().scenario;
    m_view->setScenarioText(caption());
    for (core::Metric metric : core::kCoreMetrics) {
        std::vector<CdfCurve> curves;
        const auto& entries = m_models->entries();
        for (std::size_t e = 0; e < entries.size(); ++e) {
            const ModelEntry& entry = entries[e];
            const auto* evaluation = entry.validation[coreMetricIndex(metric)].evaluation(shown);
            if (!evaluation)
                continue;
            // The entry's position is its colour in every view (the profiler's too).
            curves.push_back(
                {entry.label, local ? core::localEvaluation(*evaluation, here, count) : *evaluation,
                    static_cast<int>(e)});
        }
        m_view->setCurves(metric, std::move(curves));
    }
}

} // namespace iolens::ui

#include "moc_error_cdf_page.cpp"

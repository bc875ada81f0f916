// SPDX-License-Identifier: GPL-3.0-or-later
#include "planning/capacity_panel.hpp"

#include "common/error.hpp"
#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "common/trimmed_spin_box.hpp"
#include "prediction/model_controller.hpp"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace iolens::ui {

namespace {

const QString kSettingsKey = QStringLiteral("planning/limits");

bool isResponseTime(core::Metric metric)
{
    return metric == core::Metric::RtReadMs || metric == core::Metric::RtWriteMs;
}

QString amountText(core::HeadroomFactor factor, double value)
{
    switch (factor) {
    case core::HeadroomFactor::Vms:
        return vmCountText(std::lround(value));
    case core::HeadroomFactor::FilesetBytes:
        // A sweep point is any whole number of bytes: three digits say enough for planning.
        return value >= 1024.0 ? CapacityPanel::tr("%1 GiB").arg(formatSignificant(value / 1024.0))
                               : CapacityPanel::tr("%1 MiB").arg(formatSignificant(value));
    case core::HeadroomFactor::WriteShare:
        return CapacityPanel::tr("%1 writes").arg(formatPercent(value));
    case core::HeadroomFactor::Threads:
        return threadCountText(std::lround(value));
    }
    return {};
}

} // namespace

QString headroomText(const core::HeadroomAnswer& answer)
{
    if (!answer.error.empty())
        return CapacityPanel::tr("no answer: %1").arg(QString::fromStdString(answer.error));
    if (!answer.meetsNow)
        return CapacityPanel::tr("✗ %1 broken now").arg(metricShortTitle(answer.binding->metric));
    const QString amount = amountText(answer.factor, *answer.largest);
    // No limit constrains the end point (a read limit at 100 % writes): no margin to give.
    if (answer.openEnded && !std::isfinite(answer.margin))
        return CapacityPanel::tr("≥ %1 · no limit applies there").arg(amount);
    const QString margin = formatPercent(100.0 * answer.margin);
    if (answer.openEnded)
        return CapacityPanel::tr("≥ %1 · %2 margin").arg(amount, margin);
    return CapacityPanel::tr("up to %1 · %2 margin · then %3")
        .arg(amount, margin, metricShortTitle(answer.binding->metric));
}

CapacityPanel::CapacityPanel(ModelController* models, QWidget* parent)
    : QWidget(parent)
    , m_models(models)
    , m_note(new QLabel)
    , m_table(new QTableWidget(0, static_cast<int>(core::kHeadroomFactors.size()) + 1))
{
    auto* limitsBox = new QGridLayout;
    limitsBox->addWidget(new QLabel(tr("Limits (service level):")), 0, 0, 1, 4);
    for (std::size_t m = 0; m < core::kCoreMetrics.size(); ++m) {
        const core::Metric metric = core::kCoreMetrics[m];
        const bool upper = isResponseTime(metric);
        m_enabled[m] = new QCheckBox(QStringLiteral("%1 %2").arg(
            metricTitle(metric), upper ? QStringLiteral("≤") : QStringLiteral("≥")));
        m_bounds[m] = new TrimmedSpinBox(3);
        m_bounds[m]->setRange(0.001, 1e6);
        m_bounds[m]->setSuffix(QLatin1Char(' ') + metricUnitText(metric));
        m_bounds[m]->setValue(upper ? 5.0 : 100.0);
        m_bounds[m]->setEnabled(false);
        const int row = 1 + static_cast<int>(m) / 2;
        const int column = 2 * (static_cast<int>(m) % 2);
        limitsBox->addWidget(m_enabled[m], row, column);
        limitsBox->addWidget(m_bounds[m], row, column + 1);
        connect(m_enabled[m], &QCheckBox::toggled, m_bounds[m], &QWidget::setEnabled);
        connect(m_enabled[m], &QCheckBox::toggled, this, &CapacityPanel::onLimitsEdited);
        connect(m_bounds[m], &QDoubleSpinBox::valueChanged, this, &CapacityPanel::onLimitsEdited);
    }
    limitsBox->setColumnStretch(4, 1);

    m_table->setHorizontalHeaderLabels({tr("Model"), tr("More VMs"), tr("Larger file set"),
        tr("More writes"), tr("More threads")});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_note->setWordWrap(true);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(limitsBox);
    layout->addWidget(m_note);
    layout->addWidget(m_table, 1);

    // Stored limits, as the command line writes them ("rt_read_ms<=5").
    std::vector<core::SlaLimit> stored;
    for (const QString& text : QSettings().value(kSettingsKey).toStringList()) {
        try {
            stored.push_back(core::parseSlaLimit(text.toStdString()));
        } catch (const core::Error&) {
            // An outdated setting is dropped.
        }
    }
    setLimits(stored);

    connect(m_models, &ModelController::entryChanged, this, [this] {
        m_dirty = true;
        refresh();
    });
    connect(m_models, &ModelController::trainingStarted, this, [this] {
        showAnswerableColumns();
        m_dirty = true;
        refresh();
    });
    showAnswerableColumns();
}

void CapacityPanel::showAnswerableColumns()
{
    // Once per data, not per scenario step: the thread count's column only where it was varied.
    std::vector<core::Configuration> configs;
    for (const auto& row : m_models->measured().all())
        configs.push_back(row.config);
    const core::FactorDomain domain = core::factorDomain(configs);
    for (std::size_t f = 0; f < core::kHeadroomFactors.size(); ++f)
        m_table->setColumnHidden(
            static_cast<int>(f) + 1, !core::headroomApplies(core::kHeadroomFactors[f], domain));
}

void CapacityPanel::setScenario(const core::Configuration& config)
{
    m_scenario = config;
    m_hasScenario = true;
    m_dirty = true;
    refresh();
}

void CapacityPanel::setLimits(const std::vector<core::SlaLimit>& limits)
{
    for (std::size_t m = 0; m < core::kCoreMetrics.size(); ++m) {
        const QSignalBlocker blockCheck(m_enabled[m]);
        const QSignalBlocker blockBound(m_bounds[m]);
        m_enabled[m]->setChecked(false);
        m_bounds[m]->setEnabled(false);
        for (const core::SlaLimit& limit : limits) {
            if (limit.metric != core::kCoreMetrics[m])
                continue;
            m_enabled[m]->setChecked(true);
            m_bounds[m]->setEnabled(true);
            m_bounds[m]->setValue(limit.bound);
        }
    }
    onLimitsEdited();
}

std::vector<core::SlaLimit> CapacityPanel::limits() const
{
    std::vector<core::SlaLimit> limits;
    for (std::size_t m = 0; m < core::kCoreMetrics.size(); ++m)
        if (m_enabled[m]->isChecked())
            limits.push_back({core::kCoreMetrics[m], isResponseTime(core::kCoreMetrics[m]),
                m_bounds[m]->value()});
    return limits;
}

void CapacityPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    refresh();
}

void CapacityPanel::onLimitsEdited()
{
    QStringList texts;
    for (const core::SlaLimit& limit : limits())
        texts << QString::fromStdString(core::slaLimitText(limit));
    QSettings().setValue(kSettingsKey, texts);
    m_dirty = true;
    refresh();
    emit limitsChanged(limits());
}

void CapacityPanel::refresh()
{
    // A sweep per model, factor and limit: only worth it where someone looks.
    if (!m_dirty || !isVisible())
        return;
    m_dirty = false;
    const std::vector<core::SlaLimit> chosen = limits();
    const auto& entries = m_models->entries();
    m_answers.clear();
    m_table->setRowCount(0);
    if (chosen.empty() || !m_hasScenario || entries.empty()) {
        m_note->setText(tr("Tick a limit to see, per model, how far the scenario can grow "
                           "before it breaks."));
        return;
    }
    std::vector<core::Configuration> configs;
    for (const auto& row : m_models->measured().all())
        configs.push_back(row.config);
    if (configs.empty())
        return;
    const core::FactorDomain domain = core::factorDomain(configs);
    m_note->setText(tr("From the scenario, each factor grows on its own (the others stay) until "
                       "the first point where a model predicts a broken limit; the margin is "
                       "how far inside the tightest limit the largest value stays."));
    m_table->setRowCount(static_cast<int>(entries.size()));
    for (std::size_t e = 0; e < entries.size(); ++e) {
        std::vector<const core::TrainedModel*> models;
        for (core::Metric metric : core::kCoreMetrics)
            if (const core::TrainedModel* model = entries[e].model(metric))
                models.push_back(model);
        HeadroomAnswers answers;
        const int row = static_cast<int>(e);
        m_table->setItem(row, 0, new QTableWidgetItem(entries[e].label));
        for (std::size_t f = 0; f < core::kHeadroomFactors.size(); ++f) {
            answers[f]
                = core::findHeadroom(models, m_scenario, core::kHeadroomFactors[f], chosen, domain);
            auto* item = new QTableWidgetItem(
                entries[e].trained ? headroomText(answers[f]) : tr("training…"));
            if (entries[e].trained && !answers[f].meetsNow)
                item->setForeground(QColor(0xb0, 0x30, 0x20));
            m_table->setItem(row, static_cast<int>(f) + 1, item);
        }
        m_answers.push_back(answers);
    }
}

} // namespace iolens::ui

#include "moc_capacity_panel.cpp"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_panel.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "scenario/byte_size_spin_box.hpp"
#include "scenario/percent_spin_box.hpp"
#include "scenario/step_slider.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>
#include <cmath>
#include <utility>

namespace iolens::ui {

namespace {

constexpr std::int64_t kKiB = 1024;
constexpr std::int64_t kMiB = 1024 * 1024;
// Slider ranges reach three octaves (a factor of 8) beyond the measured values on either side:
// far enough to ask "what if", near enough that the slider keeps a useful resolution.
constexpr double kRangeFactor = 8.0;
constexpr double kSmallestRequest = 512.0; // one sector

std::vector<double> asDoubles(const std::vector<std::int64_t>& values)
{
    return {values.begin(), values.end()};
}

StepScale sizeScale(const std::vector<std::int64_t>& measured, double floor)
{
    if (measured.empty())
        return {};
    const double lo = std::max(floor, static_cast<double>(measured.front()) / kRangeFactor);
    const double hi = static_cast<double>(measured.back()) * kRangeFactor;
    return StepScale::halfOctaves(lo, hi, asDoubles(measured));
}

QString byteLabel(double bytes)
{
    return formatByteSizeRounded(static_cast<std::int64_t>(bytes));
}

/// Thread counts in half octaves (1, 2, 3, 4, 6, 8, 12, ...: whole numbers) from 1 to three
/// octaves beyond the largest measured, merged with the measured counts.
StepScale threadScale(const std::vector<int>& measured)
{
    std::vector<double> values(measured.begin(), measured.end());
    const double hi = values.empty() ? 1.0 : values.back() * kRangeFactor;
    for (double count = 1.0; count <= hi; count *= 2.0) {
        values.push_back(count);
        if (count >= 2.0 && count * 1.5 <= hi)
            values.push_back(count * 1.5);
    }
    return StepScale(std::move(values));
}

QDoubleSpinBox* threadSpinBox()
{
    auto* spin = new QDoubleSpinBox;
    spin->setDecimals(0);
    spin->setRange(1.0, 1e6);
    spin->setKeyboardTracking(false); // apply a typed count on Enter, not at every keystroke
    spin->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return spin; // its arrows step by one: "30 more clients" is typed or stepped exactly
}

QString patternText(core::Pattern pattern)
{
    return pattern == core::Pattern::Random ? ScenarioPanel::tr("random")
                                            : ScenarioPanel::tr("sequential");
}

} // namespace

ScenarioPanel::ScenarioPanel(QWidget* parent)
    : QGroupBox(tr("Scenario"), parent)
    , m_request(new StepSlider(new ByteSizeSpinBox(kKiB), true, this))
    , m_fileset(new StepSlider(new ByteSizeSpinBox(kMiB), true, this))
    , m_read(new StepSlider(new PercentSpinBox, false, this))
    , m_scheduler(new QComboBox(this))
    , m_pattern(new QComboBox(this))
    , m_vms(new QSpinBox(this))
    , m_threadsSlider(new StepSlider(threadSpinBox(), true, this))
    , m_threads(new QLabel(this))
    , m_form(new QFormLayout(this))
{
    m_vms->setRange(1, kMaxVms);
    m_vms->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_vms->setMinimumWidth(m_request->spinBox()->minimumWidth());
    m_request->setToolTip(tr("Size of one request; the slider steps in half octaves (log scale)"));
    m_fileset->setToolTip(
        tr("Total size of the file set; the slider steps in half octaves (log scale)"));
    m_read->setToolTip(tr("Share of reads among all requests"));
    m_vms->setToolTip(tr("Number of VMs the workload (threads and file set) is split over"));
    m_threadsSlider->setToolTip(tr("Threads issuing requests back to back (the clients or jobs); "
                                   "the slider steps in half octaves, the arrows by one"));

    QFormLayout* form = m_form;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    form->addRow(factorTitle(core::Factor::RequestBytes), m_request);
    form->addRow(factorTitle(core::Factor::FilesetBytes), m_fileset);
    form->addRow(factorTitle(core::Factor::ReadPct), m_read);
    form->addRow(factorTitle(core::Factor::Scheduler), m_scheduler);
    form->addRow(factorTitle(core::Factor::Pattern), m_pattern);
    auto* vmsRow = new QHBoxLayout;
    vmsRow->addWidget(m_vms);
    vmsRow->addStretch(1);
    form->addRow(factorTitle(core::Factor::Vms), vmsRow);
    form->addRow(factorTitle(core::Factor::Threads), m_threadsSlider);
    form->addRow(factorTitle(core::Factor::Threads), m_threads);
    showThreadsControl(false);

    // Before the scenario is emitted, so that it never has more VMs than threads.
    connect(m_threadsSlider, &StepSlider::valueChanged, this, &ScenarioPanel::limitVmsToThreads);
    for (StepSlider* control : {m_request, m_fileset, m_read, m_threadsSlider})
        connect(control, &StepSlider::valueChanged, this, &ScenarioPanel::emitScenario);
    connect(m_scheduler, &QComboBox::currentIndexChanged, this, &ScenarioPanel::emitScenario);
    connect(m_pattern, &QComboBox::currentIndexChanged, this, &ScenarioPanel::emitScenario);
    connect(m_vms, &QSpinBox::valueChanged, this, &ScenarioPanel::emitScenario);
    setEnabled(false);
}

void ScenarioPanel::setDomain(const ScenarioDomain& domain, int threads)
{
    const bool wasUpdating = std::exchange(m_updating, true);
    m_request->setScale(sizeScale(domain.requestBytes, kSmallestRequest), byteLabel);
    m_fileset->setScale(sizeScale(domain.filesetBytes, kKiB), byteLabel);
    m_read->setScale(StepScale::linear(0.0, 100.0, 1.0, domain.readPcts),
        [](double pct) { return formatPercent(pct); });
    static_cast<ByteSizeSpinBox*>(m_request->spinBox())->setSteps(m_request->scale());
    static_cast<ByteSizeSpinBox*>(m_fileset->spinBox())->setSteps(m_fileset->scale());

    m_scheduler->clear();
    for (const std::string& name : domain.schedulers)
        m_scheduler->addItem(QString::fromStdString(name), QString::fromStdString(name));
    m_pattern->clear();
    for (core::Pattern pattern : domain.patterns)
        m_pattern->addItem(patternText(pattern), static_cast<int>(pattern));

    m_threadsSlider->setScale(threadScale(domain.threads),
        [](double count) { return QString::number(std::llround(count)); });
    showThreadsControl(domain.threads.size() >= 2);
    m_threadCount = threads;
    m_threadsSlider->setValue(threads);
    m_threads->setText(tr("%1 (fixed by the data)").arg(threads));
    limitVmsToThreads();
    m_updating = wasUpdating;
    setEnabled(!domain.empty());
}

void ScenarioPanel::limitVmsToThreads()
{
    // Each VM runs one thread at least, as `predict` and `import` insist: 2 threads over 8 VMs
    // were asked as 8 threads. The box's value follows a lowered maximum; the scenario is then
    // emitted by whoever changed the threads.
    const QSignalBlocker quiet(m_vms);
    m_vms->setMaximum(std::clamp(scenario().threads, 1, kMaxVms));
}

void ScenarioPanel::showThreadsControl(bool vary)
{
    m_threadsVary = vary;
    m_form->setRowVisible(m_threadsSlider, vary);
    m_form->setRowVisible(m_threads, !vary);
}

void ScenarioPanel::setScenario(const core::Configuration& config)
{
    const bool wasUpdating = std::exchange(m_updating, true);
    m_request->setValue(static_cast<double>(config.requestBytes));
    m_fileset->setValue(static_cast<double>(config.filesetBytes));
    m_read->setValue(config.readPct);
    m_scheduler->setCurrentIndex(m_scheduler->findData(QString::fromStdString(config.scheduler)));
    m_pattern->setCurrentIndex(m_pattern->findData(static_cast<int>(config.pattern)));
    m_threadCount = config.threads;
    m_threadsSlider->setValue(config.threads);
    m_threads->setText(tr("%1 (fixed by the data)").arg(config.threads));
    limitVmsToThreads();
    m_vms->setValue(config.vms);
    m_updating = wasUpdating;
    emitScenario();
}

core::Configuration ScenarioPanel::scenario() const
{
    core::Configuration config;
    config.requestBytes = static_cast<std::int64_t>(std::llround(m_request->value()));
    config.filesetBytes = static_cast<std::int64_t>(std::llround(m_fileset->value()));
    config.readPct = m_read->value();
    config.scheduler = m_scheduler->currentData().toString().toStdString();
    config.pattern = static_cast<core::Pattern>(m_pattern->currentData().toInt());
    config.vms = m_vms->value();
    config.threads
        = m_threadsVary ? static_cast<int>(std::llround(m_threadsSlider->value())) : m_threadCount;
    return config;
}

std::string ScenarioPanel::unmeasuredLevel(const core::Configuration& config) const
{
    const auto check = [](const QComboBox& box, const QVariant& value, const char* factor,
                           const std::string& label) -> std::string {
        if (box.findData(value) >= 0)
            return {};
        std::string levels;
        for (int i = 0; i < box.count(); ++i)
            levels += (levels.empty() ? "" : ", ") + box.itemText(i).toStdString();
        return std::string(factor) + " '" + label + "' was not measured (measured: " + levels + ")";
    };
    std::string missing = check(
        *m_scheduler, QString::fromStdString(config.scheduler), "scheduler", config.scheduler);
    if (missing.empty())
        missing = check(*m_pattern, static_cast<int>(config.pattern), "pattern",
            std::string(core::patternName(config.pattern)));
    return missing;
}

void ScenarioPanel::emitScenario()
{
    if (!m_updating)
        emit scenarioChanged(scenario());
}

} // namespace iolens::ui

#include "moc_scenario_panel.cpp"

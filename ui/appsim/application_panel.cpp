// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/application_panel.hpp"

#include "appsim/application_file.hpp"
#include "appsim/application_plot.hpp"
#include "appsim/builtin_applications.hpp"
#include "appsim/simulation_runner.hpp"
#include "common/number_format.hpp"
#include "data/scenario_text.hpp"
#include "prediction/model_controller.hpp"
#include "store/app_runs.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QTimer>
#include <QVBoxLayout>

namespace iolens::ui {

namespace {

constexpr int kDefaultMaxClients = 64;
constexpr int kFromFile = -1;     // item data of "Open a definition…"
constexpr int kFirstLoaded = 100; // item data of the first definition opened from a file

} // namespace

ApplicationPanel::ApplicationPanel(ModelController* models, QWidget* parent)
    : QWidget(parent)
    , m_models(models)
    , m_application(new QComboBox)
    , m_model(new QComboBox)
    , m_clients(new QSlider(Qt::Horizontal))
    , m_clientsValue(new QLabel)
    , m_think(new QDoubleSpinBox)
    , m_limit(new QDoubleSpinBox)
    , m_headroom(new QLabel)
    , m_note(new QLabel)
    , m_progress(new QProgressBar)
    , m_cancel(new QPushButton(tr("Cancel")))
    , m_plot(new ApplicationPlot)
    , m_runner(new SimulationRunner(this))
    , m_settle(new QTimer(this))
{
    const auto names = core::builtinApplicationNames();
    for (std::size_t i = 0; i < names.size(); ++i)
        m_application->addItem(QString::fromStdString(names[i]), static_cast<int>(i));
    m_application->addItem(tr("Open a definition…"), kFromFile);
    m_clients->setRange(1, 200);
    m_clients->setValue(kDefaultMaxClients);
    m_think->setRange(0.0, 60000.0);
    m_think->setDecimals(1);
    m_think->setSuffix(tr(" ms"));
    m_limit->setRange(0.0, 1e6);
    m_limit->setDecimals(1);
    m_limit->setSuffix(tr(" ms"));
    m_limit->setSpecialValueText(tr("none"));
    m_headroom->setWordWrap(true);
    m_note->setWordWrap(true);
    m_progress->setTextVisible(true);
    m_progress->setVisible(false);
    m_cancel->setVisible(false);

    auto* form = new QFormLayout;
    form->addRow(tr("Application"), m_application);
    form->addRow(tr("Storage model"), m_model);
    auto* clients = new QHBoxLayout;
    clients->addWidget(m_clients, 1);
    clients->addWidget(m_clientsValue);
    form->addRow(tr("Clients up to"), clients);
    form->addRow(tr("Think time"), m_think);
    form->addRow(tr("SLA: response time ≤"), m_limit);
    auto* side = new QVBoxLayout;
    side->addLayout(form);
    side->addWidget(m_headroom);
    side->addWidget(m_progress);
    side->addWidget(m_cancel);
    side->addWidget(m_note);
    side->addStretch(1);
    auto* sideWidget = new QWidget;
    sideWidget->setLayout(side);
    sideWidget->setMaximumWidth(360);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(sideWidget);
    layout->addWidget(m_plot, 1);

    m_settle->setSingleShot(true);
    m_settle->setInterval(250);
    connect(m_settle, &QTimer::timeout, this, &ApplicationPanel::simulateNow);
    connect(m_application, &QComboBox::activated, this, &ApplicationPanel::chooseApplication);
    connect(m_model, &QComboBox::currentIndexChanged, this, &ApplicationPanel::scheduleSimulation);
    connect(m_model, &QComboBox::activated, this, [this] { m_modelChosen = true; });
    connect(m_clients, &QSlider::valueChanged, this, [this](int value) {
        m_clientsValue->setText(QString::number(value));
        scheduleSimulation();
    });
    connect(m_think, &QDoubleSpinBox::valueChanged, this, &ApplicationPanel::scheduleSimulation);
    // The limit only redraws: the sweep does not depend on it.
    connect(m_limit, &QDoubleSpinBox::valueChanged, this, &ApplicationPanel::drawSweep);
    connect(m_cancel, &QPushButton::clicked, m_runner, &SimulationRunner::cancel);
    connect(m_runner, &SimulationRunner::progressed, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_runner, &SimulationRunner::finished, this, &ApplicationPanel::onFinished);
    connect(m_runner, &SimulationRunner::failed, this, [this](const QString& message) {
        m_progress->setVisible(false);
        m_cancel->setVisible(false);
        m_plot->showMessage(tr("Application simulation"), message);
    });
    connect(m_runner, &SimulationRunner::cancelled, this, [this] {
        m_progress->setVisible(false);
        m_cancel->setVisible(false);
        m_note->setText(tr("Simulation cancelled; change a control to simulate again."));
    });
    connect(m_models, &ModelController::modelsReady, this, &ApplicationPanel::refreshModels);

    m_clientsValue->setText(QString::number(m_clients->value()));
    chooseApplication(0);
    refreshModels();
}

ApplicationPanel::~ApplicationPanel() = default;

void ApplicationPanel::setDatabase(std::shared_ptr<core::MeasurementDatabase> database)
{
    m_database = std::move(database);
    loadMeasuredRuns();
    scheduleSimulation();
}

// Read once per database and application, not per redraw: the limit box redraws on each key.
void ApplicationPanel::loadMeasuredRuns()
{
    m_measured
        = m_database ? core::appRuns(*m_database, m_app.name) : std::vector<core::AppRunRecord> {};
}

void ApplicationPanel::setScenario(const core::Configuration& scenario)
{
    m_scenario = scenario;
    scheduleSimulation();
}

bool ApplicationPanel::isSimulating() const
{
    return m_runner->isRunning();
}

void ApplicationPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale)
        m_settle->start();
}

void ApplicationPanel::refreshModels()
{
    // The user's choice stays while it exists; otherwise the first model, the constant last.
    const QString current = m_modelChosen ? m_model->currentText() : QString();
    const QSignalBlocker blocker(m_model);
    m_model->clear();
    for (const ModelEntry& entry : m_models->entries())
        if (entry.model(core::Metric::RtReadMs) || entry.model(core::Metric::RtWriteMs))
            m_model->addItem(entry.label);
    m_model->addItem(tr("constant 1 ms per request"));
    const int keep = m_model->findText(current);
    m_model->setCurrentIndex(keep >= 0 ? keep : 0);
    scheduleSimulation();
}

void ApplicationPanel::chooseApplication(int index)
{
    const int which = m_application->itemData(index).toInt();
    if (which == kFromFile) {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open an application definition"), {}, tr("JSON (*.json)"));
        if (path.isEmpty())
            return;
        try {
            m_loaded.push_back(core::applicationFromArgument(path.toStdString()));
        } catch (const std::exception& e) {
            m_note->setText(QString::fromStdString(e.what()));
            return;
        }
        m_application->insertItem(index, QString::fromStdString(m_loaded.back().name),
            kFirstLoaded + static_cast<int>(m_loaded.size()) - 1);
        const QSignalBlocker blocker(m_application);
        m_application->setCurrentIndex(index);
        m_app = m_loaded.back();
    } else if (which >= kFirstLoaded) {
        m_app = m_loaded[static_cast<std::size_t>(which - kFirstLoaded)];
    } else {
        m_app = *core::builtinApplication(
            core::builtinApplicationNames()[static_cast<std::size_t>(which)]);
    }
    {
        const QSignalBlocker blocker(m_think);
        m_think->setValue(m_app.thinkTimeMs.mean());
    }
    loadMeasuredRuns();
    scheduleSimulation();
}

void ApplicationPanel::scheduleSimulation()
{
    m_stale = true;
    if (isVisible())
        m_settle->start();
}

void ApplicationPanel::simulateNow()
{
    m_settle->stop();
    m_stale = false;
    SweepRequest request;
    request.application = m_app;
    request.application.thinkTimeMs = m_app.thinkTimeMs.scaledTo(m_think->value());
    request.clients = core::sweepClientCounts(m_clients->value());
    // Coarser than the command line's 3 %: a curve of a dozen points stays interactive, and its
    // intervals are drawn.
    request.options.precision = 0.05;
    request.base = m_scenario;
    const int entry = m_models->entryIndex(m_model->currentText());
    if (entry >= 0) {
        const ModelEntry& e = m_models->entries()[static_cast<std::size_t>(entry)];
        if (const auto* read = e.model(core::Metric::RtReadMs))
            request.readModel = *read;
        if (const auto* write = e.model(core::Metric::RtWriteMs))
            request.writeModel = *write;
    }
    if (m_scenario.filesetBytes <= 0 && (request.readModel || request.writeModel)) {
        m_plot->showMessage(
            tr("Application simulation"), tr("Open a database to simulate on its models."));
        return;
    }
    m_progress->setRange(0, static_cast<int>(request.clients.size()));
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_cancel->setVisible(true);
    m_note->setText(tr("The storage is asked about the scenario: %1; the read share and the "
                       "requests in service come from the application's last %2 requests, each "
                       "request's size and pattern from itself.")
                        .arg(QString::fromStdString(core::scenarioText(m_scenario))
                                 .replace(QLatin1Char(','), QStringLiteral(", ")))
                        .arg(request.options.memoryLength));
    m_runner->start(std::move(request));
}

void ApplicationPanel::onFinished(const std::vector<core::SimulationResult>& sweep)
{
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    m_sweep = sweep;
    drawSweep();
    emit sweepShown();
}

void ApplicationPanel::drawSweep()
{
    if (m_sweep.empty())
        return;
    const std::optional<double> limit
        = m_limit->value() > 0.0 ? std::optional<double>(m_limit->value()) : std::nullopt;
    const core::ClientHeadroom headroom
        = limit ? core::clientHeadroom(m_sweep, *limit) : core::ClientHeadroom {};
    if (!limit)
        m_headroom->setText(tr("Set an SLA limit to see how many clients keep it."));
    else if (!headroom.meetsAtFewest)
        m_headroom->setText(
            tr("The limit is broken already at %1.")
                .arg(countText(m_sweep.front().clients, tr("1 client"), tr("%1 clients"))));
    else
        m_headroom->setText(
            tr("The loop's response time stays within %1 ms for %2 %3.")
                .arg(*limit)
                .arg(headroom.openEnded ? tr("at least") : tr("up to"),
                    countText(*headroom.largestClients, tr("1 client"), tr("%1 clients"))));
    const QString title
        = tr("%1 on %2").arg(QString::fromStdString(m_app.name), m_model->currentText());
    const auto operations = static_cast<qlonglong>(m_app.operations.size());
    const auto measured = static_cast<qlonglong>(m_measured.size());
    const QString subtitle
        = tr("%1 per loop (%2, %3) · think time %4 ms · 99 % confidence intervals · %5")
              .arg(countText(operations, tr("1 operation"), tr("%1 operations")),
                  countText(m_app.reads(), tr("1 read"), tr("%1 reads")),
                  countText(m_app.writes(), tr("1 write"), tr("%1 writes")))
              .arg(m_think->value())
              .arg(countText(measured, tr("1 measured run"), tr("%1 measured runs")));
    m_plot->showSweep(title, subtitle, m_sweep, m_measured, limit, headroom);
}

} // namespace iolens::ui

#include "moc_application_panel.cpp"

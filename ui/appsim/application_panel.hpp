// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsim/application.hpp"
#include "appsim/client_sweep.hpp"
#include "common/core_metatypes.hpp"
#include "store/app_runs.hpp"
#include "store/measurement_database.hpp"

#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QTimer;

namespace iolens::ui {

class ApplicationPlot;
class ModelController;
class SimulationRunner;

/// The Application tab (CBSE'14): an application (Filebench's file server, mail server or web
/// server, or a definition file) simulated on the window's storage models for 1 to N clients.
/// The storage is asked about the scenario's scheduler, file set and VMs, the request mix comes
/// from the application. Controls: the application, the model (any entry with a read or write
/// response time model), the largest client count, the think time and an SLA limit on the
/// loop's response time; the chart shows response time and throughput with their confidence
/// intervals, the database's measured runs of that application, and the largest client count
/// within the limit. Simulation runs off the UI thread with progress and cancel.
class ApplicationPanel : public QWidget {
    Q_OBJECT
public:
    explicit ApplicationPanel(ModelController* models, QWidget* parent = nullptr);
    ~ApplicationPanel() override;

    void setDatabase(std::shared_ptr<core::MeasurementDatabase> database);
    void setScenario(const core::Configuration& scenario);

    ApplicationPlot* plot() const { return m_plot; }
    QComboBox* applicationChoice() const { return m_application; }
    QComboBox* modelChoice() const { return m_model; }
    QSlider* clientsSlider() const { return m_clients; }
    QDoubleSpinBox* limitBox() const { return m_limit; }
    QLabel* headroomLabel() const { return m_headroom; }
    bool isSimulating() const;
    const std::vector<core::SimulationResult>& sweep() const { return m_sweep; }
    /// Simulates now instead of after the controls settle (tests, screenshots).
    void simulateNow();

signals:
    /// A sweep finished and is drawn.
    void sweepShown();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void refreshModels();
    void loadMeasuredRuns();
    void chooseApplication(int index);
    void scheduleSimulation();
    void onFinished(const std::vector<core::SimulationResult>& sweep);
    void drawSweep();

    ModelController* m_models;
    std::shared_ptr<core::MeasurementDatabase> m_database;
    core::Configuration m_scenario;
    core::Application m_app;
    std::vector<core::Application> m_loaded; ///< definitions opened from files
    QComboBox* m_application;
    QComboBox* m_model;
    QSlider* m_clients;
    QLabel* m_clientsValue;
    QDoubleSpinBox* m_think;
    QDoubleSpinBox* m_limit;
    QLabel* m_headroom;
    QLabel* m_note;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    ApplicationPlot* m_plot;
    SimulationRunner* m_runner;
    QTimer* m_settle;
    std::vector<core::SimulationResult> m_sweep;
    std::vector<core::AppRunRecord> m_measured; ///< the database's runs of m_app
    bool m_stale = true;                        ///< the inputs changed since the last sweep
    bool m_modelChosen = false; ///< the user picked the storage model (kept across retraining)
};

} // namespace iolens::ui

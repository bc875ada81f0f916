// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/core_metatypes.hpp"
#include "scenario/scenario_domain.hpp"

#include <QGroupBox>

class QComboBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace iolens::ui {

class StepSlider;

/// The what-if controls: request size and file-set size on half-octave (log) sliders with
/// KiB/MiB/GiB labels, read share on a 1 % slider, each with a spin box for exact values;
/// scheduler and access pattern from the data's values; VM count 1..8. The thread count (the
/// clients of a file server, the jobs of a benchmark) is a slider in half octaves with a spin box
/// that steps by one where the data measured several counts; where it measured one (16 in both
/// examples), no model learnt its effect, so it is shown as fixed by the data. Every user change
/// emits scenarioChanged() with the whole configuration.
class ScenarioPanel : public QGroupBox {
    Q_OBJECT
public:
    static constexpr int kMaxVms = 8;

    explicit ScenarioPanel(QWidget* parent = nullptr);

    /// Rebuilds the choices and slider steps for a dataset's values (every measured value is a
    /// step). Disables the panel for an empty domain. Does not emit.
    void setDomain(const ScenarioDomain& domain, int threads);
    /// Moves every control to `config`, then emits scenarioChanged() once.
    void setScenario(const core::Configuration& config);
    /// The configuration the controls show now.
    core::Configuration scenario() const;
    /// What setScenario cannot show of `config`: "scheduler 'kyber' was not measured (measured:
    /// bfq, none)", or empty. A level the boxes lack leaves them blank and every model silent.
    std::string unmeasuredLevel(const core::Configuration& config) const;

    StepSlider* requestControl() const { return m_request; }
    StepSlider* filesetControl() const { return m_fileset; }
    StepSlider* readControl() const { return m_read; }
    QComboBox* schedulerControl() const { return m_scheduler; }
    QComboBox* patternControl() const { return m_pattern; }
    QSpinBox* vmsControl() const { return m_vms; }
    /// Shown only where the domain has two or more thread counts.
    StepSlider* threadsControl() const { return m_threadsSlider; }
    /// Whether the thread count is a control (else a label: fixed by the data).
    bool threadsVary() const { return m_threadsVary; }

signals:
    void scenarioChanged(const iolens::core::Configuration& config);

private:
    void emitScenario();
    void showThreadsControl(bool vary);
    /// The VM count's maximum at the scenario's thread count (kMaxVms at most).
    void limitVmsToThreads();

    StepSlider* m_request;
    StepSlider* m_fileset;
    StepSlider* m_read;
    QComboBox* m_scheduler;
    QComboBox* m_pattern;
    QSpinBox* m_vms;
    StepSlider* m_threadsSlider;
    QLabel* m_threads;
    int m_threadCount = 1;
    bool m_threadsVary = false;
    QFormLayout* m_form;
    bool m_updating = false; ///< true while setScenario moves the controls
};

} // namespace iolens::ui

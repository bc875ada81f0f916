// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/core_metatypes.hpp"
#include "scenario/saved_scenarios.hpp"

#include <QWidget>

class QComboBox;
class QLineEdit;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace iolens::ui {

class ModelController;

/// One line that names a scenario's factors: "16 KiB · 70 % read · 4 GiB · bfq · random · 2 VMs".
QString scenarioSummary(const core::Configuration& config);

/// The Scenarios tab: name the current scenario and keep it, go back to a saved one, and compare
/// two scenarios side by side, every model's prediction per metric with the change in absolute
/// terms and in %. The list can be exported as the CSV `iolens-cli predict --configs` reads.
class ScenarioComparePanel : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioComparePanel(ModelController* models, QWidget* parent = nullptr);

    SavedScenarios* scenarios() const { return m_scenarios; }
    /// The scenario the sliders show: saved by "Save", and the choice "Current scenario".
    void setCurrentScenario(const core::Configuration& config);
    /// Chooses the scenarios compared: -1 is the current scenario, else an index of scenarios().
    void setComparison(int a, int b);
    /// Saves the current scenario as `name` (what the Save button does with the name field).
    int saveCurrent(const QString& name);

    QTableWidget* table() const { return m_table; }
    QListWidget* list() const { return m_list; }
    /// The choices of A and B: item 0 is the current scenario, item i + 1 saved scenario i.
    const QComboBox* choiceA() const { return m_a; }
    const QComboBox* choiceB() const { return m_b; }
    /// Shown while no scenario is saved: how to start.
    const QLabel* listHint() const { return m_listHint; }
    /// Shown while A and B are one configuration, whose changes are all zero.
    const QLabel* sameHint() const { return m_sameHint; }

signals:
    /// The user asked to go back to a saved scenario (double click).
    void applyRequested(const iolens::core::Configuration& config);

private:
    void rebuildList();
    void refresh();
    void exportCsv();
    core::Configuration chosen(const QComboBox* box) const;

    ModelController* m_models;
    SavedScenarios* m_scenarios;
    core::Configuration m_current;
    QLineEdit* m_name;
    QPushButton* m_save;
    QListWidget* m_list;
    QPushButton* m_remove;
    QPushButton* m_export;
    QComboBox* m_a;
    QComboBox* m_b;
    QTableWidget* m_table;
    QLabel* m_listHint;
    QLabel* m_sameHint;
};

} // namespace iolens::ui

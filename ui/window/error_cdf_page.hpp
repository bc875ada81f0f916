// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "prediction/model_entry.hpp"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace iolens::ui {

class ErrorCdfView;
class ModelController;
struct ScenarioEvaluation;

/// The Error CDF tab: a scenario choice (cross-validation, interpolation, extrapolation, multi-VM
/// and a rule such as "request_kib>32", as `iolens-cli evaluate --scenario` reads it) above the
/// CDF view, fed with the controller's evaluations of that scenario: every model with a result
/// for a metric becomes one curve of that metric, refreshed as results arrive, so the view stays
/// a plain drawing of what it is given.
///
/// "Local" restricts every curve to the N scored measurements nearest the window's scenario
/// (core::localEvaluation, in data_distance steps): how accurate the models are *here*, not on
/// average. It filters the per-point errors already computed, so it follows the
/// scenario sliders without refitting anything.
class ErrorCdfPage : public QWidget {
    Q_OBJECT
public:
    explicit ErrorCdfPage(ModelController* models, QWidget* parent = nullptr);

    ErrorCdfView* view() const { return m_view; }
    ErrorScenario scenario() const;
    /// Selects the scenario shown, as the combo box does. Selecting the rule applies the rule
    /// text in the line edit. A disabled entry (multi-VM without such data) is not selected.
    void setScenario(ErrorScenario scenario);
    /// False for multi-VM while the data has no 2+ VM rows; true otherwise.
    bool isScenarioEnabled(ErrorScenario scenario) const;
    /// Puts `rule` into the rule field, selects the rule scenario and applies it as pressing
    /// Enter does. Returns the parser's message (shown under the field; the curves stay as they
    /// were) or an empty string when the rule was accepted.
    QString setRule(const QString& rule);
    /// Restricts the curves to the `count` measurements nearest the scenario, or lifts it.
    void setLocal(bool enabled, int count);
    bool isLocal() const;
    int localCount() const;
    /// Hands the curves of every core metric, for the selected scenario, to the view now.
    void refresh();

    /// The widgets, for tests.
    QComboBox* scenarioBox() const { return m_scenario; }
    QLineEdit* ruleEdit() const { return m_ruleEdit; }
    QLabel* ruleMessage() const { return m_ruleMessage; }

private:
    QString applyRule();
    void onScenarioChosen();
    void updateMultiVmEntry();
    void onEvaluated(const ScenarioEvaluation& evaluation);
    QString caption() const;

    ModelController* m_models;
    QComboBox* m_scenario;
    QLineEdit* m_ruleEdit;
    QLabel* m_ruleMessage;
    QCheckBox* m_local;
    QSpinBox* m_localCount;
    QLabel* m_localSuffix;
    ErrorCdfView* m_view;
};

} // namespace iolens::ui

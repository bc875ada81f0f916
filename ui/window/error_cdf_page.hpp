// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "prediction/model_entry.hpp"

#include <QWidget>

class QComboBox;

namespace iolens::ui {

class ErrorCdfView;
class ModelController;

/// The Error CDF tab: a scenario choice (cross-validation, interpolation, extrapolation) above
/// the CDF view, fed with the controller's evaluations of that scenario: every model with a
/// result for a metric becomes one curve of that metric, refreshed as results arrive, so the
/// view stays a plain drawing of what it is given.
class ErrorCdfPage : public QWidget {
    Q_OBJECT
public:
    explicit ErrorCdfPage(ModelController* models, QWidget* parent = nullptr);

    ErrorCdfView* view() const { return m_view; }
    ErrorScenario scenario() const;
    /// Selects the scenario shown, as the combo box does.
    void setScenario(ErrorScenario scenario);
    /// Hands the curves of every core metric, for the selected scenario, to the view now.
    void refresh();

private:
    ModelController* m_models;
    QComboBox* m_scenario;
    ErrorCdfView* m_view;
};

} // namespace iolens::ui

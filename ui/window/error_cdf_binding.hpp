// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

namespace iolens::ui {

class ErrorCdfView;
class ModelController;

/// Feeds the error CDF view with the controller's cross-validated evaluations: every model with
/// a result for a metric becomes one curve of that metric, refreshed as results arrive, so the
/// view stays a plain drawing of what it is given.
class ErrorCdfBinding : public QObject {
    Q_OBJECT
public:
    ErrorCdfBinding(ModelController* models, ErrorCdfView* view, QObject* parent = nullptr);

    /// Hands the curves of every core metric to the view now.
    void refresh();

private:
    ModelController* m_models;
    ErrorCdfView* m_view;
};

} // namespace iolens::ui

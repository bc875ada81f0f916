// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QTableView;

namespace iolens::ui {

class ModelComparisonModel;
class ModelController;

/// The Models tab: the model comparison table (ModelComparisonModel, sortable by any column)
/// with the rule its relative errors follow written under it, and beside it the selected
/// model's description (coefficients, MARS terms, tree rules) in monospace, because the table
/// says how good a model is and the description what it learned.
class ModelComparisonPanel : public QWidget {
    Q_OBJECT
public:
    /// Follows `controller`, which must outlive the panel.
    explicit ModelComparisonPanel(const ModelController* controller, QWidget* parent = nullptr);

    ModelComparisonModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    /// Selects the row of source row `row` (ModelComparisonModel order) and shows its model.
    void selectSourceRow(int row);
    QString descriptionText() const;
    QString ruleText() const;

private:
    void showCurrentDescription();

    ModelComparisonModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_view;
    QLabel* m_rule;
    QPlainTextEdit* m_description;
};

} // namespace iolens::ui

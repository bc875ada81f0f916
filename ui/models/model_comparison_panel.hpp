// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QTextEdit;
class QSortFilterProxyModel;
class QSplitter;
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
    /// The width the description's longest line needs, frame and scroll bar included.
    int descriptionWidthNeeded() const;
    int descriptionWidth() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    /// Presentation mode's font reaches the monospace description too.
    void changeEvent(QEvent* event) override;

private:
    void showCurrentDescription();
    /// The description in monospace at the panel's font size.
    void applyDescriptionFont();
    /// Hanging indents for the description's wrapped lines.
    void indentDescription();
    /// The Parameters column: its values' width up to about 14 characters, never narrower than
    /// its heading.
    void sizeParametersColumn();
    /// Gives the description the width its longest line needs, as far as the table can spare
    /// it, until the user moves the splitter: a picture of the tab cannot scroll.
    void fitDescription();

    ModelComparisonModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_view;
    QLabel* m_rule;
    QTextEdit* m_description;
    QSplitter* m_splitter;
    bool m_userSized = false; ///< the user moved the splitter: their choice stands
};

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/model_comparison_panel.hpp"

#include "models/model_comparison_model.hpp"
#include "prediction/model_controller.hpp"

#include <QFontDatabase>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace iolens::ui {

namespace {

QString ruleDescription(const core::RelativeErrorRule& rule)
{
    return ModelComparisonPanel::tr(
               "Cross-validated with %1 folds (seed %2). Relative errors count read metrics where "
               "read % ≥ %3 and write metrics where read % ≤ %4 (ICPE'13 Table 4); the CV cost "
               "is the mean RMSE of log(metric) over the folds.")
        .arg(ModelController::kFolds)
        .arg(ModelController::kSeed)
        .arg(QLocale().toString(rule.readMinPct))
        .arg(QLocale().toString(rule.writeMaxPct));
}

} // namespace

ModelComparisonPanel::ModelComparisonPanel(const ModelController* controller, QWidget* parent)
    : QWidget(parent)
    , m_model(new ModelComparisonModel(controller, this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_rule(new QLabel(ruleDescription(controller->errorRule()), this))
    , m_description(new QPlainTextEdit(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ModelComparisonModel::kSortRole);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // the controller's order until a click
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // A MARS parameter list is as wide as all the figures together: it takes what is left,
    // elided, with the full list as its tooltip.
    m_view->horizontalHeader()->setSectionResizeMode(ModelComparisonModel::ParametersColumn,
                                                     QHeaderView::Stretch);
    m_rule->setWordWrap(true);
    m_rule->setForegroundRole(QPalette::PlaceholderText);

    m_description->setReadOnly(true);
    m_description->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_description->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_description->setPlaceholderText(tr("Select a model to see what it learned."));

    auto* tableSide = new QWidget(this);
    auto* tableLayout = new QVBoxLayout(tableSide);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(m_view, 1);
    tableLayout->addWidget(m_rule);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(tableSide);
    splitter->addWidget(m_description);
    // The table needs its width at 1280 pixels; the description scrolls sideways if it must.
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ModelComparisonPanel::showCurrentDescription);
    // The selected model may finish training, or the data may change under it.
    connect(m_model, &QAbstractItemModel::dataChanged, this,
            &ModelComparisonPanel::showCurrentDescription);
    // A new dataset starts with its first model selected, so the description is never empty
    // for no reason.
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (m_model->rowCount() > 0)
            m_view->selectRow(0);
        showCurrentDescription();
    });
}

void ModelComparisonPanel::selectSourceRow(int row)
{
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    m_view->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void ModelComparisonPanel::showCurrentDescription()
{
    const QModelIndex source = m_proxy->mapToSource(m_view->currentIndex());
    const QString text = source.isValid() ? m_model->description(source.row()) : QString();
    // Unchanged text is not set again, so the reader's scroll position survives a refresh.
    if (text != m_description->toPlainText())
        m_description->setPlainText(text);
}

QString ModelComparisonPanel::descriptionText() const { return m_description->toPlainText(); }

QString ModelComparisonPanel::ruleText() const { return m_rule->text(); }

} // namespace iolens::ui

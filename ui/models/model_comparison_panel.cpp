// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/model_comparison_panel.hpp"

#include "models/model_comparison_model.hpp"
#include "prediction/model_controller.hpp"

#include <QFontDatabase>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

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
    , m_splitter(new QSplitter(Qt::Horizontal, this))
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
    m_view->horizontalHeader()->setSectionResizeMode(
        ModelComparisonModel::ParametersColumn, QHeaderView::Stretch);
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
    m_splitter->addWidget(tableSide);
    m_splitter->addWidget(m_description);
    // The table needs its width at 1280 pixels; the description scrolls sideways if it must.
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_userSized = true; });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

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
    if (text != m_description->toPlainText()) {
        m_description->setPlainText(text);
        fitDescription();
    }
}

int ModelComparisonPanel::descriptionWidthNeeded() const
{
    const QFontMetrics metrics(m_description->font());
    int widest = 0;
    for (const QString& line : m_description->toPlainText().split(QLatin1Char('\n')))
        widest = std::max(widest, metrics.horizontalAdvance(line));
    const auto margin = static_cast<int>(std::ceil(m_description->document()->documentMargin()));
    return widest + 2 * (margin + m_description->frameWidth())
        + m_description->verticalScrollBar()->sizeHint().width();
}

int ModelComparisonPanel::descriptionWidth() const
{
    return m_description->width();
}

void ModelComparisonPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitDescription();
}

void ModelComparisonPanel::fitDescription()
{
    const int total = m_splitter->width() - m_splitter->handleWidth();
    if (m_userSized || total <= 0)
        return;
    // The table keeps the width its columns need (at 1280 pixels three quarters of the panel);
    // the description takes what is left, up to the width its longest line needs.
    const QHeaderView* header = m_view->horizontalHeader();
    const QAbstractItemView* cells = m_view; // QTableView hides sizeHintForColumn
    int tableNeeds = m_view->verticalScrollBar()->sizeHint().width() + 2 * m_view->frameWidth();
    for (int column = 0; column < header->count(); ++column) {
        // A stretching column (the parameters) elides its text, so only its heading counts.
        const bool elides = header->sectionResizeMode(column) == QHeaderView::Stretch;
        tableNeeds += std::max(
            elides ? 0 : cells->sizeHintForColumn(column), header->sectionSizeHint(column));
    }
    const int room = std::max(total / 4, total - tableNeeds);
    const int description = std::clamp(descriptionWidthNeeded(), total / 4, room);
    m_splitter->setSizes({total - description, description});
}

QString ModelComparisonPanel::descriptionText() const
{
    return m_description->toPlainText();
}

QString ModelComparisonPanel::ruleText() const
{
    return m_rule->text();
}

} // namespace iolens::ui

#include "moc_model_comparison_panel.cpp"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/model_comparison_panel.hpp"

#include "models/model_comparison_model.hpp"
#include "prediction/model_controller.hpp"

#include <QEvent>
#include <QFontDatabase>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextEdit>
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
    , m_description(new QTextEdit(this))
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
    // A MARS parameter list is as wide as all the figures together: the column gets about 14
    // characters (sizeParametersColumn), elided beyond, with the full list as its tooltip; the
    // last column takes the slack.
    m_view->horizontalHeader()->setSectionResizeMode(
        ModelComparisonModel::ParametersColumn, QHeaderView::Interactive);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_rule->setWordWrap(true);
    m_rule->setForegroundRole(QPalette::PlaceholderText);

    m_description->setReadOnly(true);
    m_description->setAcceptRichText(false);
    // Wrapped to the panel's width (lines cut at the edge needed sideways scrolling), each
    // wrapped line hanging under its first one's text (indentDescription).
    m_description->setLineWrapMode(QTextEdit::WidgetWidth);
    applyDescriptionFont();
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
    // Columns widen as the cross-validated figures arrive ("120,474 %"): the split follows.
    // The last column only stretches into the slack, which says nothing about the need.
    connect(
        m_view->horizontalHeader(), &QHeaderView::sectionResized, this,
        [this](int column) {
            if (column != m_view->horizontalHeader()->count() - 1)
                fitDescription();
        },
        Qt::QueuedConnection);
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
        indentDescription();
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

void ModelComparisonPanel::applyDescriptionFont()
{
    // Monospace at the size of the window's text: the system's fixed font is set explicitly, so
    // it kept its size when presentation mode enlarged everything else.
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (font().pointSizeF() > 0)
        fixed.setPointSizeF(font().pointSizeF());
    else if (font().pixelSize() > 0)
        fixed.setPixelSize(font().pixelSize());
    m_description->setFont(fixed);
    indentDescription();
}

void ModelComparisonPanel::indentDescription()
{
    // A line indented by n spaces wraps to n + 2 characters: continuation lines stay under
    // their own item, a little to the right, as a hanging indent.
    const qreal space = QFontMetricsF(m_description->font()).horizontalAdvance(QLatin1Char(' '));
    QTextCursor cursor(m_description->document());
    for (QTextBlock block = m_description->document()->begin(); block.isValid();
         block = block.next()) {
        const QString text = block.text();
        qsizetype indent = 0;
        while (indent < text.size() && text[indent] == QLatin1Char(' '))
            ++indent;
        QTextBlockFormat format = block.blockFormat();
        const qreal hanging = static_cast<qreal>(indent + 2) * space;
        format.setLeftMargin(hanging);
        format.setTextIndent(-hanging);
        cursor.setPosition(block.position());
        cursor.setBlockFormat(format);
    }
}

void ModelComparisonPanel::sizeParametersColumn()
{
    QHeaderView* header = m_view->horizontalHeader();
    const QAbstractItemView* cells = m_view; // QTableView hides sizeHintForColumn
    const int column = ModelComparisonModel::ParametersColumn;
    const int cap = m_view->fontMetrics().averageCharWidth() * 14;
    header->resizeSection(column,
        std::max(header->sectionSizeHint(column), std::min(cells->sizeHintForColumn(column), cap)));
}

void ModelComparisonPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::FontChange)
        return;
    applyDescriptionFont();
    // The compact rows follow the font too, or presentation mode's text touches their edges.
    m_view->verticalHeader()->setDefaultSectionSize(QFontMetrics(font()).height() + 6);
}

void ModelComparisonPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitDescription();
}

void ModelComparisonPanel::fitDescription()
{
    const int total = m_splitter->width() - m_splitter->handleWidth();
    sizeParametersColumn();
    if (m_userSized || total <= 0)
        return;
    // The table keeps the width its columns need (at 1280 pixels four fifths of the panel);
    // the description takes what is left, up to the width its longest line needs.
    const QHeaderView* header = m_view->horizontalHeader();
    const QAbstractItemView* cells = m_view; // QTableView hides sizeHintForColumn
    int tableNeeds = m_view->verticalScrollBar()->sizeHint().width() + 2 * m_view->frameWidth();
    // The header has sized each column to its contents over every row (and the parameters to
    // sizeParametersColumn's width); only the last one stretches, so it counts at its contents.
    const int last = header->count() - 1;
    for (int column = 0; column < last; ++column)
        tableNeeds += header->sectionSize(column);
    // The stretching last column never gets narrower than the header's default section size.
    if (last >= 0)
        tableNeeds += std::max({cells->sizeHintForColumn(last), header->sectionSizeHint(last),
            header->defaultSectionSize()});
    // At least a fifth: the description wraps, so a narrow one is whole, only longer.
    const int room = std::max(total / 5, total - tableNeeds);
    const int description = std::clamp(descriptionWidthNeeded(), total / 5, room);
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

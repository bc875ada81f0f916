// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/measurement_table_panel.hpp"

#include "table/measurement_filter_proxy.hpp"
#include "table/measurement_table_model.hpp"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace iolens::ui {

MeasurementTablePanel::MeasurementTablePanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new MeasurementTableModel(this))
    , m_proxy(new MeasurementFilterProxy(this))
    , m_filter(new QLineEdit(this))
    , m_count(new QLabel(this))
    , m_view(new QTableView(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
{
    m_proxy->setSourceModel(m_model);
    m_filter->setPlaceholderText(tr("Filter: words that must all appear, e.g. bfq random 4 KiB"));
    m_filter->setClearButtonEnabled(true);

    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // the model's configuration order until a click
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    // Compact rows: a factorial grid has hundreds of them, and the style's default is roomy.
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->horizontalHeader()->setStretchLastSection(true); // the split label takes the slack

    auto* top = new QHBoxLayout;
    top->addWidget(m_filter, 1);
    top->addWidget(m_count);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    m_splitter->addWidget(m_view);
    m_splitter->setChildrenCollapsible(false);
    layout->addWidget(m_splitter, 1);

    // A new filter text removes and inserts rows range by range: on a million rows, hundreds
    // of thousands of ranges, each of which would report every row shown. The count is taken
    // once, after the filter has been applied.
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_filtering = true;
        m_proxy->setFilterText(text);
        m_filtering = false;
        updateCount();
    });
    const auto rowsChanged = [this] {
        if (!m_filtering)
            updateCount();
    };
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, rowsChanged);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, rowsChanged);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &MeasurementTablePanel::updateCount);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, rowsChanged);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &MeasurementTablePanel::onCurrentRowChanged);
    updateCount();
}

void MeasurementTablePanel::setMeasurements(const std::vector<core::Measurement>& runs)
{
    setRows(aggregatedRows(runs), static_cast<int>(runs.size()));
}

void MeasurementTablePanel::setRows(const AggregatedRows& rows, int runCount)
{
    m_model->setRows(rows, runCount);
    // A factor that never changes (16 threads on 1 VM in every shared dataset) is a column of
    // one value taking room from the metrics; the factor headers' tooltip names its value.
    for (const int column :
        {MeasurementTableModel::ThreadsColumn, MeasurementTableModel::VmsColumn})
        m_view->setColumnHidden(column, m_model->isConstantColumn(column));
    measureColumns();
    fitTableWidth();
    updateCount();
}

// The columns at their content widths; the last one's stretch is turned off meanwhile, since
// it would report the slack as its width.
void MeasurementTablePanel::measureColumns()
{
    QHeaderView* header = m_view->horizontalHeader();
    header->setStretchLastSection(false);
    m_view->resizeColumnsToContents();
    m_columnsWidth = 0;
    for (int column = 0; column < header->count(); ++column)
        m_columnsWidth += header->sectionSize(column);
    header->setStretchLastSection(true);
}

// Where the window is wide enough, the table gets the width its columns need (no horizontal
// scrolling) and the plot the rest, as long as the plot keeps a useful size; otherwise the
// stretch factors share the width. A split the user chose stays.
void MeasurementTablePanel::fitTableWidth()
{
    // 360: at 1280 pixels the table's columns then fit beside the plot, which is still legible.
    constexpr int kPlotMinimum = 360;
    if (m_userSized || m_splitter->count() < 2 || m_columnsWidth == 0)
        return;
    const int available = m_splitter->width() - m_splitter->handleWidth();
    // A few pixels of slack: styles draw the frame and the scroll bar's edge a little wider
    // than they report.
    const int table = m_columnsWidth + 2 * m_view->frameWidth()
        + m_view->verticalScrollBar()->sizeHint().width() + 4;
    if (table + kPlotMinimum <= available)
        m_splitter->setSizes({table, available - table});
}

void MeasurementTablePanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::FontChange)
        return;
    // Presentation mode's font: the columns measured in the old one elided their cells and
    // headers ("256 …", "Read RT (ms"), and the rows clipped the larger text. The table and its
    // header take the font after the panel, so measure once they have it.
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
            measureColumns();
            fitTableWidth();
        },
        Qt::QueuedConnection);
}

void MeasurementTablePanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitTableWidth();
}

void MeasurementTablePanel::setSideView(QWidget* view)
{
    m_splitter->addWidget(view);
    // The table's columns need most of the width; the plot is a companion to it.
    m_splitter->setStretchFactor(0, 5);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setSizes({500, 300});
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_userSized = true; });
    fitTableWidth();
}

std::vector<core::Configuration> MeasurementTablePanel::shownConfigurations() const
{
    // In the table model's order, whatever the sort: a sort then shows the same list, which the
    // scatter recognises and does not redraw, and the list arrives sorted for its lookups.
    std::vector<core::Configuration> configs;
    configs.reserve(static_cast<std::size_t>(m_proxy->rowCount()));
    for (int row = 0; row < m_model->rowCount(); ++row)
        if (m_proxy->mapFromSource(m_model->index(row, 0)).isValid())
            configs.push_back(m_model->row(row).config);
    return configs;
}

void MeasurementTablePanel::updateCount()
{
    m_count->setText(tr("%L1 of %L2 configurations, %L3 runs")
                         .arg(m_proxy->rowCount())
                         .arg(m_model->rowCount())
                         .arg(m_model->runCount()));
    emit shownConfigurationsChanged(shownConfigurations());
}

void MeasurementTablePanel::onCurrentRowChanged(const QModelIndex& current)
{
    const QModelIndex source = m_proxy->mapToSource(current);
    if (!source.isValid())
        return;
    emit configurationSelected(m_model->row(source.row()).config);
}

} // namespace iolens::ui

#include "moc_measurement_table_panel.cpp"

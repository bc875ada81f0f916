// SPDX-License-Identifier: GPL-3.0-or-later
#include "measure/stored_runs_table.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "harness/fio_job.hpp"

#include <QHeaderView>

namespace iolens::ui {

StoredRunsTable::StoredRunsTable(QWidget* parent)
    : QTableWidget(0, 2 + static_cast<int>(core::kCoreMetrics.size()), parent)
{
    QStringList headers {tr("Configuration"), tr("Rep.")};
    for (core::Metric metric : core::kCoreMetrics)
        headers << tr("%1 (%2)").arg(metricShortTitle(metric), metricUnitText(metric));
    setHorizontalHeaderLabels(headers);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    verticalHeader()->setVisible(false);
    horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int column = 1; column < columnCount(); ++column)
        horizontalHeader()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
}

void StoredRunsTable::addRun(const core::Measurement& row)
{
    const int r = rowCount();
    insertRow(r);
    setItem(r, 0, new QTableWidgetItem(QString::fromStdString(core::configurationKey(row.config))));
    setItem(r, 1, new QTableWidgetItem(QString::number(row.rep + 1)));
    int column = 2;
    for (core::Metric metric : core::kCoreMetrics) {
        const auto value = row.value(metric);
        auto* item = new QTableWidgetItem(value ? formatSignificant(*value) : QStringLiteral("–"));
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        setItem(r, column++, item);
    }
    scrollToBottom();
}

} // namespace iolens::ui

#include "moc_stored_runs_table.cpp"

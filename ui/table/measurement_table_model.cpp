// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/measurement_table_model.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"

#include <algorithm>

namespace iolens::ui {

namespace {

bool isMetricColumn(int column)
{
    return column >= MeasurementTableModel::FirstMetricColumn
        && column < MeasurementTableModel::RunsColumn;
}

core::Metric metricOf(int column)
{
    return core::kCoreMetrics[static_cast<std::size_t>(
        column - MeasurementTableModel::FirstMetricColumn)];
}

} // namespace

MeasurementTableModel::MeasurementTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void MeasurementTableModel::setMeasurements(const std::vector<core::Measurement>& runs)
{
    setRows(aggregatedRows(runs), static_cast<int>(runs.size()));
}

void MeasurementTableModel::setRows(const AggregatedRows& rows, int runCount)
{
    beginResetModel();
    if (rows)
        m_rows = *rows;
    else
        m_rows.clear();
    std::sort(m_rows.begin(), m_rows.end(),
        [](const auto& a, const auto& b) { return a.config < b.config; });
    m_runCount = runCount;
    endResetModel();
}

int MeasurementTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int MeasurementTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MeasurementTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const core::AggregatedMeasurement& row = this->row(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayText(row, index.column());
    case kSortRole:
        return sortKey(row, index.column());
    case Qt::ToolTipRole:
        return toolTip(row, index.column());
    case Qt::TextAlignmentRole:
        if (index.column() == SchedulerColumn || index.column() == PatternColumn
            || index.column() == SplitColumn)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant MeasurementTableModel::displayText(
    const core::AggregatedMeasurement& row, int column) const
{
    const core::Configuration& c = row.config;
    switch (column) {
    case SchedulerColumn:
        return QString::fromStdString(c.scheduler);
    case PatternColumn:
        return c.pattern == core::Pattern::Random ? tr("random") : tr("sequential");
    case RequestColumn:
        return formatByteSizeRounded(c.requestBytes);
    case FilesetColumn:
        return formatByteSizeRounded(c.filesetBytes);
    case ReadPctColumn:
        return formatPercent(c.readPct);
    case ThreadsColumn:
        return c.threads;
    case VmsColumn:
        return c.vms;
    case RunsColumn:
        return row.repetitions;
    case SplitColumn:
        return QString::fromStdString(row.split);
    default:
        break;
    }
    const core::Metric metric = metricOf(column);
    const auto mean = row.value(metric);
    if (!mean)
        return tr("n/a");
    QString text = formatSignificant(*mean);
    if (const auto rse = row.rse(metric))
        text += QLatin1Char(' ') + formatRse(*rse);
    return text;
}

bool MeasurementTableModel::hasNumericKey(int column)
{
    return column != SchedulerColumn && column != PatternColumn && column != SplitColumn
        && column >= 0 && column < ColumnCount;
}

std::optional<double> MeasurementTableModel::numericKey(int row, int column) const
{
    return numberOf(this->row(row), column);
}

std::optional<double> MeasurementTableModel::numberOf(
    const core::AggregatedMeasurement& row, int column)
{
    const core::Configuration& c = row.config;
    switch (column) {
    case RequestColumn:
        return static_cast<double>(c.requestBytes);
    case FilesetColumn:
        return static_cast<double>(c.filesetBytes);
    case ReadPctColumn:
        return c.readPct;
    case ThreadsColumn:
        return c.threads;
    case VmsColumn:
        return c.vms;
    case RunsColumn:
        return row.repetitions;
    default:
        break;
    }
    if (!isMetricColumn(column))
        return std::nullopt;
    return row.value(metricOf(column));
}

QVariant MeasurementTableModel::sortKey(const core::AggregatedMeasurement& row, int column) const
{
    if (!hasNumericKey(column))
        return displayText(row, column);
    const std::optional<double> key = numberOf(row, column);
    return key ? QVariant(*key) : QVariant();
}

QVariant MeasurementTableModel::toolTip(const core::AggregatedMeasurement& row, int column) const
{
    if (!isMetricColumn(column))
        return {};
    const core::Metric metric = metricOf(column);
    const auto mean = row.value(metric);
    if (!mean)
        return tr("%1 does not apply at %2 reads")
            .arg(metricTitle(metric), formatPercent(row.config.readPct));
    QString tip = row.repetitions == 1
        ? tr("%1: a single run").arg(metricTitle(metric))
        : tr("%1: mean of %2 runs").arg(metricTitle(metric)).arg(row.repetitions);
    if (const auto rse = row.rse(metric))
        tip += QLatin1Char('\n') + tr("relative standard error %1").arg(formatRse(*rse));
    return tip;
}

bool MeasurementTableModel::isConstantColumn(int column) const
{
    if ((column != ThreadsColumn && column != VmsColumn) || m_rows.empty())
        return false;
    const auto first = numberOf(m_rows.front(), column);
    return std::all_of(m_rows.begin(), m_rows.end(),
        [&](const auto& row) { return numberOf(row, column) == first; });
}

QString MeasurementTableModel::constantFactorsText() const
{
    const bool threads = isConstantColumn(ThreadsColumn);
    const bool vms = isConstantColumn(VmsColumn);
    if (!threads && !vms)
        return {};
    const core::Configuration& c = m_rows.front().config;
    const QString threadText = threadCountText(c.threads);
    const QString vmText = vmCountText(c.vms);
    if (threads && vms)
        return tr("Every run has %1 on %2: the Threads and VMs columns are hidden.")
            .arg(threadText, vmText);
    return threads ? tr("Every run has %1: the Threads column is hidden.").arg(threadText)
                   : tr("Every run has %1: the VMs column is hidden.").arg(vmText);
}

QVariant MeasurementTableModel::headerToolTip(int section) const
{
    if (isMetricColumn(section))
        return tr("%1 in %2: mean over the runs ± relative standard error of the mean")
            .arg(metricTitle(metricOf(section)), metricUnitText(metricOf(section)));
    if (section == SplitColumn)
        return tr("The label the runs were imported under (iolens-cli import --split): "
                  "\"grid\" for one run of each configuration of the factorial grid, "
                  "\"repeat\" for configurations run several times, whose spread gives the "
                  "± relative standard error; other labels name held-out or extra scenarios "
                  "(interp, extrap, multivm). Type one in the filter to see only its rows.");
    if (section == RunsColumn)
        return tr("How many runs of the configuration the row averages");
    if (section < FirstMetricColumn) {
        const QString constant = constantFactorsText();
        return constant.isEmpty() ? QVariant() : QVariant(constant);
    }
    return {};
}

QVariant MeasurementTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole)
        return headerToolTip(section);
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SchedulerColumn:
        return tr("Scheduler");
    case PatternColumn:
        return tr("Pattern");
    case RequestColumn:
        return tr("Request");
    case FilesetColumn:
        return tr("File set");
    case ReadPctColumn:
        return tr("Read");
    case ThreadsColumn:
        return tr("Threads");
    case VmsColumn:
        return tr("VMs");
    case RunsColumn:
        return tr("Runs");
    case SplitColumn:
        return tr("Split");
    default:
        // The unit on a line of its own: the headings were wider than their numbers, and at
        // 1280 pixels pushed the throughputs, runs and split behind horizontal scrolling.
        return tr("%1\n(%2)")
            .arg(metricShortTitle(metricOf(section)), metricUnitText(metricOf(section)));
    }
}

} // namespace iolens::ui

#include "moc_measurement_table_model.cpp"

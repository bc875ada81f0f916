// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/error_cdf_table.hpp"

#include "plots/evaluation_text.hpp"

#include <QHeaderView>
#include <QPainter>
#include <QStyle>

#include <algorithm>

namespace iolens::ui {

namespace {

enum Column {
    ModelNameColumn,
    P50Column,
    P90Column,
    P99Column,
    MeanColumn,
    PointsColumn,
    ColumnCount
};

QTableWidgetItem* numberItem(const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

QIcon colorSwatch(const QColor& color)
{
    QPixmap swatch(14, 14);
    swatch.fill(Qt::transparent);
    QPainter painter(&swatch);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(color, 3));
    painter.drawLine(1, 7, 13, 7);
    return QIcon(swatch);
}

} // namespace

ErrorCdfTable::ErrorCdfTable(QWidget* parent)
    : QTableWidget(parent)
{
    setColumnCount(ColumnCount);
    setHorizontalHeaderLabels({tr("Model"), tr("p50"), tr("p90"), tr("p99"), tr("Mean"), tr("n")});
    horizontalHeaderItem(P50Column)->setToolTip(
        tr("Half of the configurations have a smaller relative error"));
    horizontalHeaderItem(P90Column)->setToolTip(
        tr("90 % of the configurations have a smaller relative error"));
    horizontalHeaderItem(P99Column)->setToolTip(
        tr("99 % of the configurations have a smaller relative error"));
    horizontalHeaderItem(MeanColumn)->setToolTip(tr("Mean relative error"));
    horizontalHeaderItem(PointsColumn)->setToolTip(tr("Configurations evaluated"));
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(ModelNameColumn, QHeaderView::Stretch);
    setSelectionMode(QAbstractItemView::NoSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);

    connect(this, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (item->column() == ModelNameColumn)
            emit curveToggled(item->text(), item->checkState() == Qt::Checked);
    });
}

void ErrorCdfTable::showCurves(
    const std::vector<CdfCurve>& curves, const std::vector<QColor>& colors)
{
    const QSignalBlocker blocker(this);
    const int rows = static_cast<int>(curves.size());
    setRowCount(rows);
    for (int row = 0; row < rows; ++row) {
        const CdfCurve& curve = curves[static_cast<std::size_t>(row)];
        const core::ModelEvaluation& e = curve.evaluation;
        auto* model = new QTableWidgetItem(
            colorSwatch(colors.at(static_cast<std::size_t>(row))), curve.label);
        model->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        model->setCheckState(Qt::Checked);
        model->setToolTip(percentileSummary(curve.label, e));
        setItem(row, ModelNameColumn, model);
        setItem(row, P50Column, numberItem(relativeErrorText(e.p50)));
        setItem(row, P90Column, numberItem(relativeErrorText(e.p90)));
        setItem(row, P99Column, numberItem(relativeErrorText(e.p99)));
        setItem(row, MeanColumn, numberItem(relativeErrorText(e.meanRelativeError)));
        setItem(row, PointsColumn,
            numberItem(QLocale().toString(static_cast<qlonglong>(e.cdf.values.size()))));
    }
    int height = horizontalHeader()->sizeHint().height() + 2 * frameWidth();
    for (int row = 0; row < rows; ++row)
        height += rowHeight(row);
    setFixedHeight(height);
}

void ErrorCdfTable::setRowChecked(int row, bool checked)
{
    const QSignalBlocker blocker(this);
    if (QTableWidgetItem* model = item(row, ModelNameColumn))
        model->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

int ErrorCdfTable::widthForColumns() const
{
    // The model column stretches, so its width is measured: tick box, swatch, label.
    int modelWidth = horizontalHeader()->sectionSizeHint(ModelNameColumn);
    const int decoration = style()->pixelMetric(QStyle::PM_IndicatorWidth) + iconSize().width()
        + fontMetrics().horizontalAdvance(QStringLiteral("MMMMM"));
    for (int row = 0; row < rowCount(); ++row)
        if (const QTableWidgetItem* model = item(row, ModelNameColumn))
            modelWidth
                = std::max(modelWidth, decoration + fontMetrics().horizontalAdvance(model->text()));
    int width = 2 * frameWidth() + modelWidth;
    for (int column = P50Column; column < columnCount(); ++column)
        width += horizontalHeader()->sectionSize(column);
    return width;
}

} // namespace iolens::ui

#include "moc_error_cdf_table.cpp"

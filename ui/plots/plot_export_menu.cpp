// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/plot_export_menu.hpp"

#include "plots/plot_data_csv.hpp"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QMenu>
#include <QMessageBox>
#include <QSpinBox>

#include <optional>

namespace iolens::ui {

namespace {

/// The context of the menu's strings for Qt Linguist.
class PlotExportMenu {
    Q_DECLARE_TR_FUNCTIONS(PlotExportMenu)
};

/// Asks the size and scale of a PNG, starting from the plot's size on screen at 2x (sharp on a
/// projector and on a high-DPI screen).
std::optional<QPair<QSize, double>> askPngSize(QWidget* parent, QSize initial)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(PlotExportMenu::tr("PNG size"));
    auto* width = new QSpinBox(&dialog);
    auto* height = new QSpinBox(&dialog);
    for (QSpinBox* box : {width, height}) {
        box->setRange(100, 8000);
        box->setSuffix(PlotExportMenu::tr(" px"));
    }
    width->setValue(initial.width());
    height->setValue(initial.height());
    auto* scale = new QDoubleSpinBox(&dialog);
    scale->setRange(0.5, 4.0);
    scale->setSingleStep(0.5);
    scale->setValue(2.0);
    scale->setSuffix(PlotExportMenu::tr(" ×"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* form = new QFormLayout(&dialog);
    form->addRow(PlotExportMenu::tr("&Width:"), width);
    form->addRow(PlotExportMenu::tr("&Height:"), height);
    form->addRow(PlotExportMenu::tr("&Scale (DPI):"), scale);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return QPair<QSize, double> {QSize(width->value(), height->value()), scale->value()};
}

void savePicture(QCustomPlot* plot, const PictureInfoSource& info)
{
    QString filter;
    const QString path
        = QFileDialog::getSaveFileName(plot, PlotExportMenu::tr("Save picture"), QString(),
            PlotExportMenu::tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"),
            &filter);
    if (path.isEmpty())
        return;
    PlotExportOptions options;
    if (info)
        options.info = info();
    if (pictureFormatOf(path) == PictureFormat::Png) {
        const auto size = askPngSize(plot, plot->size());
        if (!size)
            return;
        options.size = size->first;
        options.scale = size->second;
    }
    QString error;
    if (!savePlot(*plot, path, options, &error))
        QMessageBox::warning(plot, PlotExportMenu::tr("Save picture"), error);
}

void saveData(QCustomPlot* plot)
{
    const QString path = QFileDialog::getSaveFileName(plot, PlotExportMenu::tr("Save plot data"),
        QString(), PlotExportMenu::tr("CSV files (*.csv)"));
    QString error;
    if (!path.isEmpty() && !savePlotDataCsv(*plot, path, &error))
        QMessageBox::warning(plot, PlotExportMenu::tr("Save plot data"), error);
}

} // namespace

QMenu* createExportMenu(QCustomPlot* plot, const PictureInfoSource& info)
{
    auto* menu = new QMenu(plot);
    menu->addAction(PlotExportMenu::tr("Save &picture (PNG, SVG, PDF)…"), plot,
        [plot, info] { savePicture(plot, info); });
    menu->addAction(
        PlotExportMenu::tr("&Copy picture"), plot, [plot] { copyPlotToClipboard(*plot); });
    menu->addAction(PlotExportMenu::tr("Save &data as CSV…"), plot, [plot] { saveData(plot); });
    return menu;
}

void attachExportMenu(QCustomPlot* plot, PictureInfoSource info)
{
    plot->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(plot, &QWidget::customContextMenuRequested, plot,
        [plot, info = std::move(info)](const QPoint& position) {
            QMenu* menu = createExportMenu(plot, info);
            menu->setAttribute(Qt::WA_DeleteOnClose);
            menu->popup(plot->mapToGlobal(position));
        });
}

} // namespace iolens::ui

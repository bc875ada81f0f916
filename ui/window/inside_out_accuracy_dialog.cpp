// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/inside_out_accuracy_dialog.hpp"

#include "plots/inside_out_density_view.hpp"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QPushButton>
#include <QVBoxLayout>

namespace iolens::ui {

InsideOutAccuracyDialog::InsideOutAccuracyDialog(const QString& directory, QWidget* parent)
    : QDialog(parent)
    , m_view(new InsideOutDensityView(this))
{
    setWindowTitle(tr("Inside-Out accuracy — %1").arg(QDir::toNativeSeparators(directory)));
    setAttribute(Qt::WA_DeleteOnClose);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    layout->addWidget(buttons);
    resize(900, 650);
    m_view->evaluate(directory);
}

InsideOutAccuracyDialog* promptInsideOutAccuracy(QWidget* parent)
{
    const QString directory = QFileDialog::getExistingDirectory(
        parent, QObject::tr("Runs with node metrics (TARGET/.iolens/lowlevel)"), QDir::homePath());
    if (directory.isEmpty())
        return nullptr;
    auto* dialog = new InsideOutAccuracyDialog(directory, parent);
    dialog->show();
    return dialog;
}

} // namespace iolens::ui

#include "moc_inside_out_accuracy_dialog.cpp"

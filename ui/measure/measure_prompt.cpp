// SPDX-License-Identifier: GPL-3.0-or-later
#include "measure/measure_prompt.hpp"

#include "document/document.hpp"
#include "document/document_controller.hpp"
#include "measure/measure_dialog.hpp"

#include <QFileDialog>
#include <QPointer>

namespace iolens::ui {

QString writableDatabasePath(const Document* document)
{
    return document && !document->readOnly() ? document->path : QString();
}

void openMeasureDialog(QWidget* parent, DocumentController* documents)
{
    QString path = writableDatabasePath(documents->document());
    if (path.isEmpty()) {
        // An existing file is fine too (the runs are added to it), so no overwrite question.
        path = QFileDialog::getSaveFileName(parent,
            MeasureDialog::tr("Database for the measurements"),
            QStringLiteral("measurements.sqlite"),
            MeasureDialog::tr("iolens databases (*.sqlite *.db *.iolens);;All files (*)"), nullptr,
            QFileDialog::DontConfirmOverwrite);
        if (path.isEmpty())
            return;
    }
    auto* dialog = new MeasureDialog(path, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    QPointer<DocumentController> controller(documents);
    QObject::connect(dialog, &MeasureDialog::measurementFinished, dialog,
        [controller, path](const QString& dataset, int runsStored, bool) {
            // Reopening reads the new rows; documentChanged retrains the models.
            if (controller && runsStored > 0 && controller->openFile(path))
                controller->selectDataset(dataset);
        });
    dialog->show();
}

} // namespace iolens::ui

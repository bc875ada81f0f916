// SPDX-License-Identifier: GPL-3.0-or-later
#include "measure/measure_prompt.hpp"

#include "document/document.hpp"
#include "document/document_controller.hpp"
#include "measure/measure_dialog.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QPointer>

namespace iolens::ui {

QString writableDatabasePath(const Document* document)
{
    return document && !document->readOnly() ? document->path : QString();
}

void followMeasurements(MeasureDialog* dialog, DocumentController* documents, const QString& path)
{
    QPointer<DocumentController> controller(documents);
    QObject::connect(dialog, &MeasureDialog::rowStored, dialog, [controller, dialog, path] {
        if (!controller || controller->refreshRuns(path, dialog->runningDataset()))
            return;
        // Another file or dataset is shown: open the measured one once; later runs refresh it.
        const Document* open = controller->document();
        if (!open || open->path != QFileInfo(path).absoluteFilePath())
            if (!controller->openFile(path))
                return;
        controller->selectDataset(dialog->runningDataset());
    });
    QObject::connect(dialog, &MeasureDialog::measurementFinished, dialog,
        [controller, path](const QString& dataset, int runsStored, bool) {
            // Reopening reads the final rows; documentChanged retrains the models on them.
            if (controller && runsStored > 0 && controller->openFile(path))
                controller->selectDataset(dataset);
        });
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
    followMeasurements(dialog, documents, path);
    dialog->show();
}

} // namespace iolens::ui

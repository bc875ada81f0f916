// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/import_prompt.hpp"

#include "document/document_controller.hpp"
#include "import/import_dialog.hpp"
#include "measure/measure_prompt.hpp"
#include "store/measurement_database.hpp"

#include <QFile>
#include <QFileDialog>
#include <QPointer>

namespace iolens::ui {

bool createDatabase(const QString& path, DocumentController* documents)
{
    // The file dialog asked before replacing a file: a new database starts empty.
    if (QFile::exists(path) && !QFile::remove(path)) {
        emit documents->errorOccurred(ImportDialog::tr("Cannot create database"),
            ImportDialog::tr("%1: cannot replace the existing file").arg(path));
        return false;
    }
    try {
        core::MeasurementDatabase::openOrCreate(path.toStdString());
    } catch (const std::exception& e) {
        emit documents->errorOccurred(
            ImportDialog::tr("Cannot create database"), QString::fromStdString(e.what()));
        return false;
    }
    return documents->openFile(path);
}

void followImport(ImportDialog* dialog, DocumentController* documents)
{
    QPointer<DocumentController> controller(documents);
    QObject::connect(dialog, &ImportDialog::imported, dialog,
        [controller](const QString& path, const QString& dataset, int) {
            // Reopening reads the new rows; documentChanged retrains the models on them.
            if (controller && controller->openFile(path))
                controller->selectDataset(dataset);
        });
}

void promptNewDatabase(QWidget* parent, DocumentController* documents)
{
    const QString path = QFileDialog::getSaveFileName(parent,
        ImportDialog::tr("New measurement database"), QStringLiteral("measurements.sqlite"),
        ImportDialog::tr("iolens databases (*.sqlite *.db *.iolens);;All files (*)"));
    if (!path.isEmpty())
        createDatabase(path, documents);
}

void openImportDialog(QWidget* parent, DocumentController* documents)
{
    const QString csv
        = QFileDialog::getOpenFileName(parent, ImportDialog::tr("Import measurements"), QString(),
            ImportDialog::tr("CSV files (*.csv *.txt);;All files (*)"));
    if (csv.isEmpty())
        return;
    QString database = writableDatabasePath(documents->document());
    if (database.isEmpty()) {
        // An existing file is fine too (the rows are added to it), so no overwrite question.
        database = QFileDialog::getSaveFileName(parent,
            ImportDialog::tr("Database for the measurements"),
            QStringLiteral("measurements.sqlite"),
            ImportDialog::tr("iolens databases (*.sqlite *.db *.iolens);;All files (*)"), nullptr,
            QFileDialog::DontConfirmOverwrite);
        if (database.isEmpty())
            return;
    }
    auto* dialog = new ImportDialog(csv, database, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    followImport(dialog, documents);
    dialog->show();
}

} // namespace iolens::ui

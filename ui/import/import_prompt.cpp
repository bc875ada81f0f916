// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/import_prompt.hpp"

#include "document/document_controller.hpp"
#include "import/fio_import_dialog.hpp"
#include "import/import_dialog.hpp"
#include "measure/measure_prompt.hpp"
#include "store/measurement_database.hpp"

#include <QDirIterator>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QPointer>

#include <algorithm>

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

namespace {

// Reopening reads the new rows; documentChanged retrains the models on them.
void openImported(
    const QPointer<DocumentController>& controller, const QString& path, const QString& dataset)
{
    if (controller && controller->openFile(path))
        controller->selectDataset(dataset);
}

bool isJson(const QString& path)
{
    return QFileInfo(path).suffix().compare(QStringLiteral("json"), Qt::CaseInsensitive) == 0;
}

} // namespace

bool isImportable(const QString& path)
{
    const QFileInfo info(path);
    if (info.isDir())
        return true;
    const QString suffix = info.suffix().toLower();
    return suffix == QStringLiteral("csv") || suffix == QStringLiteral("txt")
        || suffix == QStringLiteral("json");
}

QStringList importPaths(const QStringList& paths)
{
    QStringList files;
    for (const QString& path : paths) {
        if (!QFileInfo(path).isDir()) {
            if (isImportable(path))
                files << path;
            continue;
        }
        // A harness run keeps its JSON results in subfolders per split; other files (plans,
        // logs) are not results.
        QStringList found;
        QDirIterator it(
            path, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            found << it.next();
        std::sort(found.begin(), found.end());
        files << found;
    }
    return files;
}

void followImport(ImportDialog* dialog, DocumentController* documents)
{
    QPointer<DocumentController> controller(documents);
    QObject::connect(dialog, &ImportDialog::imported, dialog,
        [controller](const QString& path, const QString& dataset, int) {
            openImported(controller, path, dataset);
        });
}

void followImport(FioImportDialog* dialog, DocumentController* documents)
{
    QPointer<DocumentController> controller(documents);
    QObject::connect(dialog, &FioImportDialog::imported, dialog,
        [controller](const QString& path, const QString& dataset, int) {
            openImported(controller, path, dataset);
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

void openImportFiles(QWidget* parent, DocumentController* documents, const QStringList& paths)
{
    const QStringList files = importPaths(paths);
    if (files.isEmpty()) {
        emit documents->errorOccurred(ImportDialog::tr("Nothing to import"),
            ImportDialog::tr("%1: no CSV or fio JSON file").arg(paths.join(QStringLiteral(", "))));
        return;
    }
    QString database = writableDatabasePath(documents->document());
    if (database.isEmpty()) {
        // An example is never changed. An existing file is fine too (the rows are added to it),
        // so no overwrite question.
        database = QFileDialog::getSaveFileName(parent,
            ImportDialog::tr("Database for the measurements"),
            QStringLiteral("measurements.sqlite"),
            ImportDialog::tr("iolens databases (*.sqlite *.db *.iolens);;All files (*)"), nullptr,
            QFileDialog::DontConfirmOverwrite);
        if (database.isEmpty())
            return;
    }
    QStringList json;
    for (const QString& file : files) {
        if (isJson(file)) {
            json << file;
            continue;
        }
        auto* dialog = new ImportDialog(file, database, parent);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        followImport(dialog, documents);
        dialog->show();
    }
    if (!json.isEmpty()) {
        auto* dialog = new FioImportDialog(json, database, parent);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        followImport(dialog, documents);
        dialog->show();
    }
}

void openImportDialog(QWidget* parent, DocumentController* documents)
{
    const QStringList files
        = QFileDialog::getOpenFileNames(parent, ImportDialog::tr("Import measurements"), QString(),
            ImportDialog::tr("CSV files and fio results (*.csv *.txt *.json);;All files (*)"));
    if (!files.isEmpty())
        openImportFiles(parent, documents, files);
}

void openImportFolder(QWidget* parent, DocumentController* documents)
{
    const QString folder = QFileDialog::getExistingDirectory(
        parent, ImportDialog::tr("Import a folder of fio results"));
    if (!folder.isEmpty())
        openImportFiles(parent, documents, {folder});
}

} // namespace iolens::ui

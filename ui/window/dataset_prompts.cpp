// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/dataset_prompts.hpp"

#include "document/document_controller.hpp"
#include "window/window_menus.hpp"

#include <QFileDialog>
#include <QInputDialog>
#include <QMessageBox>

namespace iolens::ui {

QString removeDatasetQuestion(const Document& document)
{
    const QString name = QString::fromStdString(document.dataset);
    QString question = WindowMenus::tr("Delete dataset %1 and its %2 runs from %3?")
                           .arg(name)
                           .arg(document.runs.size())
                           .arg(document.name);
    const auto files = document.importedFiles.find(document.dataset);
    if (files != document.importedFiles.end() && !files->second.empty())
        question += QLatin1Char('\n') + importedFilesText(files->second);
    return question + QLatin1Char('\n')
        + WindowMenus::tr("This cannot be undone; the source files are not touched.");
}

bool offerWritableCopy(QWidget* parent, DocumentController* documents, const QString& action)
{
    const Document* document = documents->document();
    if (!document)
        return false;
    if (!document->readOnly())
        return true;
    if (QMessageBox::question(parent, action,
            WindowMenus::tr("%1 is read-only. Save a copy of it and change the copy?")
                .arg(document->name))
        != QMessageBox::Yes)
        return false;
    const QString suggestion
        = document->path.isEmpty() ? document->name + QStringLiteral(".sqlite") : document->path;
    const QString path = QFileDialog::getSaveFileName(parent,
        WindowMenus::tr("Save a copy of the database"), suggestion,
        WindowMenus::tr("iolens databases (*.sqlite *.db *.iolens);;All files (*)"));
    if (path.isEmpty() || !documents->saveAs(path))
        return false;
    return documents->document() && !documents->document()->readOnly();
}

void promptRenameDataset(QWidget* parent, DocumentController* documents)
{
    const QString title = WindowMenus::tr("Rename dataset");
    if (!offerWritableCopy(parent, documents, title))
        return;
    const QString current = QString::fromStdString(documents->document()->dataset);
    bool chosen = false;
    const QString name = QInputDialog::getText(parent, title,
        WindowMenus::tr("New name of dataset %1:").arg(current), QLineEdit::Normal, current,
        &chosen);
    if (chosen && name.trimmed() != current)
        documents->renameDataset(current, name);
}

void promptRemoveDataset(QWidget* parent, DocumentController* documents)
{
    const QString title = WindowMenus::tr("Delete dataset");
    if (!offerWritableCopy(parent, documents, title))
        return;
    const Document* document = documents->document();
    if (QMessageBox::question(parent, title, removeDatasetQuestion(*document),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
        == QMessageBox::Yes)
        documents->removeDataset(QString::fromStdString(document->dataset));
}

void promptExportDataset(QWidget* parent, DocumentController* documents)
{
    const Document* document = documents->document();
    if (!document || document->dataset.empty())
        return;
    const QString path
        = QFileDialog::getSaveFileName(parent, WindowMenus::tr("Export dataset as CSV"),
            QString::fromStdString(document->dataset) + QStringLiteral(".csv"),
            WindowMenus::tr("CSV files (*.csv);;All files (*)"));
    if (!path.isEmpty())
        documents->exportDataset(path);
}

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/document_controller.hpp"

#include "common/error.hpp"
#include "common/text_file.hpp"
#include "document/recent_files.hpp"
#include "workflow/model_file.hpp"

#include <QCryptographicHash>
#include <QDebug>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryFile>

namespace iolens::ui {

void loadDocumentData(Document& document, const std::string& dataset)
{
    document.datasets = document.database->datasets();
    document.importedFiles.clear();
    for (const core::DatasetInfo& info : document.datasets)
        document.importedFiles[info.name] = document.database->importedFiles(info.name);
    document.dataset = dataset;
    if (document.dataset.empty() && !document.datasets.empty())
        document.dataset = document.datasets.front().name;
    document.runs.clear();
    if (!document.dataset.empty())
        document.runs = document.database->measurements({document.dataset, std::nullopt});
    document.rows = aggregatedRows(document.runs);
}

DocumentController::DocumentController(QObject* parent)
    : QObject(parent)
    , m_recent(new RecentFiles(this))
{
}

DocumentController::~DocumentController() = default;

bool DocumentController::guarded(const QString& title, const std::function<void()>& action)
{
    try {
        action();
        return true;
    } catch (const std::exception& e) {
        // std::exception, not only core::Error: SQLite and the allocator can fail too, and
        // nothing may escape into the event loop.
        const QString message = QString::fromStdString(e.what());
        qWarning().noquote() << title << ":" << message;
        emit errorOccurred(title, message);
        return false;
    }
}

bool DocumentController::openFile(const QString& path)
{
    auto document = std::make_unique<Document>();
    const bool ok = guarded(tr("Cannot open database"), [&] {
        const std::string file = QFileInfo(path).absoluteFilePath().toStdString();
        try {
            document->database = std::make_shared<core::MeasurementDatabase>(
                core::MeasurementDatabase::open(file, false));
        } catch (const core::StoreError&) {
            // Not writable (permissions, a read-only medium): reading is all the window needs.
            document->database = std::make_shared<core::MeasurementDatabase>(
                core::MeasurementDatabase::open(file, true));
        }
        document->path = QFileInfo(path).absoluteFilePath();
        document->name = QFileInfo(path).fileName();
        loadDocumentData(*document);
    });
    if (!ok) {
        m_recent->remove(path);
        return false;
    }
    m_recent->add(document->path);
    show(std::move(document));
    return true;
}

bool DocumentController::openExample(Example example)
{
    auto document = std::make_unique<Document>();
    const bool ok = guarded(tr("Cannot open example"), [&] {
        document->database
            = std::make_shared<core::MeasurementDatabase>(loadExampleDatabase(example));
        document->name = exampleDatasetName(example);
        document->example = true;
        loadDocumentData(*document);
    });
    if (ok)
        show(std::move(document));
    return ok;
}

bool DocumentController::saveAs(const QString& path)
{
    if (!m_document)
        return false;
    const QString target = QFileInfo(path).absoluteFilePath();
    if (target == m_document->path)
        return true; // nothing is ever unsaved: the window writes through to the database
    const bool ok = guarded(tr("Cannot save database"), [&] {
        QTemporaryFile temporary(
            QFileInfo(target).dir().filePath(QStringLiteral(".iolens-XXXXXX")));
        if (!temporary.open())
            throw core::StoreError(target.toStdString() + ": cannot create a file in that folder");
        m_document->database->saveAs(temporary.fileName().toStdString());
        if (QFileInfo::exists(target) && !QFile::remove(target))
            throw core::StoreError(target.toStdString() + ": cannot replace the existing file");
        if (!temporary.rename(target))
            throw core::StoreError(target.toStdString() + ": cannot move the copy into place");
        temporary.setAutoRemove(false);
    });
    return ok && openFile(target);
}

bool DocumentController::exportModel(const QString& name, const QString& path)
{
    if (!m_document)
        return false;
    return guarded(tr("Cannot export model"), [&] {
        const auto sha256 = [](std::string_view text) {
            return QCryptographicHash::hash(
                QByteArray(text.data(), static_cast<qsizetype>(text.size())),
                QCryptographicHash::Sha256)
                .toHex()
                .toStdString();
        };
        const core::ModelFile file
            = core::exportModelFile(*m_document->database, name.toStdString(), sha256);
        core::writeTextFileAtomically(path.toStdString(), core::modelFileText(file));
    });
}

bool DocumentController::importModel(const QString& path, const QString& name)
{
    if (!m_document)
        return false;
    auto document = std::make_unique<Document>(*m_document);
    const bool ok = guarded(tr("Cannot import model"), [&] {
        if (document->readOnly())
            throw core::ConfigError(document->name.toStdString()
                + " is read-only: save a copy of it first (File > Save as…), then import the "
                  "model into the copy");
        // The whole file is checked before the database is touched.
        const std::string file = path.toStdString();
        const core::ModelFile model = core::parseModelFile(core::readTextFile(file), file);
        core::importModelFile(
            *document->database, model, name.isEmpty() ? model.stored.name : name.toStdString());
        loadDocumentData(*document, document->dataset);
    });
    if (ok)
        show(std::move(document));
    return ok;
}

bool DocumentController::selectDataset(const QString& dataset)
{
    if (!m_document)
        return false;
    const std::string name = dataset.toStdString();
    if (name == m_document->dataset)
        return true;
    auto document = std::make_unique<Document>(*m_document);
    const bool ok = guarded(tr("Cannot read dataset"), [&] {
        if (!document->database->dataset(name))
            throw core::ConfigError("no dataset named '" + name + "'");
        loadDocumentData(*document, name);
    });
    if (ok)
        show(std::move(document));
    return ok;
}

bool DocumentController::renameDataset(const QString& from, const QString& to)
{
    if (!m_document || m_document->readOnly())
        return false;
    auto document = std::make_unique<Document>(*m_document);
    const bool ok = guarded(tr("Cannot rename dataset"), [&] {
        document->database->renameDataset(from.toStdString(), to.trimmed().toStdString());
        const bool shown = document->dataset == from.toStdString();
        loadDocumentData(*document, shown ? to.trimmed().toStdString() : document->dataset);
    });
    if (ok) {
        emit datasetRenamed(document->settingsKeyOf(from.toStdString()),
            document->settingsKeyOf(to.trimmed().toStdString()));
        show(std::move(document));
    }
    return ok;
}

bool DocumentController::removeDataset(const QString& name)
{
    if (!m_document || m_document->readOnly())
        return false;
    auto document = std::make_unique<Document>(*m_document);
    const bool ok = guarded(tr("Cannot delete dataset"), [&] {
        document->database->removeDataset(name.toStdString());
        // Another dataset stays shown; deleting the shown one shows the first left, if any.
        const bool shown = document->dataset == name.toStdString();
        loadDocumentData(*document, shown ? std::string() : document->dataset);
    });
    if (ok) {
        emit datasetRemoved(document->settingsKeyOf(name.toStdString()));
        show(std::move(document));
    }
    return ok;
}

bool DocumentController::exportDataset(const QString& path)
{
    if (!m_document || m_document->dataset.empty())
        return false;
    return guarded(tr("Cannot export dataset"), [&] {
        core::exportMeasurementsCsv(
            *m_document->database, {m_document->dataset, std::nullopt}, path.toStdString());
    });
}

bool DocumentController::refreshRuns(const QString& path, const QString& dataset)
{
    if (!m_document || m_document->example || m_document->path != QFileInfo(path).absoluteFilePath()
        || m_document->dataset != dataset.toStdString())
        return false;
    // Read into a copy and move the fields over: a failed read leaves the document whole, and
    // the Document object stays the one the window's widgets point to.
    Document fresh = *m_document;
    try {
        loadDocumentData(fresh, fresh.dataset);
    } catch (const core::Error& e) {
        qWarning("iolens: measurement rows not read yet: %s", e.what());
        return false;
    }
    m_document->datasets = std::move(fresh.datasets);
    m_document->importedFiles = std::move(fresh.importedFiles);
    m_document->runs = std::move(fresh.runs);
    m_document->rows = std::move(fresh.rows);
    emit runsRefreshed();
    return true;
}

void DocumentController::show(std::unique_ptr<Document> document)
{
    m_document = std::move(document);
    emit documentChanged();
}

} // namespace iolens::ui

#include "moc_document_controller.cpp"

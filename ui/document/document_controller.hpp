// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/document.hpp"
#include "document/example_database.hpp"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>

namespace iolens::ui {

class RecentFiles;

/// Owns the open Document and every action on it: open a file, open an embedded example,
/// "Save as", switch datasets. This is a controller boundary of the house style: every core
/// exception is caught here, logged and reported through errorOccurred() (the window shows it
/// in a message box), and the previous document stays open. Nothing throws out of a slot.
class DocumentController : public QObject {
    Q_OBJECT
public:
    explicit DocumentController(QObject* parent = nullptr);
    ~DocumentController() override;

    /// The open document; nullptr before the first successful open.
    const Document* document() const { return m_document.get(); }
    RecentFiles& recentFiles() { return *m_recent; }

    /// Opens a database file (read-write if possible, else read-only) on its first dataset and
    /// adds it to the recent files. Returns false, and reports why, if it cannot be opened.
    bool openFile(const QString& path);
    /// Opens an embedded example (in memory, read-only).
    bool openExample(Example example);
    /// Writes a complete copy of the open database to `path` (through a temporary file, so a
    /// failure never leaves half a database), then opens the copy in place of the current
    /// document. Returns false, and reports why, on failure.
    bool saveAs(const QString& path);
    /// Writes the open database's stored model `name` as a model file, in the format of
    /// `iolens-cli model export` (with the SHA-256 of its training selection), atomically.
    /// Returns false, and reports why, on failure.
    bool exportModel(const QString& name, const QString& path);
    /// Stores the model of the model file at `path` in the open database under `name` (the
    /// file's own name when empty), in one transaction, then shows the document again so the
    /// model appears beside the window's own in every view. An example or a read-only file is
    /// not changed: that is reported (save a copy first). A file that does not load or does not
    /// fit, or a name already taken, is reported and leaves the database unchanged. Returns
    /// success.
    bool importModel(const QString& path, const QString& name = {});
    /// Shows another dataset of the open database. Returns false for an unknown name.
    bool selectDataset(const QString& dataset);
    /// Renames dataset `from` of the open database to `to` (trimmed) and shows the document
    /// again. Returns false, and reports why (an empty or taken name), leaving it unchanged; false
    /// without a report for an example or a read-only file (the window offers a copy first).
    bool renameDataset(const QString& from, const QString& to);
    /// Deletes dataset `name` and its measurements from the open database in one transaction
    /// (MeasurementDatabase::removeDataset), then shows the shown dataset, or the first one left
    /// if it was deleted. Reports failure as renameDataset() does; the caller has asked first.
    bool removeDataset(const QString& name);
    /// Writes the shown dataset's measurements to `path`, the file `iolens-cli export --dataset`
    /// writes. Returns false, and reports why, on failure.
    bool exportDataset(const QString& path);
    /// Re-reads the dataset list and the runs of the shown dataset while a measurement adds
    /// rows to the open file (File > Measure…): the same Document object and connection, no
    /// documentChanged() (so the models are not retrained per run), runsRefreshed() instead.
    /// Returns false, reporting nothing, if the open document is not the file at `path` or does
    /// not show `dataset`, or if reading fails (the measurement's next row tries again).
    bool refreshRuns(const QString& path, const QString& dataset);

signals:
    /// A new document (or dataset) is open; document() is valid.
    void documentChanged();
    /// refreshRuns() read new rows into the open document: document()->runs grew.
    void runsRefreshed();
    /// A dataset was renamed in the database, just before documentChanged(): what the window
    /// remembers under the old settings key (Document::settingsKey()) belongs to the new one.
    void datasetRenamed(const QString& oldSettingsKey, const QString& newSettingsKey);
    /// A dataset was deleted, just before documentChanged(): its settings key is free again.
    void datasetRemoved(const QString& settingsKey);
    /// An action failed; `message` is for a person and names the file.
    void errorOccurred(const QString& title, const QString& message);

private:
    /// Runs `action`, turning an exception into errorOccurred(title, ...). Returns success.
    bool guarded(const QString& title, const std::function<void()>& action);
    void show(std::unique_ptr<Document> document);

    std::unique_ptr<Document> m_document;
    RecentFiles* m_recent = nullptr;
};

/// Reads the dataset list and the runs of `dataset` (the first dataset if empty) into `document`.
/// Throws core::Error from the database.
void loadDocumentData(Document& document, const std::string& dataset = {});

} // namespace iolens::ui

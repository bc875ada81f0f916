// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class QMimeData;
class QWidget;

namespace iolens::ui {

/// The one local file a drag carries, or an empty string when it carries none, several, or a
/// remote address: a database must be opened from a path SQLite can lock, and dropping several
/// files would leave the user guessing which one is shown.
QString droppedLocalFile(const QMimeData* mime);

/// The local files and folders a drag carries when every one of them is something to import
/// (isImportable: CSV or JSON files, folders of fio results); empty otherwise.
QStringList droppedImport(const QMimeData* mime);

/// Lets a database be opened, or measurements imported, by dropping files on `target`: a drag
/// that carries CSV or JSON files or folders hands their paths to `import` on the drop; one that
/// carries exactly one other local file hands it to `open`. It is an event filter rather than
/// overridden handlers in the window, so the window keeps only the wiring.
class FileDropFilter : public QObject {
    Q_OBJECT
public:
    /// Without `import`, only databases are taken.
    FileDropFilter(QWidget* target, std::function<void(const QString&)> open,
        std::function<void(const QStringList&)> import = {});

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Which of the two a drag asks for; false when it is neither.
    bool wanted(const QMimeData* mime) const;

    std::function<void(const QString&)> m_open;
    std::function<void(const QStringList&)> m_import;
};

} // namespace iolens::ui

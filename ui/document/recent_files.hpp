// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>

namespace iolens::ui {

/// The most recently opened database files, newest first, kept in QSettings (key
/// "recentFiles") so the list survives restarts. At most kMaxEntries; paths are stored absolute
/// so a later working directory does not change what an entry means.
class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 8;

    /// Loads the list from the application's QSettings.
    explicit RecentFiles(QObject* parent = nullptr);

    QStringList files() const { return m_files; }
    /// Moves `path` to the front (adding it if new) and saves. O(kMaxEntries).
    void add(const QString& path);
    /// Drops `path`, e.g. after it failed to open, and saves.
    void remove(const QString& path);
    void clear();

signals:
    void changed();

private:
    void save();

    QStringList m_files;
};

} // namespace iolens::ui

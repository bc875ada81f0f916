// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/recent_files.hpp"

#include <QFileInfo>
#include <QSettings>

namespace iolens::ui {

namespace {
const QString kSettingsKey = QStringLiteral("recentFiles");

QString normalized(const QString& path)
{
    return QFileInfo(path).absoluteFilePath();
}
} // namespace

RecentFiles::RecentFiles(QObject* parent)
    : QObject(parent)
{
    const QStringList stored = QSettings().value(kSettingsKey).toStringList();
    for (const QString& path : stored)
        if (!path.isEmpty() && !m_files.contains(path) && m_files.size() < kMaxEntries)
            m_files.append(path);
}

void RecentFiles::add(const QString& path)
{
    const QString absolute = normalized(path);
    m_files.removeAll(absolute);
    m_files.prepend(absolute);
    while (m_files.size() > kMaxEntries)
        m_files.removeLast();
    save();
}

void RecentFiles::remove(const QString& path)
{
    if (m_files.removeAll(normalized(path)) > 0)
        save();
}

void RecentFiles::clear()
{
    m_files.clear();
    save();
}

void RecentFiles::save()
{
    QSettings().setValue(kSettingsKey, m_files);
    emit changed();
}

} // namespace iolens::ui

#include "moc_recent_files.cpp"

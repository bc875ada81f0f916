// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <functional>

class QMimeData;
class QWidget;

namespace iolens::ui {

/// The one local file a drag carries, or an empty string when it carries none, several, or a
/// remote address: a database must be opened from a path SQLite can lock, and dropping several
/// files would leave the user guessing which one is shown.
QString droppedLocalFile(const QMimeData* mime);

/// Lets a database be opened by dropping its file on `target`: accepts a drag that carries
/// exactly one local file and hands its path to `open` on the drop. It is an event filter rather
/// than overridden handlers in the window, so the window keeps only the wiring.
class FileDropFilter : public QObject {
    Q_OBJECT
public:
    FileDropFilter(QWidget* target, std::function<void(const QString&)> open);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    std::function<void(const QString&)> m_open;
};

} // namespace iolens::ui

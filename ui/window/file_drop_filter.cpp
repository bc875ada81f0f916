// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/file_drop_filter.hpp"

#include "import/import_prompt.hpp"

#include <QDragEnterEvent>
#include <QDragMoveEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QUrl>
#include <QWidget>

namespace iolens::ui {

QString droppedLocalFile(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    const QList<QUrl> urls = mime->urls();
    if (urls.size() != 1 || !urls.front().isLocalFile())
        return {};
    return urls.front().toLocalFile();
}

QStringList droppedImport(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    QStringList paths;
    for (const QUrl& url : mime->urls()) {
        if (!url.isLocalFile() || !isImportable(url.toLocalFile()))
            return {};
        paths << url.toLocalFile();
    }
    return paths;
}

FileDropFilter::FileDropFilter(QWidget* target, std::function<void(const QString&)> open,
    std::function<void(const QStringList&)> import)
    : QObject(target)
    , m_open(std::move(open))
    , m_import(std::move(import))
{
    target->setAcceptDrops(true);
    target->installEventFilter(this);
}

bool FileDropFilter::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto* drag = static_cast<QDragMoveEvent*>(event);
        if (!wanted(drag->mimeData()))
            drag->ignore();
        else
            drag->acceptProposedAction();
        return true;
    }
    case QEvent::Drop: {
        auto* drop = static_cast<QDropEvent*>(event);
        if (!wanted(drop->mimeData())) {
            drop->ignore();
            return true;
        }
        drop->acceptProposedAction();
        if (const QStringList paths = droppedImport(drop->mimeData()); m_import && !paths.isEmpty())
            m_import(paths);
        else
            m_open(droppedLocalFile(drop->mimeData()));
        return true;
    }
    default:
        return QObject::eventFilter(watched, event);
    }
}

bool FileDropFilter::wanted(const QMimeData* mime) const
{
    return (m_import && !droppedImport(mime).isEmpty()) || !droppedLocalFile(mime).isEmpty();
}

} // namespace iolens::ui

#include "moc_file_drop_filter.cpp"

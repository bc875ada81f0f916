// SPDX-License-Identifier: GPL-3.0-or-later
// Opening a database by dropping its file: what a drag may carry, and the window opening it.
#include "document/document_controller.hpp"
#include "import/fio_import_dialog.hpp"
#include "import/import_prompt.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "table/measurement_table_panel.hpp"
#include "window/file_drop_filter.hpp"
#include "window/main_window.hpp"

#include <QAbstractItemModel>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace iolens::ui;

namespace {

std::unique_ptr<QMimeData> filesMime(const QList<QUrl>& urls)
{
    auto mime = std::make_unique<QMimeData>();
    mime->setUrls(urls);
    return mime;
}

/// Sends a drag entering `target` and returns whether it was accepted.
bool dragAccepted(QWidget& target, const QMimeData& mime)
{
    QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&target, &enter);
    return enter.isAccepted();
}

void drop(QWidget& target, const QMimeData& mime)
{
    QDropEvent event(QPointF(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&target, &event);
}

} // namespace

class TestFileDropFilter : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        iolens::test::useIsolatedSettings("test_file_drop_filter");
        iolens::test::choosePaperTechniques();
    }

    void droppedLocalFile_isTheOneLocalFileOnly()
    {
        QCOMPARE(droppedLocalFile(nullptr), QString());
        QCOMPARE(droppedLocalFile(
                     filesMime({QUrl::fromLocalFile(QStringLiteral("/tmp/a.sqlite"))}).get()),
            QStringLiteral("/tmp/a.sqlite"));
        QCOMPARE(
            droppedLocalFile(filesMime({QUrl::fromLocalFile(QStringLiteral("/tmp/a.sqlite")),
                                           QUrl::fromLocalFile(QStringLiteral("/tmp/b.sqlite"))})
                                 .get()),
            QString());
        QCOMPARE(droppedLocalFile(
                     filesMime({QUrl(QStringLiteral("https://example.org/a.sqlite"))}).get()),
            QString());
        QMimeData text;
        text.setText(QStringLiteral("/tmp/a.sqlite"));
        QCOMPARE(droppedLocalFile(&text), QString());
    }

    void filter_acceptsOneFileAndHandsOverItsPath()
    {
        QWidget target;
        QStringList opened;
        new FileDropFilter(&target, [&](const QString& path) { opened << path; });
        QVERIFY(target.acceptDrops());

        const auto two = filesMime({QUrl::fromLocalFile(QStringLiteral("/tmp/a.sqlite")),
            QUrl::fromLocalFile(QStringLiteral("/tmp/b.sqlite"))});
        QVERIFY(!dragAccepted(target, *two));
        drop(target, *two);
        QVERIFY(opened.isEmpty());

        const auto one = filesMime({QUrl::fromLocalFile(QStringLiteral("/tmp/a.sqlite"))});
        QVERIFY(dragAccepted(target, *one));
        drop(target, *one);
        QCOMPARE(opened, QStringList {QStringLiteral("/tmp/a.sqlite")});
    }

    // CSV and JSON files and folders go to the import, together; one database still opens; a
    // mix of the two is refused.
    void filter_handsMeasurementsToTheImport()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QWidget target;
        QStringList opened;
        QList<QStringList> imported;
        new FileDropFilter(
            &target, [&](const QString& path) { opened << path; },
            [&](const QStringList& paths) { imported << paths; });
        const QString csv = dir.filePath(QStringLiteral("a.csv"));
        const auto files = filesMime({QUrl::fromLocalFile(csv),
            QUrl::fromLocalFile(QStringLiteral("/tmp/b.json")), QUrl::fromLocalFile(dir.path())});
        QVERIFY(dragAccepted(target, *files));
        drop(target, *files);
        QCOMPARE(imported.size(), 1);
        QCOMPARE(imported[0], QStringList({csv, QStringLiteral("/tmp/b.json"), dir.path()}));
        QVERIFY(opened.isEmpty());

        const auto mixed = filesMime(
            {QUrl::fromLocalFile(csv), QUrl::fromLocalFile(QStringLiteral("/tmp/b.sqlite"))});
        QVERIFY(!dragAccepted(target, *mixed));
        drop(target, *mixed);
        QCOMPARE(imported.size(), 1);
        QVERIFY(opened.isEmpty());

        const auto database = filesMime({QUrl::fromLocalFile(QStringLiteral("/tmp/b.sqlite"))});
        QVERIFY(dragAccepted(target, *database)); // a drop follows an accepted drag
        drop(target, *database);
        QCOMPARE(opened, QStringList {QStringLiteral("/tmp/b.sqlite")});
    }

    // Dropping the folder of fio samples on the window with a database of its own open shows
    // the fio import on that database.
    void window_importsTheDroppedFolder()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow window;
        window.setErrorDialogsEnabled(false);
        QVERIFY(createDatabase(dir.filePath(QStringLiteral("new.sqlite")), window.documents()));
        const QString samples
            = QString::fromStdString(iolens::test::sourcePath("tests/data/fio-json"));
        const auto mime = filesMime({QUrl::fromLocalFile(samples)});
        QVERIFY(dragAccepted(window, *mime));
        drop(window, *mime);
        auto* dialog = window.findChild<FioImportDialog*>();
        QVERIFY(dialog);
        QCOMPARE(dialog->runs().size(), std::size_t {10});
        QVERIFY(dialog->importRuns());
        QCOMPARE(window.documents()->document()->runs.size(), std::size_t {10});
        QCOMPARE(window.tablePanel()->view()->model()->rowCount(), 10);
    }

    void window_opensTheDroppedDatabase()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString saved = dir.filePath(QStringLiteral("local.sqlite"));
        {
            MainWindow writer;
            writer.setErrorDialogsEnabled(false);
            QVERIFY(writer.documents()->openExample(Example::Local));
            QVERIFY(writer.documents()->saveAs(saved));
        }

        MainWindow window;
        window.setErrorDialogsEnabled(false);
        QVERIFY(window.documents()->openExample(Example::Tiered));
        QCOMPARE(window.tablePanel()->view()->model()->rowCount(), 106);

        const auto mime = filesMime({QUrl::fromLocalFile(saved)});
        QVERIFY(dragAccepted(window, *mime));
        drop(window, *mime);
        QCOMPARE(window.documents()->document()->path, saved);
        QCOMPARE(window.tablePanel()->view()->model()->rowCount(), 300);
    }
};

IOLENS_TEST_MAIN(TestFileDropFilter)
#include "test_file_drop_filter.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// What an import takes (files, folders of fio results) and the dialogs it opens for them.
#include "document/document_controller.hpp"
#include "import/fio_import_dialog.hpp"
#include "import/import_dialog.hpp"
#include "import/import_prompt.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::ui;

class TestImportPrompt : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        iolens::test::useIsolatedSettings("test_import_prompt");
        QVERIFY(m_dir.isValid());
    }

    // A folder gives its JSON files and those of its subfolders, by path; other files are left
    // out, files given by name are kept as given.
    void importPaths_expandsFoldersToTheirJsonFiles()
    {
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("runs/grid")));
        const QString runs = m_dir.filePath(QStringLiteral("runs"));
        iolens::test::writeFile(runs, QStringLiteral("b.json"), "{}");
        iolens::test::writeFile(runs + QStringLiteral("/grid"), QStringLiteral("a.json"), "{}");
        iolens::test::writeFile(runs, QStringLiteral("plan.txt.log"), "x");
        const QString csv = QString::fromStdString(
            iolens::test::writeFile(m_dir.path(), QStringLiteral("sheet.csv"), "a\n1\n"));
        const QStringList files
            = importPaths({csv, runs, m_dir.filePath(QStringLiteral("model.sqlite"))});
        QCOMPARE(files,
            QStringList(
                {csv, runs + QStringLiteral("/b.json"), runs + QStringLiteral("/grid/a.json")}));
        QVERIFY(isImportable(runs));
        QVERIFY(isImportable(QStringLiteral("/x/RESULTS.JSON")));
        QVERIFY(!isImportable(QStringLiteral("/x/a.sqlite")));
    }

    // Into a writable open database: one dialog per CSV, one for all the JSON files; nothing
    // to import is reported with the paths.
    void openImportFiles_opensTheDialogsOnTheOpenDatabase()
    {
        const QString database = m_dir.filePath(QStringLiteral("open.sqlite"));
        DocumentController documents;
        QVERIFY(createDatabase(database, &documents));
        QWidget parent;
        const QString csv = QString::fromStdString(
            iolens::test::writeFile(m_dir.path(), QStringLiteral("one.csv"), "a\n1\n"));
        const QString samples
            = QString::fromStdString(iolens::test::sourcePath("tests/data/fio-json"));
        openImportFiles(&parent, &documents, {csv, samples});
        QCOMPARE(parent.findChildren<ImportDialog*>().size(), 1);
        const auto fio = parent.findChildren<FioImportDialog*>();
        QCOMPARE(fio.size(), 1);
        QCOMPARE(fio[0]->files().size(), std::size_t {10});

        QSignalSpy errors(&documents, &DocumentController::errorOccurred);
        openImportFiles(&parent, &documents, {m_dir.filePath(QStringLiteral("open.sqlite"))});
        QCOMPARE(errors.count(), 1);
        QVERIFY(errors[0][1].toString().contains(QStringLiteral("open.sqlite")));
        QCOMPARE(parent.findChildren<FioImportDialog*>().size(), 1);
    }

private:
    QTemporaryDir m_dir;
};

IOLENS_TEST_MAIN(TestImportPrompt)
#include "test_import_prompt.moc"

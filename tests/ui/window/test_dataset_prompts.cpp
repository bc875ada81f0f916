// SPDX-License-Identifier: GPL-3.0-or-later
// Dataset > Delete asks with what goes; a writable database needs no copy before a change.
#include "document/document_controller.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_registry.hpp"
#include "window/dataset_prompts.hpp"

#include <QTemporaryDir>
#include <QTest>

using namespace iolens::ui;

class TestDatasetPrompts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { iolens::test::useIsolatedSettings("test_dataset_prompts"); }

    void removeDatasetQuestion_namesWhatGoes()
    {
        Document document;
        document.name = QStringLiteral("lab.sqlite");
        document.dataset = "sheet";
        document.runs.resize(3);
        document.importedFiles["sheet"] = {{"/data/sheet.csv", "", 3, 0, "2026-11-26T10:11:05Z"}};
        const QString question = removeDatasetQuestion(document);
        QVERIFY2(question.startsWith(
                     QStringLiteral("Delete dataset sheet and its 3 runs from lab.sqlite?")),
            qPrintable(question));
        QVERIFY(question.contains(QStringLiteral("from sheet.csv · imported 2026-11-26 10:11")));
        QVERIFY(question.contains(QStringLiteral("cannot be undone")));
    }

    // A file of one's own is changed in place: no question, no copy.
    void offerWritableCopy_passesAWritableFile()
    {
        QTemporaryDir dir;
        DocumentController documents;
        QVERIFY(!offerWritableCopy(nullptr, &documents, QStringLiteral("Rename dataset")));
        iolens::core::MeasurementDatabase::openOrCreate(
            dir.filePath(QStringLiteral("own.sqlite")).toStdString());
        QVERIFY(documents.openFile(dir.filePath(QStringLiteral("own.sqlite"))));
        QVERIFY(offerWritableCopy(nullptr, &documents, QStringLiteral("Rename dataset")));
        QCOMPARE(documents.document()->path, dir.filePath(QStringLiteral("own.sqlite")));
    }
};

IOLENS_TEST_MAIN(TestDatasetPrompts)
#include "test_dataset_prompts.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Measure… wiring: which database the runs go to, and that the window's document is
// reopened on the measured dataset when a session has stored runs.
#include "document/document_controller.hpp"
#include "measure/measure_dialog.hpp"
#include "measure/measure_prompt.hpp"
#include "measure/plan_form.hpp"
#include "store/measurement_database.hpp"
#include "support/fio_tool.hpp"
#include "support/isolated_settings.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"

#include <QApplication>
#include <QCheckBox>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::ui;

namespace {

QString newDatabase(const QTemporaryDir& dir)
{
    const QString path = dir.filePath(QStringLiteral("window.sqlite"));
    iolens::core::MeasurementDatabase::openOrCreate(path.toStdString());
    return path;
}

MeasureDialog* openDialog()
{
    for (QWidget* widget : QApplication::topLevelWidgets())
        if (auto* dialog = qobject_cast<MeasureDialog*>(widget))
            return dialog;
    return nullptr;
}

} // namespace

class TestMeasurePrompt : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { iolens::test::useIsolatedSettings("test_measure_prompt"); }

    void writableDatabasePath_isTheOpenFileOnlyIfWritable()
    {
        QCOMPARE(writableDatabasePath(nullptr), QString());
        QTemporaryDir dir;
        DocumentController documents;
        QVERIFY(documents.openExample(Example::Tiered));
        QCOMPARE(writableDatabasePath(documents.document()), QString()); // example: ask for a file
        const QString path = newDatabase(dir);
        QVERIFY(documents.openFile(path));
        QCOMPARE(writableDatabasePath(documents.document()), path);
    }

    void finishedSession_reopensTheDocumentOnTheMeasuredDataset()
    {
        IOLENS_REQUIRE_TOOL(iolens::test::fioTool());
        QTemporaryDir dir {
            iolens::test::measurementScratchParent() + QStringLiteral("/prompt-XXXXXX")};
        DocumentController documents;
        const QString path = newDatabase(dir);
        QVERIFY(documents.openFile(path));
        openMeasureDialog(nullptr, &documents); // a writable file is open: no file question
        MeasureDialog* dialog = openDialog();
        QVERIFY(dialog);
        QCOMPARE(dialog->databasePath(), path);
        iolens::core::MeasureOptions options;
        options.fioProgram = iolens::test::fioPath().toStdString();
        options.sampleLowLevel = false;
        dialog->setOptions(options);
        const auto edit = [dialog](const char* name, const QString& text) {
            dialog->form()->findChild<QLineEdit*>(QLatin1String(name))->setText(text);
        };
        edit("dataset", QStringLiteral("fresh"));
        edit("filesets", QStringLiteral("16M"));
        edit("requests", QStringLiteral("64k"));
        edit("readPcts", QStringLiteral("100"));
        edit("threads", QStringLiteral("1"));
        edit("directory", dir.filePath(QStringLiteral("target")));
        dialog->form()->findChild<QSpinBox*>(QStringLiteral("ramp"))->setValue(0);
        dialog->form()->findChild<QSpinBox*>(QStringLiteral("runtime"))->setValue(1);
        dialog->form()->findChild<QSpinBox*>(QStringLiteral("repetitions"))->setValue(2);
        dialog->form()
            ->findChild<QCheckBox*>(QStringLiteral("direct"))
            ->setChecked(iolens::test::supportsDirectIo(dir.path()));
        QVERIFY2(dialog->plan(), qPrintable(dialog->planError()));

        QSignalSpy finished(dialog, &MeasureDialog::measurementFinished);
        dialog->start();
        QVERIFY(iolens::test::waitForEmission(finished, 120000));
        QVERIFY(documents.document());
        QCOMPARE(documents.document()->dataset, std::string("fresh"));
        QCOMPARE(documents.document()->runs.size(), std::size_t {2});
        dialog->close(); // WA_DeleteOnClose
    }
};

IOLENS_TEST_MAIN(TestMeasurePrompt)
#include "test_measure_prompt.moc"

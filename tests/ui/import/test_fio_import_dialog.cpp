// SPDX-License-Identifier: GPL-3.0-or-later
// fio results through the window: the shared samples into a new database, the scheduler from
// the harness's file names or from the dialog, a file that does not read listed and skipped.
#include "data/fio_json_reader.hpp"
#include "document/document.hpp"
#include "document/document_controller.hpp"
#include "import/fio_import_dialog.hpp"
#include "import/import_prompt.hpp"
#include "store/measurement_database.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::core;
using iolens::ui::FioImportDialog;

namespace {

QString samplesFolder()
{
    return QString::fromStdString(iolens::test::sourcePath("tests/data/fio-json"));
}

} // namespace

class TestFioImportDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        iolens::test::useIsolatedSettings("test_fio_import_dialog");
        QVERIFY(m_dir.isValid());
    }

    // The folder of samples into a new database: ten runs, each as readFioJson reads its file,
    // the scheduler from the harness's names, every file recorded with the dataset.
    void samples_importIntoANewDatabase()
    {
        const QString path = m_dir.filePath("fio.sqlite");
        iolens::ui::DocumentController documents;
        QVERIFY(iolens::ui::createDatabase(path, &documents));
        const QStringList files = iolens::ui::importPaths({samplesFolder()});
        QCOMPARE(files.size(), 10);
        FioImportDialog dialog(files, path);
        iolens::ui::followImport(&dialog, &documents);
        QCOMPARE(dialog.dataset(), QStringLiteral("fio-json"));
        QCOMPARE(dialog.filesWithoutScheduler(), 0);
        QVERIFY(!dialog.findChild<QComboBox*>(QStringLiteral("scheduler"))->isEnabled());
        auto* table = dialog.findChild<QTableWidget*>(QStringLiteral("files"));
        QCOMPARE(table->rowCount(), 10);
        QCOMPARE(table->item(2, 1)->text(), QStringLiteral("bfq")); // p081_grid_bfq_…
        QSignalSpy imported(&dialog, &FioImportDialog::imported);
        dialog.setDataset(QStringLiteral("samples"));
        QVERIFY(dialog.importRuns());
        QCOMPARE(imported.count(), 1);

        const iolens::ui::Document* document = documents.document();
        QCOMPARE(document->dataset, std::string("samples"));
        QCOMPARE(document->runs.size(), std::size_t {10});
        for (int i = 0; i < files.size(); ++i) {
            const Measurement direct = readFioJson(files[i].toStdString());
            QVERIFY2(document->runs[static_cast<std::size_t>(i)].config == direct.config,
                qPrintable(files[i]));
            QCOMPARE(document->runs[static_cast<std::size_t>(i)].metrics, direct.metrics);
        }
        const auto recorded = document->database->importedFiles("samples");
        QCOMPARE(recorded.size(), std::size_t {10});
        QCOMPARE(QString::fromStdString(recorded[0].file), files[0]);
        QCOMPARE(recorded[0].importedRows, 1);
    }

    // `measure`'s files of runs over 3 VMs: a file per VM in the table, one row per run stored,
    // the scheduler from `measure`'s names.
    void runsOverVms_areOneRowEach()
    {
        const QStringList files = iolens::ui::importPaths(
            {QString::fromStdString(iolens::test::sourcePath("tests/data/fio-json-multivm"))});
        QCOMPARE(files.size(), 8);
        const QString path = m_dir.filePath("vms.sqlite");
        FioImportDialog dialog(files, path);
        QCOMPARE(dialog.filesWithoutScheduler(), 0);
        QCOMPARE(dialog.runs().size(), std::size_t {4});
        auto* table = dialog.findChild<QTableWidget*>(QStringLiteral("files"));
        QCOMPARE(table->rowCount(), 8);
        QStringList vmCells;
        for (int row = 0; row < table->rowCount(); ++row)
            vmCells << table->item(row, 7)->text();
        QCOMPARE(vmCells.count(QStringLiteral("all")), 2);
        QCOMPARE(vmCells.count(QStringLiteral("2 of 3")), 2);
        const QString shot = qEnvironmentVariable("IOLENS_FIO_IMPORT_SCREENSHOT");
        if (!shot.isEmpty())
            QVERIFY(dialog.grab().save(shot));
        QVERIFY(dialog.importRuns());
        auto database = MeasurementDatabase::open(path.toStdString(), true);
        const auto runs = database.measurements();
        QCOMPARE(runs.size(), std::size_t {4});
        for (const Measurement& run : runs) {
            QCOMPARE(run.config.scheduler, std::string("mq-deadline"));
            QCOMPARE(run.config.threads, 6);
        }
    }

    // fio on a whole device: refused until the file set is given, then read with it.
    void wholeDevice_takesTheFileSetGiven()
    {
        const QString raw = QString::fromStdString(
            iolens::test::sourcePath("tests/data/fio-json-engines/raw-device.json"));
        FioImportDialog dialog({raw}, m_dir.filePath("device.sqlite"));
        QVERIFY(!dialog.files()[0].run);
        QVERIFY2(dialog.files()[0].problem.contains(QStringLiteral("file set")),
            qPrintable(dialog.files()[0].problem));
        QVERIFY(dialog.runs().empty());
        dialog.setFileset(QStringLiteral("64 MiB"));
        QCOMPARE(dialog.runs().size(), std::size_t {1});
        QCOMPARE(dialog.runs()[0].config.filesetBytes, std::int64_t {64} << 20);
        auto* table = dialog.findChild<QTableWidget*>(QStringLiteral("files"));
        QCOMPARE(table->item(0, 5)->text(), QStringLiteral("64 MiB"));
        QVERIFY(dialog.importRuns());
    }

    // Files of two experiments (libaio and psync) are not imported together.
    void differentSettings_blockTheImport()
    {
        const QString folder
            = QString::fromStdString(iolens::test::sourcePath("tests/data/fio-json-engines"));
        FioImportDialog dialog(
            {folder + "/aio.json", folder + "/sync-note.json"}, m_dir.filePath("two.sqlite"));
        dialog.setScheduler(QStringLiteral("none"));
        QCOMPARE(dialog.runs().size(), std::size_t {2});
        QVERIFY(!dialog.findChild<QPushButton*>(QStringLiteral("import"))->isEnabled());
        QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("summary"))
                    ->text()
                    .contains(QStringLiteral("ioengine is psync here and libaio in")));
        QVERIFY(!dialog.importRuns());
        QVERIFY(!QFile::exists(m_dir.filePath("two.sqlite")));
        const QString shot = qEnvironmentVariable("IOLENS_FIO_SETTINGS_SCREENSHOT");
        if (!shot.isEmpty())
            QVERIFY(dialog.grab().save(shot));
    }

    // A file named by someone else: the scheduler is the one chosen in the dialog.
    void otherNames_takeTheChosenScheduler()
    {
        const QString renamed = m_dir.filePath("randread-4k.json");
        QVERIFY(QFile::copy(samplesFolder()
                + QStringLiteral("/p215_grid_none_fs1024M_bs4096_ran_r100_v1_rep0_vm0.json"),
            renamed));
        FioImportDialog dialog({renamed}, m_dir.filePath("chosen.sqlite"));
        QCOMPARE(dialog.filesWithoutScheduler(), 1);
        QVERIFY(dialog.findChild<QComboBox*>(QStringLiteral("scheduler"))->isEnabled());
        dialog.setScheduler(QStringLiteral("mq-deadline"));
        QCOMPARE(dialog.runs().at(0).config.scheduler, std::string("mq-deadline"));
        dialog.setScheduler(QString());
        QVERIFY(!dialog.findChild<QPushButton*>(QStringLiteral("import"))->isEnabled());
        QVERIFY(!dialog.importRuns());
        dialog.setScheduler(QStringLiteral("kyber"));
        QVERIFY(dialog.importRuns());
        const auto runs
            = MeasurementDatabase::open(m_dir.filePath("chosen.sqlite").toStdString(), true)
                  .measurements();
        QCOMPARE(runs.size(), std::size_t {1});
        QCOMPARE(runs[0].config.scheduler, std::string("kyber"));
    }

    // A file that does not read is listed with core's message; nothing is stored until the
    // user skips it, and then it is recorded as skipped.
    void badFile_isListedAndSkippedOnlyOnRequest()
    {
        const QString bad = QString::fromStdString(
            iolens::test::writeFile(m_dir.path(), "broken.json", "{\"jobs\": []}"));
        const QString good = samplesFolder()
            + QStringLiteral("/p001_grid_none_fs1024M_bs4096_seq_r50_v1_rep0_vm0.json");
        const QString path = m_dir.filePath("bad.sqlite");
        FioImportDialog dialog({good, bad}, path);
        QCOMPARE(dialog.files().size(), std::size_t {2});
        QVERIFY2(dialog.files()[1].problem.contains(QStringLiteral("broken.json")),
            qPrintable(dialog.files()[1].problem));
        QVERIFY(dialog.files()[1].problem.contains(QStringLiteral("jobs")));
        auto* table = dialog.findChild<QTableWidget*>(QStringLiteral("files"));
        QCOMPARE(table->item(1, 1)->toolTip(), dialog.files()[1].problem);
        QVERIFY(dialog.findChild<QPlainTextEdit*>(QStringLiteral("refused"))
                    ->toPlainText()
                    .contains(dialog.files()[1].problem));
        QVERIFY(!dialog.importRuns());
        QVERIFY(!QFile::exists(path)); // nothing written, not even an empty database
        dialog.setSkipRefusedFiles(true);
        QVERIFY(dialog.importRuns());
        auto database = MeasurementDatabase::open(path.toStdString(), true);
        QCOMPARE(database.measurements().size(), std::size_t {1});
        const auto recorded = database.importedFiles(dialog.dataset().toStdString());
        QCOMPARE(recorded.size(), std::size_t {2});
        QCOMPARE(recorded[1].importedRows, 0);
        QCOMPARE(recorded[1].skippedRows, 1);
    }

private:
    QTemporaryDir m_dir;
};

IOLENS_TEST_MAIN(TestFioImportDialog)
#include "test_fio_import_dialog.moc"

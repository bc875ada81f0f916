// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Import measurements…: a foreign CSV, core's proposal in the table, edits re-read the
// file, refused rows in view, and the import stores what `iolens-cli import --mapping` stores.
#include "data/csv_mapping.hpp"
#include "document/document.hpp"
#include "document/document_controller.hpp"
#include "import/import_dialog.hpp"
#include "import/import_prompt.hpp"
#include "store/measurement_database.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::core;
using iolens::ui::ImportDialog;

namespace {

// fio-like names and units; the fourth row's latency is not a number.
const char* const kSheet = "rw,bs_kib,rwmixread,numjobs,size_gib,lat_read_us,bw_read_MB/s\n"
                           "randread,4,100,16,1,250,80\n"
                           "randread,16,100,16,1,300,240\n"
                           "read,64,100,16,1,500,900\n"
                           "read,128,100,16,1,n/a,1000\n";

} // namespace

class TestImportDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        iolens::test::useIsolatedSettings("test_import_dialog");
        QVERIFY(m_dir.isValid());
        m_csv = QString::fromStdString(iolens::test::writeFile(m_dir.path(), "sheet.csv", kSheet));
    }

    // The proposal fills the table; the bad row keeps Import off until skipping is chosen.
    void proposal_previewsTheRowsAndTheRefusedOne()
    {
        ImportDialog dialog(m_csv, m_dir.filePath("a.sqlite"));
        QVERIFY2(dialog.preview().has_value(), qPrintable(dialog.problem()));
        QCOMPARE(dialog.preview()->rows.measurements.size(), std::size_t {3});
        QCOMPARE(dialog.preview()->rows.refused.size(), std::size_t {1});
        QVERIFY(QString::fromStdString(dialog.preview()->rows.refused[0].message)
                    .contains("row 5, column 'lat_read_us' as rt_read_ms (from us): 'n/a'"));
        auto* import = dialog.findChild<QPushButton*>(QStringLiteral("import"));
        QVERIFY(import);
        QVERIFY(!import->isEnabled());
        dialog.setSkipBadRows(true);
        QVERIFY(import->isEnabled());
        const Measurement& first = dialog.preview()->rows.measurements[0];
        QCOMPARE(first.config.requestBytes, std::int64_t {4096});
        QCOMPARE(first.config.filesetBytes, std::int64_t {1073741824});
        QCOMPARE(first.value(Metric::RtReadMs).value(), 0.25);
        QCOMPARE(first.value(Metric::TpReadMbs).value(), 80.0e6 / 1048576.0);
    }

    // The file's first rows are shown as they are, with the file's line numbers.
    void sample_showsTheFirstRowsAsTheyAre()
    {
        ImportDialog dialog(m_csv, m_dir.filePath("s.sqlite"));
        auto* sample = dialog.findChild<QTableWidget*>(QStringLiteral("sample"));
        QVERIFY(sample);
        QCOMPARE(sample->rowCount(), 4);
        QCOMPARE(sample->columnCount(), 7);
        QCOMPARE(sample->horizontalHeaderItem(5)->text(), QStringLiteral("lat_read_us"));
        QCOMPARE(sample->item(3, 5)->text(), QStringLiteral("n/a"));
        QCOMPARE(sample->verticalHeaderItem(3)->text(), QStringLiteral("5"));
        QCOMPARE(sample->editTriggers(), QAbstractItemView::NoEditTriggers);
        std::string longSheet = "rw,bs_kib\n";
        for (int i = 0; i < 25; ++i)
            longSheet += "read," + std::to_string(i + 1) + "\n";
        const QString longCsv
            = QString::fromStdString(iolens::test::writeFile(m_dir.path(), "long.csv", longSheet));
        ImportDialog longDialog(longCsv, m_dir.filePath("s.sqlite"));
        auto* longSample = longDialog.findChild<QTableWidget*>(QStringLiteral("sample"));
        QCOMPARE(longSample->rowCount(), 10);
        QCOMPARE(longSample->item(9, 1)->text(), QStringLiteral("10"));
    }

    // Edits re-read the file: a field nothing gives stops the import until a constant gives it.
    void edits_reReadTheFile()
    {
        ImportDialog dialog(m_csv, m_dir.filePath("b.sqlite"));
        QVERIFY(dialog.mapColumn(0, QString())); // rw: not imported
        QVERIFY(!dialog.preview().has_value());
        QVERIFY2(dialog.problem().contains("nothing gives pattern"), qPrintable(dialog.problem()));
        dialog.setConstant(QStringLiteral("pattern"), QStringLiteral("random"));
        QVERIFY2(dialog.preview().has_value(), qPrintable(dialog.problem()));
        QVERIFY(dialog.mapColumn(1, QStringLiteral("request_bytes"), QStringLiteral("bytes")));
        QCOMPARE(dialog.preview()->rows.measurements[0].config.requestBytes, std::int64_t {4});
        QVERIFY(!dialog.mapColumn(1, QStringLiteral("request_bytes"), QStringLiteral("us")));
    }

    // The import stores the good rows with the record of the file; the window opens them.
    void import_storesTheGoodRowsAndOpensThem()
    {
        const QString path = m_dir.filePath("c.sqlite");
        iolens::ui::DocumentController documents;
        QVERIFY(iolens::ui::createDatabase(path, &documents));
        QVERIFY(documents.document());
        QVERIFY(documents.document()->datasets.empty());
        ImportDialog dialog(m_csv, path);
        iolens::ui::followImport(&dialog, &documents);
        QSignalSpy imported(&dialog, &ImportDialog::imported);
        dialog.setDataset(QStringLiteral("sheet"));
        QVERIFY(!dialog.importRows()); // a refused row and no skipping: nothing stored
        dialog.setSkipBadRows(true);
        QVERIFY(dialog.importRows());
        QCOMPARE(imported.count(), 1);
        QCOMPARE(documents.document()->dataset, std::string("sheet"));
        QCOMPARE(documents.document()->runs.size(), std::size_t {3});
        const auto files = documents.document()->database->importedFiles("sheet");
        QCOMPARE(files.size(), std::size_t {1});
        QCOMPARE(files[0].skippedRows, 1);
        QCOMPARE(parseCsvMapping(files[0].mapping, "stored"),
            parseCsvMapping(csvMappingToJson(dialog.mapping()).dump(), "dialog"));
    }

    // The mapping saves as the file `iolens-cli import --mapping` reads, and loads back.
    void mapping_savesAndLoads()
    {
        ImportDialog dialog(m_csv, m_dir.filePath("d.sqlite"));
        QVERIFY(dialog.mapColumn(1, QStringLiteral("request_bytes"), QStringLiteral("MiB")));
        const QString file = m_dir.filePath("sheet-mapping.json");
        QVERIFY(dialog.saveMapping(file));
        const CsvMapping saved = readCsvMappingFile(file.toStdString());
        QCOMPARE(saved, parseCsvMapping(csvMappingToJson(dialog.mapping()).dump(), "again"));
        ImportDialog other(m_csv, m_dir.filePath("d.sqlite"));
        QVERIFY(other.loadMapping(file));
        QCOMPARE(parseCsvMapping(csvMappingToJson(other.mapping()).dump(), "other"), saved);
        QVERIFY(!other.loadMapping(m_csv)); // not JSON: refused, the table as it was
    }

private:
    QTemporaryDir m_dir;
    QString m_csv;
};

IOLENS_TEST_MAIN(TestImportDialog)
#include "test_import_dialog.moc"

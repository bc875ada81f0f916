// SPDX-License-Identifier: GPL-3.0-or-later
// The Measure dialog: core's verdict on the plan shown inline, and real fio runs on a scratch
// folder into a database file, with rows arriving live and Cancel stopping fio.
#include "common/error.hpp"
#include "common/translations.hpp"
#include "document/document.hpp"
#include "document/document_controller.hpp"
#include "harness/measurement_plan.hpp"
#include "measure/measure_dialog.hpp"
#include "measure/measure_prompt.hpp"
#include "measure/plan_form.hpp"
#include "store/measurement_database.hpp"
#include "support/fio_tool.hpp"
#include "support/isolated_settings.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"

#include <QCheckBox>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::core;
using iolens::ui::MeasureDialog;

namespace {

void type(MeasureDialog& dialog, const char* name, const QString& text)
{
    auto* edit = dialog.form()->findChild<QLineEdit*>(QLatin1String(name));
    QVERIFY2(edit, name);
    edit->setText(text);
}

/// A tiny plan: one 16 MiB file set, `requests` request sizes, 1 repetition of `runtime` s.
void fillTinyPlan(
    MeasureDialog& dialog, const QString& target, const QString& requests, int runtime)
{
    type(dialog, "dataset", QStringLiteral("tiny"));
    type(dialog, "schedulers", QStringLiteral("current"));
    type(dialog, "filesets", QStringLiteral("16M"));
    type(dialog, "requests", requests);
    type(dialog, "readPcts", QStringLiteral("100"));
    type(dialog, "threads", QStringLiteral("1"));
    type(dialog, "vms", QStringLiteral("1"));
    type(dialog, "directory", target);
    auto* form = dialog.form();
    form->findChild<QSpinBox*>(QStringLiteral("ramp"))->setValue(0);
    form->findChild<QSpinBox*>(QStringLiteral("runtime"))->setValue(runtime);
    form->findChild<QSpinBox*>(QStringLiteral("repetitions"))->setValue(1);
    // tmpfs and some overlay file systems refuse O_DIRECT; fio then fails on open.
    form->findChild<QCheckBox*>(QStringLiteral("direct"))
        ->setChecked(iolens::test::supportsDirectIo(QFileInfo(target).path()));
}

MeasureOptions testOptions()
{
    MeasureOptions options;
    options.fioProgram = iolens::test::fioPath().toStdString();
    options.sampleLowLevel = false; // the sampler has its own tests; keeps these fast
    return options;
}

QString estimateText(const MeasureDialog& dialog)
{
    return dialog.findChild<QLabel*>(QStringLiteral("estimate"))->text();
}

} // namespace

class TestMeasureDialog : public QObject {
    Q_OBJECT
private slots:
    void badField_showsCoresMessage()
    {
        QTemporaryDir dir;
        MeasureDialog dialog(dir.filePath(QStringLiteral("m.sqlite")));
        fillTinyPlan(dialog, dir.filePath(QStringLiteral("target")), QStringLiteral("4k 4q"), 1);
        std::string expected;
        try {
            const QByteArray json = QJsonDocument(dialog.form()->toJson()).toJson();
            parsePlan(
                std::string_view(json.constData(), static_cast<std::size_t>(json.size())), "plan");
        } catch (const ConfigError& e) {
            expected = e.what();
        }
        QVERIFY2(expected.find("factors.request[1]") != std::string::npos, expected.c_str());
        QCOMPARE(dialog.planError(), QString::fromStdString(expected));
        QCOMPARE(estimateText(dialog), QString::fromStdString(expected));
        QVERIFY(!dialog.findChild<QPushButton*>(QStringLiteral("run"))->isEnabled());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("m.sqlite")))); // nothing written
    }

    void foreignTarget_showsCoresMessage()
    {
        QTemporaryDir dir;
        QFile foreign(dir.filePath(QStringLiteral("target/not-ours.txt")));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("target")));
        QVERIFY(foreign.open(QIODevice::WriteOnly));
        foreign.write("someone's data");
        foreign.close();
        MeasureDialog dialog(dir.filePath(QStringLiteral("m.sqlite")));
        fillTinyPlan(dialog, dir.filePath(QStringLiteral("target")), QStringLiteral("4k"), 1);
        QVERIFY(!dialog.plan());
        QVERIFY2(dialog.planError().contains(QStringLiteral("not-ours"))
                || dialog.planError().contains(QStringLiteral("empty")),
            qPrintable(dialog.planError()));
        QCOMPARE(estimateText(dialog), dialog.planError());
    }

    void goodPlan_showsTheEstimate()
    {
        QTemporaryDir dir;
        MeasureDialog dialog(dir.filePath(QStringLiteral("m.sqlite")));
        fillTinyPlan(dialog, dir.filePath(QStringLiteral("target")), QStringLiteral("4k 64k"), 1);
        QVERIFY2(dialog.plan(), qPrintable(dialog.planError()));
        QVERIFY2(estimateText(dialog).startsWith(
                     QStringLiteral("Configurations: 2 × repetitions: 1 = runs: 2.")),
            qPrintable(estimateText(dialog)));
        QVERIFY(dialog.findChild<QPushButton*>(QStringLiteral("run"))->isEnabled());
    }

    void savePlan_thenLoadPlan_givesTheSamePlan()
    {
        QTemporaryDir dir;
        MeasureDialog dialog(dir.filePath(QStringLiteral("m.sqlite")));
        fillTinyPlan(dialog, dir.filePath(QStringLiteral("target")), QStringLiteral("4k 64k"), 3);
        const QString path = dir.filePath(QStringLiteral("plan.json"));
        QVERIFY(dialog.savePlan(path));
        const MeasurementPlan fromFile = readPlanFile(path.toStdString());
        QVERIFY(fromFile.configurations == dialog.plan()->configurations);
        MeasureDialog other(dir.filePath(QStringLiteral("m.sqlite")));
        QVERIFY(other.loadPlan(path));
        QVERIFY2(other.plan(), qPrintable(other.planError()));
        QVERIFY(other.plan()->configurations == fromFile.configurations);
        QCOMPARE(other.plan()->workload.runtimeSeconds, 3.0);
    }

    void run_storesRowsLiveIntoTheDatabase()
    {
        IOLENS_REQUIRE_TOOL(iolens::test::fioTool());
        QTemporaryDir dir {
            iolens::test::measurementScratchParent() + QStringLiteral("/dialog-XXXXXX")};
        const QString dbPath = dir.filePath(QStringLiteral("m.sqlite"));
        MeasureDialog dialog(dbPath);
        dialog.setOptions(testOptions());
        fillTinyPlan(dialog, dir.filePath(QStringLiteral("target")), QStringLiteral("4k 64k"), 1);
        QVERIFY2(dialog.plan(), qPrintable(dialog.planError()));
        QSignalSpy rows(&dialog, &MeasureDialog::rowStored);
        QSignalSpy finished(&dialog, &MeasureDialog::measurementFinished);
        std::vector<bool> runningAtRow;
        connect(&dialog, &MeasureDialog::rowStored, this,
            [&] { runningAtRow.push_back(dialog.isRunning()); });
        dialog.show();
        dialog.start();
        QVERIFY(dialog.isRunning());
        QVERIFY(!dialog.form()->isEnabled());
        QVERIFY(iolens::test::waitForEmission(finished, 120000));
        QCOMPARE(finished.first().at(0).toString(), QStringLiteral("tiny"));
        QCOMPARE(finished.first().at(1).toInt(), 2);
        QCOMPARE(finished.first().at(2).toBool(), false);
        QCOMPARE(rows.count(), 2);
        QCOMPARE(runningAtRow, (std::vector<bool> {true, true})); // live, not after the end
        QCOMPARE(dialog.findChild<QTableWidget*>(QStringLiteral("storedRuns"))->rowCount(), 2);

        MeasurementDatabase db = MeasurementDatabase::open(dbPath.toStdString(), true);
        const auto stored = db.measurements({std::string("tiny"), std::nullopt});
        QCOMPARE(stored.size(), std::size_t {2});
        for (const Measurement& m : stored)
            QVERIFY(m.value(Metric::TpReadMbs).value_or(0.0) > 0.0);
        // The estimate now counts them as stored: running again would resume with nothing to do.
        QVERIFY2(estimateText(dialog).contains(QStringLiteral("already stored: 2")),
            qPrintable(estimateText(dialog)));
        QVERIFY(!dialog.findChild<QPushButton*>(QStringLiteral("run"))->isEnabled());

        const QString shot = qEnvironmentVariable("IOLENS_MEASURE_SCREENSHOT");
        if (!shot.isEmpty())
            QVERIFY(dialog.grab().save(shot));
    }

    void followMeasurements_fillsTheWindowsDocumentPerRun()
    {
        IOLENS_REQUIRE_TOOL(iolens::test::fioTool());
        QTemporaryDir dir {
            iolens::test::measurementScratchParent() + QStringLiteral("/follow-XXXXXX")};
        const QString dbPath = dir.filePath(QStringLiteral("m.sqlite"));
        MeasurementDatabase::openOrCreate(dbPath.toStdString()); // an empty database is open
        // The controller's recent-files list must not touch the user's settings.
        iolens::test::useIsolatedSettings("test_measure_dialog");
        iolens::ui::DocumentController documents;
        QVERIFY(documents.openFile(dbPath));
        QVERIFY(documents.document()->runs.empty());

        MeasureDialog dialog(dbPath);
        dialog.setOptions(testOptions());
        iolens::ui::followMeasurements(&dialog, &documents, dbPath);
        fillTinyPlan(
            dialog, dir.filePath(QStringLiteral("target")), QStringLiteral("4k 16k 64k"), 1);
        QVERIFY2(dialog.plan(), qPrintable(dialog.planError()));
        // What the window would show after each of the controller's signals, and whether the
        // measurement was still running then.
        std::vector<std::pair<std::size_t, bool>> changed;
        std::vector<std::pair<std::size_t, bool>> refreshed;
        connect(&documents, &iolens::ui::DocumentController::documentChanged, this, [&] {
            changed.push_back({documents.document()->runs.size(), dialog.isRunning()});
        });
        connect(&documents, &iolens::ui::DocumentController::runsRefreshed, this, [&] {
            refreshed.push_back({documents.document()->runs.size(), dialog.isRunning()});
        });
        QSignalSpy finished(&dialog, &MeasureDialog::measurementFinished);
        dialog.show();
        dialog.start();
        QVERIFY(iolens::test::waitForEmission(finished, 120000));
        // Run 1 switches the empty document to the new dataset (one documentChanged), runs 2
        // and 3 are read in place while measuring, and the end reopens the file once more.
        using Seen = std::vector<std::pair<std::size_t, bool>>;
        QCOMPARE(refreshed, (Seen {{2, true}, {3, true}}));
        QCOMPARE(changed.size(), std::size_t {2});
        QCOMPARE(changed.front(), (std::pair<std::size_t, bool> {1, true}));
        QCOMPARE(changed.back().first, std::size_t {3});
        QCOMPARE(documents.document()->dataset, std::string("tiny"));
    }

    void cancel_stopsARunningSession()
    {
        IOLENS_REQUIRE_TOOL(iolens::test::fioTool());
        QTemporaryDir dir {
            iolens::test::measurementScratchParent() + QStringLiteral("/dialog-XXXXXX")};
        const QString dbPath = dir.filePath(QStringLiteral("m.sqlite"));
        MeasureDialog dialog(dbPath);
        dialog.setOptions(testOptions());
        fillTinyPlan(dialog, dir.filePath(QStringLiteral("target")), QStringLiteral("4k 64k"), 60);
        QVERIFY2(dialog.plan(), qPrintable(dialog.planError()));
        QSignalSpy finished(&dialog, &MeasureDialog::measurementFinished);
        QElapsedTimer clock;
        clock.start();
        dialog.start();
        QTest::qWait(1500); // fio is laying out or running its first 60 s run
        QVERIFY(dialog.isRunning());
        dialog.findChild<QPushButton*>(QStringLiteral("cancel"))->click();
        QVERIFY(iolens::test::waitForEmission(finished, 30000));
        QVERIFY2(clock.elapsed() < 30000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(finished.first().at(2).toBool(), true);
        QCOMPARE(finished.first().at(1).toInt(), 0);
        QVERIFY(!dialog.isRunning());
        QVERIFY(dialog.form()->isEnabled());
        MeasurementDatabase db = MeasurementDatabase::openOrCreate(dbPath.toStdString());
        QCOMPARE(db.measurements({std::string("tiny"), std::nullopt}).size(), std::size_t {0});
    }

    // Last: it installs the German translator for the rest of the process.
    void german_fitsTheDefaultSize()
    {
        QVERIFY(iolens::ui::installTranslations(
            *QCoreApplication::instance(), QLocale(QLocale::German, QLocale::Germany)));
        QTemporaryDir dir;
        MeasureDialog dialog(dir.filePath(QStringLiteral("m.sqlite")));
        fillTinyPlan(dialog, dir.filePath(QStringLiteral("target")), QStringLiteral("4k 64k"), 1);
        QCOMPARE(dialog.findChild<QPushButton*>(QStringLiteral("run"))->text(),
            QStringLiteral("Starten"));
        QVERIFY2(estimateText(dialog).startsWith(QStringLiteral("Konfigurationen: 2")),
            qPrintable(estimateText(dialog)));
        dialog.show();
        // Nothing clipped: the dialog's own size is at least what its German layout needs.
        QVERIFY2(dialog.minimumSizeHint().width() <= dialog.width(),
            qPrintable(QString::number(dialog.minimumSizeHint().width())));
        QVERIFY(dialog.minimumSizeHint().height() <= dialog.height());
        const QString shot = qEnvironmentVariable("IOLENS_MEASURE_SCREENSHOT_DE");
        if (!shot.isEmpty())
            QVERIFY(dialog.grab().save(shot));
    }
};

IOLENS_TEST_MAIN(TestMeasureDialog)
#include "test_measure_dialog.moc"

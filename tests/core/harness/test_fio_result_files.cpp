// SPDX-License-Identifier: GPL-3.0-or-later
// The fio results of runs spread over VMs (one file per VM) read back into the rows `measure`
// stored for them, from real files: tests/data/fio-json-multivm (README there).
#include "data/fio_json_reader.hpp"
#include "data/measurement_csv.hpp"
#include "harness/fio_result_files.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

QString samplesFolder()
{
    return QString::fromStdString(iolens::test::sourcePath("tests/data/fio-json-multivm"));
}

std::vector<std::string> samplePaths(const QString& folder)
{
    std::vector<std::string> paths;
    for (const QString& file : QDir(folder).entryList({QStringLiteral("*.json")}, QDir::Files))
        paths.push_back(QDir(folder).filePath(file).toStdString());
    return paths;
}

std::vector<std::optional<Measurement>> readAll(const std::vector<std::string>& paths)
{
    std::vector<std::optional<Measurement>> runs;
    for (const std::string& path : paths)
        runs.emplace_back(readFioJson(path));
    return runs;
}

bool close(std::optional<double> a, std::optional<double> b)
{
    if (!a || !b)
        return !a && !b;
    return std::fabs(*a - *b) <= 1e-9 * std::max(1.0, std::fabs(*b));
}

// Each run equals the row `measure` stored for it (its scheduler named by the file names).
void verifyAsMeasureStoredThem(const std::vector<FioResultRun>& runs)
{
    const auto stored = readMeasurementsCsv(
        (samplesFolder() + QStringLiteral("/measure-rows.csv")).toStdString());
    QCOMPARE(runs.size(), stored.size());
    for (const FioResultRun& run : runs) {
        QVERIFY2(run.run, run.problem.c_str());
        const auto same = std::find_if(stored.begin(), stored.end(),
            [&](const Measurement& row) { return row.config == run.run->config; });
        QVERIFY2(same != stored.end(), "a run with no row of that configuration");
        for (Metric metric : kAllMetrics)
            QVERIFY2(close(run.run->value(metric), same->value(metric)),
                std::string(metricName(metric)).c_str());
    }
}

} // namespace

class TestFioResultFiles : public QObject {
    Q_OBJECT
private slots:
    void names_sayTheRunAndTheVm()
    {
        const auto own = vmResultName("/x/mq-deadline_fs48M_bs16384_ran_r50_t6_v3-rep0.vm2.json");
        QVERIFY(own);
        QCOMPARE(own->run, std::string("mq-deadline_fs48M_bs16384_ran_r50_t6_v3-rep0"));
        QCOMPARE(own->vms, 3);
        QCOMPARE(own->vm, 2);
        const auto shared
            = vmResultName("p012_multivm_bfq_fs1024M_bs4096_ran_r50_v3_rep1_vm0.json");
        QVERIFY(shared);
        QCOMPARE(shared->run, std::string("p012_multivm_bfq_fs1024M_bs4096_ran_r50_v3_rep1"));
        QCOMPARE(shared->vms, 3);
        QCOMPARE(shared->vm, 0);
        QCOMPARE(vmResultName("p001_grid_none_fs1024M_bs4096_seq_r50_v1_rep0_vm0.json")->vms, 1);
        QVERIFY(!vmResultName("mq-deadline_fs48M_bs16384_ran_r50_t6_v1-rep0.json"));
        QVERIFY(!vmResultName("randread-4k.json"));
        QVERIFY(!vmResultName("run_v99999999999_rep0_vm0.json")); // no VM count an int holds
        QVERIFY(!vmResultName("run_v2147483647_rep0_vm0.json"));  // nor one a harness would run
        // `measure`'s own names carry the scheduler, as the shared datasets' do.
        QCOMPARE(schedulerInHarnessName("/x/mq-deadline_fs48M_bs16384_ran_r50_t6_v3-rep0.vm2.json"),
            std::optional<std::string>("mq-deadline"));
    }

    // Three VMs' files are one row: threads and file set summed, times averaged, rates summed.
    void group_makesTheRowsMeasureStored()
    {
        const std::vector<std::string> paths = samplePaths(samplesFolder());
        QCOMPARE(paths.size(), std::size_t {8});
        const std::vector<FioResultRun> runs = groupVmResults(paths, readAll(paths));
        verifyAsMeasureStoredThem(runs);
        std::size_t overVms = 0;
        for (const FioResultRun& run : runs) {
            QCOMPARE(run.run->config.threads, 6); // 2 per VM in the files of three
            QCOMPARE(run.run->config.filesetBytes, std::int64_t {48} << 20);
            if (run.run->config.vms == 3) {
                ++overVms;
                QCOMPARE(run.files.size(), std::size_t {3});
                for (std::size_t vm = 0; vm < 3; ++vm)
                    QCOMPARE(vmResultName(paths[run.files[vm]])->vm, static_cast<int>(vm));
            }
        }
        QCOMPARE(overVms, std::size_t {2});
    }

    // The shared datasets' naming of the same files groups the same way.
    void group_readsTheSharedDatasetsNames()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::vector<std::string> paths;
        for (const std::string& path : samplePaths(samplesFolder())) {
            // mq-deadline_fs48M_bs16384_ran_r50_t6_v3-rep0.vm2.json
            //   -> p007_multivm_mq-deadline_fs48M_bs16384_ran_r50_v3_rep0_vm2.json
            QString shared = QFileInfo(QString::fromStdString(path)).fileName();
            shared.replace(QStringLiteral("_t6_"), QStringLiteral("_"))
                .replace(QStringLiteral("-rep0.vm"), QStringLiteral("_rep0_vm"))
                .replace(QStringLiteral("-rep0.json"), QStringLiteral("_rep0_vm0.json"));
            shared.prepend(QStringLiteral("p007_multivm_"));
            QVERIFY(QFile::copy(QString::fromStdString(path), dir.filePath(shared)));
            paths.push_back(dir.filePath(shared).toStdString());
        }
        QCOMPARE(vmResultName(paths.back())->vms, 3);
        const std::vector<FioResultRun> runs = groupVmResults(paths, readAll(paths));
        verifyAsMeasureStoredThem(runs);
    }

    void group_refusesARunWithAVmMissing()
    {
        std::vector<std::string> paths = samplePaths(samplesFolder());
        const auto vm1 = std::find_if(paths.begin(), paths.end(),
            [](const std::string& path) { return path.ends_with("ran_r50_t6_v3-rep0.vm1.json"); });
        QVERIFY(vm1 != paths.end());
        paths.erase(vm1);
        const std::vector<FioResultRun> runs = groupVmResults(paths, readAll(paths));
        QCOMPARE(runs.size(), std::size_t {4});
        int refused = 0;
        for (const FioResultRun& run : runs) {
            if (run.run)
                continue;
            ++refused;
            QVERIFY2(run.problem.find("r50_t6_v3-rep0.vm0.json") != std::string::npos,
                run.problem.c_str());
            QVERIFY2(run.problem.find("lacks the files of vm1") != std::string::npos,
                run.problem.c_str());
            QCOMPARE(run.files.size(), std::size_t {2});
        }
        QCOMPARE(refused, 1);
    }

    void group_refusesVmsThatDisagreeOrRepeat()
    {
        const std::vector<std::string> paths = samplePaths(samplesFolder());
        std::vector<std::optional<Measurement>> perFile = readAll(paths);
        for (std::size_t i = 0; i < paths.size(); ++i)
            if (paths[i].ends_with("ran_r100_t6_v3-rep0.vm2.json"))
                perFile[i]->config.readPct = 50.0;
        std::vector<FioResultRun> runs = groupVmResults(paths, perFile);
        const auto refused = std::find_if(
            runs.begin(), runs.end(), [](const FioResultRun& run) { return !run.run; });
        QVERIFY(refused != runs.end());
        QVERIFY2(refused->problem.find("read share") != std::string::npos
                && refused->problem.find("vm2.json") != std::string::npos,
            refused->problem.c_str());

        // A VM's file given twice (the same path twice in the list).
        std::vector<std::string> twice = samplePaths(samplesFolder());
        twice.push_back(twice.back());
        runs = groupVmResults(twice, readAll(twice));
        QVERIFY(std::any_of(runs.begin(), runs.end(), [](const FioResultRun& run) {
            return !run.run && run.problem.find("given twice") != std::string::npos;
        }));
        // A file refused on reading refuses its run, which names it.
        perFile = readAll(paths);
        perFile[1].reset();
        runs = groupVmResults(paths, perFile);
        const auto missing = std::find_if(
            runs.begin(), runs.end(), [](const FioResultRun& run) { return !run.run; });
        QVERIFY(missing != runs.end());
        QVERIFY2(missing->problem.find(paths[1]) != std::string::npos, missing->problem.c_str());
    }

    // Runs that differ in a setting iolens has no factor for are no one experiment: libaio at
    // iodepth 8 and psync (tests/data/fio-json-engines).
    void settings_thatDifferAreNamed()
    {
        const std::string aio = iolens::test::sourcePath("tests/data/fio-json-engines/aio.json");
        const std::string sync
            = iolens::test::sourcePath("tests/data/fio-json-engines/sync-note.json");
        const FioResult a = readFioResult(aio);
        const FioResult b = readFioResult(sync);
        QCOMPARE(a.settings.front(), (std::pair<std::string, std::string> {"direct", "1"}));
        const std::string differ = settingsDisagreement({aio, sync}, {a.settings, b.settings});
        QVERIFY2(differ.starts_with(sync + ": fio's ioengine is psync here and libaio in " + aio),
            differ.c_str());
        QVERIFY(settingsDisagreement({aio, sync}, {a.settings, std::nullopt}).empty());
        // The multi-VM files agree with each other.
        const std::vector<std::string> paths = samplePaths(samplesFolder());
        std::vector<std::optional<FioSettings>> settings;
        for (const std::string& path : paths)
            settings.emplace_back(readFioResult(path).settings);
        QVERIFY(settingsDisagreement(paths, settings).empty());
        // buffered=0 is direct=1.
        const FioResult buffered = parseFioResult(
            R"({"jobs":[{"job options":{"rw":"read","size":"1g","buffered":"0"},"read":{"total_ios":0},"write":{"total_ios":0}}]})",
            "run.json");
        QCOMPARE(buffered.settings.front().second, std::string("1"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestFioResultFiles)
#include "test_fio_result_files.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The load generator runs an application with real system calls in a target directory: a small
// file server for half a second, its file set inside the target, every operation timed.
#include "appsim/application.hpp"
#include "appsim/load_generator.hpp"
#include "common/error.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

using namespace iolens::core;

namespace {

const char* const kSmallFileServer = R"({"name": "small fs", "think_time_ms": 1,
  "file_set": {"files": 40, "file_bytes": {"gamma": {"mean": 16384, "shape": 1.5}},
               "prealloc_pct": 50},
  "operations": [{"cpu_ms": 0.05, "action": "create"},
    {"io": "write", "bytes": "whole_file", "pattern": "sequential"},
    {"delay_ms": 0.01, "action": "close"}, {"delay_ms": 0.01, "action": "open"},
    {"io": "write", "bytes": {"uniform": [0, 4096]}, "pattern": "sequential", "action": "append"},
    {"delay_ms": 0.01, "action": "fsync"},
    {"io": "read", "bytes": "whole_file", "pattern": "sequential"},
    {"delay_ms": 0.01, "action": "close"}, {"cpu_ms": 0.05, "action": "delete"},
    {"delay_ms": 0.01, "action": "stat"}, {"io": "read", "bytes": 4096},
    {"cpu_ms": 0.2}, {"delay_ms": 0.5}]})";

std::size_t filesIn(const std::filesystem::path& directory)
{
    std::size_t n = 0;
    for (const auto& entry : std::filesystem::directory_iterator(directory))
        n += entry.is_regular_file() ? 1 : 0;
    return n;
}

} // namespace

class TestLoadGenerator : public QObject {
    Q_OBJECT
private slots:
    void smallFileServer_runsAndTimesEveryOperation()
    {
        QTemporaryDir dir;
        const auto target = TargetDirectory::claim(dir.filePath(QStringLiteral("t")).toStdString());
        const Application app = parseApplication(kSmallFileServer, "fs.json");
        LoadOptions options;
        options.clients = 3;
        options.durationS = 0.6;
        options.warmupS = 0.1;
        const AppRunRecord run = runLoad(app, target, options);
        QVERIFY2(run.loops > 10, qPrintable(QString::number(run.loops)));
        QCOMPARE(run.clients, 3);
        QCOMPARE(run.throughputPerS, static_cast<double>(run.loops) / 0.6);
        QCOMPARE(run.operations.size(), app.operations.size());
        for (const AppOperationRecord& op : run.operations) {
            // A loop that began before the window counts, its first operations do not.
            QVERIFY2(op.count >= run.loops - options.clients && op.meanMs && *op.meanMs >= 0.0,
                op.name.c_str());
        }
        // The spin and the sleep take at least what they ask.
        QVERIFY(*run.operations[11].meanMs >= 0.2);
        QVERIFY(*run.operations[12].meanMs >= 0.5);
        QVERIFY(*run.responseTimeMs >= 0.7);
        QCOMPARE(run.operations[6].kind, std::string("read"));
        QVERIFY(run.ioResponseTimeMs.has_value());
        // Creates and deletes balance: the set stays near its prealloc share of 40 files.
        const auto files = target.root() / "appsets" / "small_fs";
        const std::size_t present = filesIn(files);
        QVERIFY2(present >= 10 && present <= 30, qPrintable(QString::number(present)));
        QVERIFY(
            parseApplication(run.definition, "stored").operations.size() == app.operations.size());
    }

    void cancel_recordsNothing()
    {
        QTemporaryDir dir;
        const auto target = TargetDirectory::claim(dir.filePath(QStringLiteral("t")).toStdString());
        std::atomic<bool> cancel {true};
        LoadOptions options;
        options.cancel = &cancel;
        options.durationS = 30.0;
        QVERIFY_THROWS_EXCEPTION(
            LoadCancelled, runLoad(parseApplication(kSmallFileServer, "fs.json"), target, options));
    }

    void foreignDirectory_isRefused()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("precious.txt")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("keep me");
        file.close();
        QVERIFY_THROWS_EXCEPTION(ConfigError, TargetDirectory::claim(dir.path().toStdString()));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestLoadGenerator)
#include "test_load_generator.moc"

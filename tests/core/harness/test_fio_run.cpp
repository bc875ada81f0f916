// SPDX-License-Identifier: GPL-3.0-or-later
// A hung fio is stopped after the run's time limit and leaves no output behind.
#include "harness/fio_run.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <filesystem>
#include <fstream>

using namespace iolens::core;
namespace fs = std::filesystem;

class TestFioRun : public QObject {
    Q_OBJECT
private slots:
    void hungProcess_isStoppedAtTheTimeout()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        // A stand-in for fio that never finishes, as fio did on sequential 100 % reads.
        const fs::path program = root / "hanging-fio";
        std::ofstream(program) << "#!/bin/sh\nexec sleep 60\n";
        fs::permissions(program, fs::perms::owner_all);
        FioRunRequest request;
        request.program = program.string();
        request.jobs.resize(1);
        request.jobs[0].config.requestBytes = 4096;
        request.jobs[0].config.filesetBytes = 1 << 20;
        request.outputFiles = {root / "run.json"};
        request.stderrFiles = {root / "run.log"};
        request.sampleLowLevel = false;
        request.timeoutSeconds = 0.5;
        const auto start = std::chrono::steady_clock::now();
        const FioRunResult result = runFioJobs(request);
        const double seconds
            = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QVERIFY(result.timedOut);
        QVERIFY(!result.cancelled);
        QVERIFY2(seconds < 10.0, qPrintable(QString::number(seconds)));
        QVERIFY(!fs::exists(root / "run.json"));
        QVERIFY(!fs::exists(root / "run.json.partial"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestFioRun)
#include "test_fio_run.moc"

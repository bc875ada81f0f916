// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/units.hpp"
#include "harness/file_set_layout.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>

using namespace iolens::core;
namespace fs = std::filesystem;

namespace {
}

class TestFileSetLayout : public QObject {
    Q_OBJECT
private slots:
    void plan_sixteenMiBFilesPerVm_data()
    {
        QTest::addColumn<qint64>("filesetMiB");
        QTest::addColumn<int>("vms");
        QTest::addColumn<int>("files");
        QTest::addColumn<qint64>("fileMiB");
        QTest::newRow("256 MiB, 1 VM") << qint64(256) << 1 << 16 << qint64(16);
        QTest::newRow("256 MiB, 2 VMs") << qint64(256) << 2 << 8 << qint64(16);
        QTest::newRow("100 MiB: 7 equal files") << qint64(100) << 1 << 7 << qint64(14);
        QTest::newRow("4 MiB, 2 VMs") << qint64(4) << 2 << 1 << qint64(2);
    }

    void plan_sixteenMiBFilesPerVm()
    {
        QFETCH(qint64, filesetMiB);
        QFETCH(int, vms);
        QFETCH(int, files);
        QFETCH(qint64, fileMiB);
        const auto shares = planFileSet("/t/filesets", filesetMiB * kMiB, vms);
        QCOMPARE(int(shares.size()), vms);
        for (int vm = 0; vm < vms; ++vm) {
            QCOMPARE(int(shares[std::size_t(vm)].files.size()), files);
            QCOMPARE(shares[std::size_t(vm)].fileBytes, fileMiB * kMiB);
            QCOMPARE(shares[std::size_t(vm)].directory.string(),
                "/t/filesets/" + std::to_string(filesetMiB * kMiB) + "-vms" + std::to_string(vms)
                    + "/vm" + std::to_string(vm));
        }
        QCOMPARE(shares[0].files[0].filename().string(), std::string("f0000"));
    }

    void layOut_writesFilesOfTheirSizeOnce()
    {
        QTemporaryDir dir;
        const TargetDirectory t = TargetDirectory::claim(fs::path(dir.path().toStdString()) / "t");
        const auto shares = planFileSet(t.fileSetsDirectory(), 3 * kMiB, 1);
        QVERIFY(!isFileSetLaidOut(shares));
        QCOMPARE(layOutFileSet(t, shares), 3 * kMiB);
        QCOMPARE(std::int64_t(fs::file_size(shares[0].files[0])), 3 * kMiB);
        QVERIFY(isFileSetLaidOut(shares));
    }

    void layOut_cancelledLeavesTheSetIncomplete()
    {
        QTemporaryDir dir;
        const TargetDirectory t = TargetDirectory::claim(fs::path(dir.path().toStdString()) / "t");
        const auto shares = planFileSet(t.fileSetsDirectory(), 2 * kMiB, 2);
        const std::atomic<bool> cancel {true};
        QCOMPARE(layOutFileSet(t, shares, &cancel), std::int64_t {0});
        QVERIFY(!isFileSetLaidOut(shares));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestFileSetLayout)
#include "test_file_set_layout.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/fio_job.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>

using namespace iolens::core;

namespace {

bool has(const std::vector<std::string>& args, const std::string& arg)
{
    return std::find(args.begin(), args.end(), arg) != args.end();
}

FioJob exampleJob()
{
    FioJob job;
    job.config.scheduler = "bfq";
    job.config.filesetBytes = 64LL << 20;
    job.config.requestBytes = 16384;
    job.config.pattern = Pattern::Sequential;
    job.config.readPct = 75;
    job.config.threads = 8;
    job.config.vms = 2;
    job.workload.rampSeconds = 1;
    job.workload.runtimeSeconds = 3;
    job.share.directory = "/t/filesets/67108864-vms2/vm1";
    job.share.files = {"/t/f/vm1/f0000", "/t/f/vm1/f0001"};
    job.share.fileBytes = 16LL << 20;
    return job;
}

} // namespace

class TestFioJob : public QObject {
    Q_OBJECT
private slots:
    void arguments_describeTheWorkloadOfOneVm()
    {
        const auto args = fioArguments(exampleJob());
        QVERIFY(has(args, "--filename=/t/f/vm1/f0000:/t/f/vm1/f0001"));
        QVERIFY(has(args, "--size=33554432")); // this VM's half of the file set
        QVERIFY(has(args, "--rw=rw"));
        QVERIFY(has(args, "--rwmixread=75"));
        QVERIFY(has(args, "--bs=16384"));
        QVERIFY(has(args, "--numjobs=4")); // 8 threads over 2 VMs
        QVERIFY(has(args, "--direct=1"));
        QVERIFY(has(args, "--ioengine=psync"));
        QVERIFY(has(args, "--runtime=3"));
        QVERIFY(has(args, "--ramp_time=1"));
        QVERIFY(has(args, "--time_based"));
        QVERIFY(has(args, "--group_reporting"));
        QVERIFY(has(args, "--thread"));
        QVERIFY(has(args, "--output-format=json"));
        QVERIFY(std::none_of(args.begin(), args.end(),
            [](const std::string& a) { return a.starts_with("--write_bw_log"); }));
    }

    // fio takes at most 4,096 characters per option: files in the share's directory are named
    // relative to it, and a set too large even for that is opened as the directory.
    void files_inTheSharesDirectory_areNamedRelativeToIt()
    {
        FioJob job = exampleJob();
        job.share.files.clear();
        for (int i = 0; i < 80; ++i) {
            char name[16];
            std::snprintf(name, sizeof name, "f%04d", i);
            job.share.files.push_back(job.share.directory / name);
        }
        auto args = fioArguments(job);
        QVERIFY(has(args, "--directory=/t/filesets/67108864-vms2/vm1"));
        const auto filename = std::find_if(args.begin(), args.end(),
            [](const std::string& a) { return a.starts_with("--filename=f0000:f0001:"); });
        QVERIFY(filename != args.end());
        QVERIFY(filename->size() < 4096);
        QVERIFY(filename->ends_with(":f0079"));
        for (int i = 80; i < 1000; ++i) {
            char name[16];
            std::snprintf(name, sizeof name, "f%04d", i);
            job.share.files.push_back(job.share.directory / name);
        }
        args = fioArguments(job);
        QVERIFY(has(args, "--opendir=/t/filesets/67108864-vms2/vm1"));
        QVERIFY(std::none_of(
            args.begin(), args.end(), [](const std::string& a) { return a.size() >= 4096; }));
    }

    void arguments_randomBufferedWithPerSecondLog()
    {
        FioJob job = exampleJob();
        job.config.pattern = Pattern::Random;
        job.workload.direct = false;
        job.bandwidthLogPrefix = "/t/.iolens/lowlevel/k-rep0";
        const auto args = fioArguments(job);
        QVERIFY(has(args, "--rw=randrw"));
        QVERIFY(has(args, "--direct=0"));
        QVERIFY(has(args, "--write_bw_log=/t/.iolens/lowlevel/k-rep0"));
        QVERIFY(has(args, "--log_avg_msec=1000"));
        QVERIFY(has(args, "--log_unix_epoch=1"));
    }

    void key_namesEveryFactor()
    {
        Configuration c = exampleJob().config;
        QCOMPARE(configurationKey(c), std::string("bfq_fs64M_bs16384_seq_r75_t8_v2"));
        c.scheduler = "mq-deadline";
        c.readPct = 12.5;
        QCOMPARE(configurationKey(c), std::string("mq-deadline_fs64M_bs16384_seq_r12p5_t8_v2"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestFioJob)
#include "test_fio_job.moc"

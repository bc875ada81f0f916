// SPDX-License-Identifier: GPL-3.0-or-later
// Recording a trace with fio: the job gets the trace's latency logging in its [global] section
// (its own logging options give way), and a short real run yields a log the fio-lat reader takes.
#include "harness/trace_recording.hpp"

#include "common/error.hpp"

#include "support/fio_tool.hpp"
#include "support/test_registry.hpp"
#include "traces/trace_reader.hpp"

#include <QTemporaryDir>
#include <QTest>

using namespace iolens::core;

class TestTraceRecording : public QObject {
    Q_OBJECT
private slots:
    void withLatencyLog_replacesTheJobsOwnLogging()
    {
        const std::string job = "; a comment\n[global]\nsize=1G\nwrite_lat_log=mine\n"
                                "log_offset=0\n\n[reads]\nrw=randread\nper_job_logs=1\n";
        const std::string text = withLatencyLog(job, "/tmp/x/trace");
        QCOMPARE(text,
            std::string("; a comment\n[global]\nwrite_lat_log=/tmp/x/trace\nlog_offset=1\n"
                        "per_job_logs=0\nsize=1G\n\n[reads]\nrw=randread\n"));
        // A job without [global] gets one in front.
        QCOMPARE(withLatencyLog("[reads]\nrw=read\n", "p"),
            std::string("[global]\nwrite_lat_log=p\nlog_offset=1\nper_job_logs=0\n[reads]\n"
                        "rw=read\n"));
        // Options that only start like the logging ones stay.
        QVERIFY(withLatencyLog("[global]\nlog_offsets_x=1\n", "p").find("log_offsets_x=1")
            != std::string::npos);
    }

    void recordTrace_runsFioAndLeavesALatencyLog()
    {
        IOLENS_REQUIRE_TOOL(iolens::test::fioTool());
        QTemporaryDir dir(
            iolens::test::measurementScratchParent() + QStringLiteral("/trace-XXXXXX"));
        TraceRecordRequest request;
        request.jobText = "[global]\nfilename=data\nsize=4M\nioengine=psync\n\n[r]\nrw=randread\n"
                          "bs=4k\nnumber_ios=300\n";
        request.target = dir.path().toStdString();
        request.logPrefix = dir.filePath(QStringLiteral("trace")).toStdString();
        request.program = iolens::test::fioPath().toStdString();
        const auto log = recordTrace(request);
        std::size_t requests = 0;
        readTraceFile(log.string(), TraceFormat::FioLat, [&](const TraceRequest& r) {
            QVERIFY(r.read && r.bytes == 4096 && r.offset < (4 << 20) && r.responseMs);
            ++requests;
        });
        QCOMPARE(requests, std::size_t {300});
        request.jobText = "[r]\nrw=nonsense\n";
        QVERIFY_THROWS_EXCEPTION(ConfigError, recordTrace(request));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestTraceRecording)
#include "test_trace_recording.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// auto's writers' and readers' candidates (a closed workload's thread shares, Little's law per
// direction): which metrics get them, the other direction's model each solves its share with,
// and their round trip through the model file.
#include "data/dataset.hpp"
#include "models/auto_model.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>

using namespace iolens::core;

class TestAutoThreadShares : public QObject {
    Q_OBJECT
private slots:
    // writer_share (on by default) adds a writers' candidate per log-scale one for write times,
    // which then round-trip through the model file; writer_share=0 leaves them out, and nothing
    // changes for read times.
    void writerShare_addsWriterCandidatesForWriteTimes()
    {
        Dataset writes = buildDataset(iolens::test::tieredRows(), Metric::RtWriteMs);
        writes.y = writes.y.array().log();
        QVERIFY(writes.readTimes);
        const auto writerCandidates = [](const AutoModel& model) {
            return std::count_if(model.candidates().begin(), model.candidates().end(),
                [](const CandidateScore& c) { return c.spec.writerShare; });
        };
        AutoModel plain;
        plain.setParameters({{"writer_share", 0}});
        plain.fit(writes);
        QCOMPARE(writerCandidates(plain), 0);
        AutoModel model;
        model.fit(writes);
        const auto logScale = std::count_if(
            model.candidates().begin(), model.candidates().end(), [](const CandidateScore& c) {
                return c.spec.scale == ResponseScale::Log && !c.spec.writerShare;
            });
        QCOMPARE(writerCandidates(model), logScale);
        // Each solves its share with the read-time spec auto chooses first for the read times.
        Dataset readTimes = *writes.readTimes;
        readTimes.y = readTimes.y.array().log();
        AutoModel readChoice;
        readChoice.fit(readTimes);
        const nlohmann::json readSpec = readChoice.chosen().front().first.toJson();
        for (const CandidateScore& c : model.candidates())
            if (c.spec.writerShare) {
                QVERIFY(c.spec.otherTimes);
                QVERIFY(c.spec.otherTimes->toJson() == readSpec);
            }
        AutoModel loaded;
        loaded.loadState(model.saveState(), writes.schema);
        QVERIFY(loaded.predict(writes.x).isApprox(model.predict(writes.x), 1e-12));

        Dataset reads = buildDataset(iolens::test::tieredRows(), Metric::RtReadMs);
        reads.y = reads.y.array().log();
        AutoModel readModel;
        readModel.fit(reads);
        QCOMPARE(writerCandidates(readModel), 0);
    }

    // reader_share=1 adds a readers' candidate per log-scale one for read times, solved with
    // auto's first choice for the write times, which round-trip through the model file; by
    // default there are none.
    void readerShare_addsReaderCandidatesForReadTimes()
    {
        Dataset reads = buildDataset(iolens::test::tieredRows(), Metric::RtReadMs);
        reads.y = reads.y.array().log();
        QVERIFY(reads.writeTimes);
        const auto readerCandidates = [](const AutoModel& model) {
            return std::count_if(model.candidates().begin(), model.candidates().end(),
                [](const CandidateScore& c) { return c.spec.readerShare; });
        };
        AutoModel plain;
        plain.fit(reads);
        QCOMPARE(readerCandidates(plain), 0);
        AutoModel model;
        model.setParameters({{"reader_share", 1}});
        model.fit(reads);
        const auto logScale = std::count_if(
            model.candidates().begin(), model.candidates().end(), [](const CandidateScore& c) {
                return c.spec.scale == ResponseScale::Log && !c.spec.readerShare;
            });
        QCOMPARE(readerCandidates(model), logScale);
        Dataset writeTimes = *reads.writeTimes;
        writeTimes.y = writeTimes.y.array().log();
        AutoModel writeChoice;
        writeChoice.fit(writeTimes);
        const nlohmann::json writeSpec = writeChoice.chosen().front().first.toJson();
        for (const CandidateScore& c : model.candidates())
            if (c.spec.readerShare) {
                QVERIFY(c.spec.otherTimes);
                QVERIFY(c.spec.otherTimes->toJson() == writeSpec);
            }
        AutoModel loaded;
        loaded.loadState(model.saveState(), reads.schema);
        QVERIFY(loaded.predict(reads.x).isApprox(model.predict(reads.x), 1e-12));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAutoThreadShares)
#include "test_auto_thread_shares.moc"

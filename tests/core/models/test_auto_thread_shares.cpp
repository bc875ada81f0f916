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
#include <string>

using namespace iolens::core;

namespace {

Dataset loggedTimes(Metric metric)
{
    Dataset times = buildDataset(iolens::test::tieredRows(), metric);
    times.y = times.y.array().log();
    return times;
}

/// Candidates of `model` with the share `flag` (CandidateSpec::writerShare or readerShare).
long shareCandidates(const AutoModel& model, bool CandidateSpec::*flag)
{
    return std::count_if(model.candidates().begin(), model.candidates().end(),
        [&](const CandidateScore& c) { return c.spec.*flag; });
}

/// The response time `own` of fio-tiered with the option `param` (on by default or not) off
/// and on: off, no candidate has `flag`; on, one per log-scale candidate, each solving its share
/// with the spec auto chooses first for the other direction's times, and the model round-trips
/// through its file. QVERIFY returns from here only: the caller checks for a failure.
void checkShareCandidates(
    Metric own, const std::string& param, bool onByDefault, bool CandidateSpec::*flag)
{
    const Dataset times = loggedTimes(own);
    const auto& other = own == Metric::RtWriteMs ? times.readTimes : times.writeTimes;
    QVERIFY(other);
    AutoModel off;
    if (onByDefault)
        off.setParameters({{param, 0}});
    off.fit(times);
    QCOMPARE(shareCandidates(off, flag), 0L);
    AutoModel on;
    if (!onByDefault)
        on.setParameters({{param, 1}});
    on.fit(times);
    const auto logScale = std::count_if(
        on.candidates().begin(), on.candidates().end(), [&](const CandidateScore& c) {
            return c.spec.scale == ResponseScale::Log && !(c.spec.*flag);
        });
    QCOMPARE(shareCandidates(on, flag), static_cast<long>(logScale));
    Dataset otherTimes = *other;
    otherTimes.y = otherTimes.y.array().log();
    AutoModel otherChoice;
    otherChoice.fit(otherTimes);
    const nlohmann::json otherSpec = otherChoice.chosen().front().first.toJson();
    for (const CandidateScore& c : on.candidates())
        if (c.spec.*flag) {
            QVERIFY(c.spec.otherTimes);
            QVERIFY(c.spec.otherTimes->toJson() == otherSpec);
        }
    AutoModel loaded;
    loaded.loadState(on.saveState(), times.schema);
    QVERIFY(loaded.predict(times.x).isApprox(on.predict(times.x), 1e-12));
}

} // namespace

class TestAutoThreadShares : public QObject {
    Q_OBJECT
private slots:
    // writer_share (on by default) adds a writers' candidate per log-scale one for write times,
    // solved with auto's first choice for the read times, which round-trip through the model
    // file; writer_share=0 leaves them out, and nothing changes for read times.
    void writerShare_addsWriterCandidatesForWriteTimes()
    {
        checkShareCandidates(Metric::RtWriteMs, "writer_share", true, &CandidateSpec::writerShare);
        if (QTest::currentTestFailed())
            return;
        AutoModel readModel;
        readModel.fit(loggedTimes(Metric::RtReadMs));
        QCOMPARE(shareCandidates(readModel, &CandidateSpec::writerShare), 0L);
    }

    // reader_share=1 adds a readers' candidate per log-scale one for read times, solved with
    // auto's first choice for the write times, which round-trip through the model file; by
    // default there are none.
    void readerShare_addsReaderCandidatesForReadTimes()
    {
        checkShareCandidates(Metric::RtReadMs, "reader_share", false, &CandidateSpec::readerShare);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAutoThreadShares)
#include "test_auto_thread_shares.moc"

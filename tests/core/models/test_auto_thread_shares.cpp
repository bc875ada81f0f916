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
#include <limits>
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
/// and on: off, no candidate has `flag`; on, one per log-scale candidate on `sets` of the
/// feature sets (all of them if there are fewer), each solving its share with the spec auto
/// chooses first for the other direction's times, and the model round-trips through its file;
/// the other direction's time gets none. QVERIFY returns from here only.
void checkShareCandidates(Metric own, const std::string& param, bool onByDefault,
    bool CandidateSpec::*flag, std::size_t sets)
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
    std::vector<FeatureSet> logSets, shareSets;
    for (const CandidateScore& c : on.candidates()) {
        auto& found = c.spec.*flag ? shareSets : logSets;
        if (c.spec.scale == ResponseScale::Log
            && std::find(found.begin(), found.end(), c.spec.features) == found.end())
            found.push_back(c.spec.features);
    }
    QCOMPARE(shareSets.size(), std::min(sets, logSets.size()));
    const auto logScale = std::count_if(
        on.candidates().begin(), on.candidates().end(), [&](const CandidateScore& c) {
            return c.spec.scale == ResponseScale::Log && !(c.spec.*flag)
                && std::find(shareSets.begin(), shareSets.end(), c.spec.features)
                != shareSets.end();
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
    // The other direction's response time, with its own other times, gets none of them.
    AutoModel otherModel;
    otherModel.fit(loggedTimes(own == Metric::RtWriteMs ? Metric::RtReadMs : Metric::RtWriteMs));
    QCOMPARE(shareCandidates(otherModel, flag), 0L);
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
        checkShareCandidates(Metric::RtWriteMs, "writer_share", true, &CandidateSpec::writerShare,
            std::numeric_limits<std::size_t>::max());
    }

    // reader_share (on by default) adds a readers' candidate per log-scale one on the eight
    // best-ranked feature sets for read times, solved with auto's first choice for the write
    // times, which round-trip through the model file; reader_share=0 leaves them out, and
    // nothing changes for write times.
    void readerShare_addsReaderCandidatesForReadTimes()
    {
        checkShareCandidates(Metric::RtReadMs, "reader_share", true, &CandidateSpec::readerShare,
            AutoModel::kReaderShareSets);
    }

    // Ranked on a sample of a large dataset (AutoBudget), read times get no readers' candidates,
    // as they get no residual smoothing; write times keep their writers' candidates.
    void sampledRanking_triesNoReaderCandidates()
    {
        AutoBudget budget;
        budget.selectionRows = 60;
        const Dataset reads = loggedTimes(Metric::RtReadMs);
        QVERIFY(reads.rows() > budget.selectionRows);
        AutoModel sampled(budget);
        sampled.fit(reads);
        QCOMPARE(sampled.rankedRows(), budget.selectionRows);
        QCOMPARE(shareCandidates(sampled, &CandidateSpec::readerShare), 0L);
        AutoModel writes(budget);
        writes.fit(loggedTimes(Metric::RtWriteMs));
        QVERIFY(shareCandidates(writes, &CandidateSpec::writerShare) > 0);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAutoThreadShares)
#include "test_auto_thread_shares.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/metric.hpp"
#include "models/auto_candidate.hpp"
#include "models/writer_share.hpp"
#include "support/grid_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

/// A time that falls by 2 ms per GiB of file set, 10 ms at none: measured 1-4 GiB, where it
/// stays positive; a straight line through it crosses zero at 5 GiB.
iolens::test::GridSpec fallingGrid()
{
    iolens::test::GridSpec spec;
    spec.requestKib = {4, 16, 64};
    spec.filesetMib = {1024, 2048, 3072, 4096};
    spec.readPct = {100};
    spec.metric = [](const Configuration& c) {
        return 10.0 - 2.0 * numericValue(c, Factor::FilesetBytes) / 1024.0;
    };
    return spec;
}

/// The data's configuration at row `row` with its file set set to `mib`, encoded.
Eigen::MatrixXd withFileset(const Dataset& data, Eigen::Index row, double mib)
{
    Configuration c = data.configs[static_cast<std::size_t>(row)];
    setNumericValue(c, Factor::FilesetBytes, mib);
    return data.schema.encode({c});
}

AutoCandidate rawLm(const Dataset& data)
{
    AutoCandidate candidate({"lm", ResponseScale::Raw, FeatureSet {}, false, {}});
    candidate.fit(data);
    return candidate;
}

/// A closed workload whose time in one direction grows with the share of threads in it, the
/// other's does not: the other time 2 ms sqrt(request KiB) (file set / 256 MiB)^0.3 and the
/// shared one 20 ms s^0.8 request^0.2 at the share s its own times give (solved per
/// configuration; the readers' share is the writers' with the directions swapped). Writers
/// (a write-back cache drains slower than writers fill it) or, with `readersShare`, readers
/// (the times swapped: 20 ms for the writes, 2 ms for the reads). Request sizes 4-64 KiB,
/// file sets 256 MiB-4 GiB, `readPcts`.
std::vector<AggregatedMeasurement> closedMix(
    const std::vector<double>& readPcts, bool readersShare = false)
{
    const double otherScale = readersShare ? 20.0 : 2.0;
    const double sharedScale = readersShare ? 2.0 : 20.0;
    std::vector<AggregatedMeasurement> rows;
    for (double kib : {4.0, 16.0, 64.0})
        for (double mib : {256.0, 1024.0, 4096.0})
            for (double pct : readPcts) {
                AggregatedMeasurement m;
                setNumericValue(m.config, Factor::RequestBytes, kib);
                setNumericValue(m.config, Factor::FilesetBytes, mib);
                m.config.readPct = pct;
                m.repetitions = 1;
                const double otherMs = otherScale * std::sqrt(kib) * std::pow(mib / 256.0, 0.3);
                const auto logSharedMs
                    = [&](const std::vector<Eigen::Index>&, const Eigen::VectorXd& t) {
                          return Eigen::VectorXd((std::log(sharedScale * std::pow(kib, 0.2))
                              + 0.8 * std::log(2.0) * t.array())
                                                     .matrix());
                      };
                const double otherShare = readersShare ? 1.0 - pct / 100.0 : pct / 100.0;
                const double t = solveWriterShareLog2(Eigen::ArrayXd::Constant(1, otherShare),
                    Eigen::ArrayXd::Constant(1, otherMs), logSharedMs)(0);
                const double sharedMs
                    = std::exp(logSharedMs({0}, Eigen::VectorXd::Constant(1, t))(0));
                if (pct > 0.0)
                    m.mean[metricIndex(Metric::RtReadMs)] = readersShare ? sharedMs : otherMs;
                if (pct < 100.0)
                    m.mean[metricIndex(Metric::RtWriteMs)] = readersShare ? otherMs : sharedMs;
                rows.push_back(m);
            }
    return rows;
}

/// Mean relative error of `candidate` (fitted on `train`'s `metric`) on `test`'s.
double timeError(AutoCandidate& candidate, const std::vector<AggregatedMeasurement>& train,
    const std::vector<AggregatedMeasurement>& test, Metric metric)
{
    Dataset data = buildDataset(train, metric);
    data.y = data.y.array().log();
    candidate.fit(data);
    const Dataset asked = buildDataset(test, metric);
    const Eigen::VectorXd predicted
        = candidate.predict(data.schema.encode(asked.configs)).array().exp();
    return ((predicted - asked.y).array() / asked.y.array()).abs().mean();
}

const CandidateSpec kPlainLm {"lm", ResponseScale::Log, FeatureSet {true}, false, {}};
const CandidateSpec kWritersLm {"lm", ResponseScale::Log, FeatureSet {true}, false, {}, true};
const CandidateSpec kReadersLm {
    "lm", ResponseScale::Log, FeatureSet {true}, false, {}, false, true};

} // namespace

class TestAutoCandidate : public QObject {
    Q_OBJECT
private slots:
    // Inside the measured ranges the raw line is the answer; beyond them, where it falls below
    // the smallest measurement, the answer at the nearest measured point, not the floor.
    void rawLineBeyondTheRanges_answersAtTheNearestMeasuredPoint()
    {
        const Dataset data = iolens::test::gridDataset(fallingGrid());
        const AutoCandidate candidate = rawLm(data);
        const double at3 = std::exp(candidate.predict(withFileset(data, 0, 3072))(0));
        QVERIFY2(std::abs(at3 - 4.0) < 1e-6, std::to_string(at3).c_str());
        const double at4 = std::exp(candidate.predict(withFileset(data, 0, 4096))(0));
        const double at8 = std::exp(candidate.predict(withFileset(data, 0, 8192))(0));
        QVERIFY2(std::abs(at8 - at4) < 1e-9, std::to_string(at8).c_str());
        QVERIFY(std::abs(at4 - 2.0) < 1e-6);
        // Below the range the line rises: taken as it is.
        const double at512 = std::exp(candidate.predict(withFileset(data, 0, 512))(0));
        QVERIFY2(std::abs(at512 - 9.0) < 1e-6, std::to_string(at512).c_str());
    }

    // A raw line that crosses zero inside the data says so (AutoModel then does not keep it):
    // 0.01 ms at 1-3 GiB and 100 ms at 4 GiB, the line through them -20 ms at 1 GiB. On the
    // log scale, or where the line stays positive over the rows, it does not.
    void rawLineBelowZeroAtATrainingRow_isFlagged()
    {
        iolens::test::GridSpec spec = fallingGrid();
        spec.metric = [](const Configuration& c) {
            return numericValue(c, Factor::FilesetBytes) > 3072.0 ? 100.0 : 0.01;
        };
        const Dataset cliff = iolens::test::gridDataset(spec);
        QVERIFY(rawLm(cliff).answersFloorAt(cliff.x));
        AutoCandidate logLm({"lm", ResponseScale::Log, FeatureSet {}, false, {}});
        logLm.fit(cliff);
        QVERIFY(!logLm.answersFloorAt(cliff.x));
        const Dataset falling = iolens::test::gridDataset(fallingGrid());
        QVERIFY(!rawLm(falling).answersFloorAt(falling.x));
        // Beyond the data the same line does cross zero (at 5 GiB), which the question asks
        // before the guard above a range.
        QVERIFY(rawLm(falling).answersFloorAt(withFileset(falling, 0, 6144)));
    }

    // The guard is part of the state; a state written before it (no "ranges") answers as it
    // did: the line's negative value floored, then clamped to the training range widened by a
    // factor 2, here half the smallest measurement (2 ms).
    void savedState_keepsTheGuardAndOldFilesKeepTheirAnswers()
    {
        const Dataset data = iolens::test::gridDataset(fallingGrid());
        const AutoCandidate candidate = rawLm(data);
        const Eigen::MatrixXd far = withFileset(data, 0, 8192);
        nlohmann::json state = candidate.saveState();
        AutoCandidate loaded({"lm", ResponseScale::Raw, FeatureSet {}, false, {}});
        loaded.loadState(state, data.schema);
        QCOMPARE(loaded.predict(far)(0), candidate.predict(far)(0));
        state.erase("ranges");
        state.erase("smallest");
        AutoCandidate old({"lm", ResponseScale::Raw, FeatureSet {}, false, {}});
        old.loadState(state, data.schema);
        QVERIFY(std::abs(std::exp(old.predict(far)(0)) - 1.0) < 1e-9);
        state["ranges"] = nlohmann::json::array({nlohmann::json::array({99, 0.0, 1.0})});
        QVERIFY_THROWS_EXCEPTION(DataError, old.loadState(state, data.schema));
    }

    // log2_only travels with the spec; files before it have none; an unknown name is refused.
    void spec_keepsItsLog2OnlySizes()
    {
        const CandidateSpec spec {"lm", ResponseScale::Log, FeatureSet {true}, false,
            {Factor::RequestBytes, Factor::Threads}};
        QVERIFY(CandidateSpec::fromJson(spec.toJson()).log2Only == spec.log2Only);
        QCOMPARE(spec.label(), std::string("lm log log2"));
        nlohmann::json json = spec.toJson();
        json.erase("log2_only");
        QVERIFY(CandidateSpec::fromJson(json).log2Only.empty());
        json["log2_only"] = {"vms"};
        QVERIFY_THROWS_EXCEPTION(DataError, CandidateSpec::fromJson(json));
    }

    // Trained on 0, 50 and 75 % reads, asked for 25 %: the writers' share carries the mix's
    // effect on the write time, where read_pct alone draws a line through a curve.
    void writerShare_predictsAWriteTimeThatFollowsTheWriters()
    {
        const auto train = closedMix({0, 50, 75, 100});
        const auto test = closedMix({25});
        AutoCandidate writers(kWritersLm), plain(kPlainLm);
        const double writersError = timeError(writers, train, test, Metric::RtWriteMs);
        const double plainError = timeError(plain, train, test, Metric::RtWriteMs);
        QVERIFY2(writersError < 0.01, std::to_string(writersError).c_str());
        QVERIFY2(plainError > 5.0 * writersError, std::to_string(plainError).c_str());
        QCOMPARE(writers.spec().label(), std::string("lm log log2 writers"));
    }

    // Its read-time model and the share's range are part of the state; the spec says which.
    void writerShare_savedStateAnswersTheSame()
    {
        const auto train = closedMix({0, 25, 50, 100});
        AutoCandidate writers(kWritersLm);
        Dataset data = buildDataset(train, Metric::RtWriteMs);
        data.y = data.y.array().log();
        writers.fit(data);
        const Eigen::MatrixXd asked
            = data.schema.encode(buildDataset(closedMix({75}), Metric::RtWriteMs).configs);
        AutoCandidate loaded(kPlainLm);
        loaded.loadState(writers.saveState(), data.schema);
        QVERIFY(loaded.spec().writerShare);
        QVERIFY(loaded.predict(asked).isApprox(writers.predict(asked), 1e-12));
        QVERIFY(!CandidateSpec::fromJson(kPlainLm.toJson()).writerShare);
        nlohmann::json raw = kWritersLm.toJson();
        raw["scale"] = "raw";
        QVERIFY_THROWS_EXCEPTION(DataError, CandidateSpec::fromJson(raw));
    }

    // The read-time model the share is solved with has the spec named by otherTimes (auto's
    // choice for the read times), not the candidate's own; it travels with the spec and the
    // state, and an other_times that is itself a share candidate, or without writer_share, is
    // refused.
    void writerShare_solvesWithTheReadSpecItIsGiven()
    {
        CandidateSpec spec = kWritersLm;
        spec.otherTimes = std::make_shared<const CandidateSpec>(
            CandidateSpec {"cart", ResponseScale::Raw, FeatureSet {}, false, {}});
        Dataset data = buildDataset(closedMix({0, 25, 50, 100}), Metric::RtWriteMs);
        data.y = data.y.array().log();
        AutoCandidate writers(spec), own(kWritersLm);
        writers.fit(data);
        own.fit(data);
        const nlohmann::json state = writers.saveState();
        QVERIFY(state.at("reads").at("spec") == spec.otherTimes->toJson());
        QVERIFY(own.saveState().at("reads").at("spec").at("technique") == "lm");
        const Eigen::MatrixXd asked
            = data.schema.encode(buildDataset(closedMix({75}), Metric::RtWriteMs).configs);
        // A tree's read times (steps) and lm's exact ones give different shares.
        QVERIFY(!writers.predict(asked).isApprox(own.predict(asked), 1e-6));
        AutoCandidate loaded(kPlainLm);
        loaded.loadState(state, data.schema);
        QVERIFY(loaded.spec().otherTimes);
        QCOMPARE(loaded.spec().otherTimes->technique, std::string("cart"));
        QVERIFY(loaded.predict(asked).isApprox(writers.predict(asked), 1e-12));

        nlohmann::json json = spec.toJson();
        json["other_times"]["writer_share"] = true;
        QVERIFY_THROWS_EXCEPTION(DataError, CandidateSpec::fromJson(json));
        json = spec.toJson();
        json["writer_share"] = false;
        QVERIFY_THROWS_EXCEPTION(DataError, CandidateSpec::fromJson(json));
        json = spec.toJson();
        json.erase("other_times");
        QVERIFY(!CandidateSpec::fromJson(json).otherTimes);
    }

    // Its answers are remembered for the same configurations (a thread-share candidate's always,
    // a plain one's for a sweep's few rows), and forgotten on a refit: refitted on other data it
    // answers as a candidate fitted on that data alone. Other rows asked in between get their
    // own answers.
    void refitForgetsTheLastAnswer_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("writers' share, lm") << "writers";
        QTest::newRow("plain lm") << "lm";
        QTest::newRow("cubist raw") << "cubist";
    }

    void refitForgetsTheLastAnswer()
    {
        QFETCH(QString, kind);
        const CandidateSpec spec = kind == "writers" ? kWritersLm
            : kind == "lm"                           ? kPlainLm
                           : CandidateSpec {"cubist", ResponseScale::Raw, FeatureSet {}, false, {}};
        Dataset first = buildDataset(closedMix({0, 25, 50, 100}), Metric::RtWriteMs);
        first.y = first.y.array().log();
        if (spec.scale == ResponseScale::Raw)
            first.y = first.y.array().exp();
        Dataset second = first;
        second.y.array() *= 1.5;
        AutoCandidate candidate(spec), fresh(spec);
        candidate.fit(first);
        const Eigen::MatrixXd asked = first.x;
        const Eigen::VectorXd before = candidate.predict(asked);
        QVERIFY(candidate.predict(asked) == before);
        const Eigen::MatrixXd fewer = asked.topRows(3);
        QVERIFY(candidate.predict(fewer) == before.head(3));
        QVERIFY(candidate.predict(asked) == before);
        candidate.fit(second);
        fresh.fit(second);
        QVERIFY(candidate.predict(asked).isApprox(fresh.predict(asked), 1e-12));
        QVERIFY(!candidate.predict(asked).isApprox(before, 1e-3));
    }

    // The readers' share, the mirror: trained on 25, 50 and 100 % reads, asked for 75 %, it
    // carries the mix's effect on the read time; its write model travels under "writes"; and it
    // needs read times beside their write times.
    void readerShare_predictsAReadTimeThatFollowsTheReaders()
    {
        const auto train = closedMix({0, 25, 50, 100}, true);
        const auto test = closedMix({75}, true);
        AutoCandidate readers(kReadersLm), plain(kPlainLm);
        const double readersError = timeError(readers, train, test, Metric::RtReadMs);
        const double plainError = timeError(plain, train, test, Metric::RtReadMs);
        QVERIFY2(readersError < 0.01, std::to_string(readersError).c_str());
        QVERIFY2(plainError > 5.0 * readersError, std::to_string(plainError).c_str());
        QCOMPARE(readers.spec().label(), std::string("lm log log2 readers"));

        const nlohmann::json state = readers.saveState();
        QVERIFY(state.contains("writes") && !state.contains("reads"));
        Dataset data = buildDataset(train, Metric::RtReadMs);
        const Eigen::MatrixXd asked
            = data.schema.encode(buildDataset(test, Metric::RtReadMs).configs);
        AutoCandidate loaded(kPlainLm);
        loaded.loadState(state, data.schema);
        QVERIFY(loaded.spec().readerShare && !loaded.spec().writerShare);
        QVERIFY(loaded.predict(asked).isApprox(readers.predict(asked), 1e-12));
        nlohmann::json both = kReadersLm.toJson();
        both["writer_share"] = true;
        QVERIFY_THROWS_EXCEPTION(DataError, CandidateSpec::fromJson(both));
        // A plain spec's file has no reader_share key: older builds read it as before.
        QVERIFY(!kPlainLm.toJson().contains("reader_share"));

        data.y = data.y.array().log();
        data.writeTimes.reset();
        AutoCandidate withoutWrites(kReadersLm);
        QVERIFY_THROWS_EXCEPTION(DataError, withoutWrites.fit(data));
        Dataset writes = buildDataset(train, Metric::RtWriteMs);
        writes.y = writes.y.array().log();
        QVERIFY_THROWS_EXCEPTION(DataError, withoutWrites.fit(writes));
    }

    // Without the read times of its configurations (or on read times) it cannot say who writes.
    void writerShare_refusesDataWithoutReadTimes()
    {
        Dataset data = buildDataset(closedMix({0, 25, 50}), Metric::RtWriteMs);
        data.y = data.y.array().log();
        data.readTimes.reset();
        AutoCandidate writers(kWritersLm);
        QVERIFY_THROWS_EXCEPTION(DataError, writers.fit(data));
        Dataset reads = buildDataset(closedMix({25, 50, 100}), Metric::RtReadMs);
        reads.y = reads.y.array().log();
        QVERIFY_THROWS_EXCEPTION(DataError, writers.fit(reads));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAutoCandidate)
#include "test_auto_candidate.moc"

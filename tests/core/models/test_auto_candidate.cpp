// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/auto_candidate.hpp"
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
};

IOLENS_TEST_GUILESS_MAIN(TestAutoCandidate)
#include "test_auto_candidate.moc"

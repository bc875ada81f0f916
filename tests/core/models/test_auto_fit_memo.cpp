// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/auto_fit_memo.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <atomic>
#include <functional>
#include <thread>

using namespace iolens::core;

namespace {

Dataset smallData(double last)
{
    std::vector<Configuration> configs(3);
    for (std::size_t i = 0; i < configs.size(); ++i)
        configs[i].requestBytes = 4096 << i;
    Dataset data;
    data.schema = FeatureSchema::fromConfigurations(configs);
    data.x = data.schema.encode(configs);
    data.y = Eigen::Vector3d(1.0, 2.0, last);
    return data;
}

/// A fit that counts its calls into `calls` and fits nothing.
std::function<AutoFitMemo::Fitted()> countingFit(int& calls)
{
    return [&calls] {
        ++calls;
        return AutoFitMemo::Fitted {};
    };
}

} // namespace

class TestAutoFitMemo : public QObject {
    Q_OBJECT
private slots:
    void fitted_runsEachFitOncePerData()
    {
        AutoFitMemo memo;
        int calls = 0;
        const auto fit = [&] {
            ++calls;
            FitReport report;
            report.rows = calls;
            return AutoFitMemo::Fitted {nullptr, report};
        };
        QCOMPARE(memo.fitted("a", smallData(3.0), fit).report.rows, 1);
        QCOMPARE(memo.fitted("a", smallData(3.0), fit).report.rows, 1); // remembered
        QCOMPARE(calls, 1);
        QCOMPARE(memo.fitted("a", smallData(3.5), fit).report.rows, 2); // other y
        QCOMPARE(memo.fitted("b", smallData(3.0), fit).report.rows, 3); // other settings
        QCOMPARE(calls, 3);
    }

    // The same write rows beside other read times (the writers' share fits on them) are another
    // fit; the same read times again are remembered.
    void fitted_tellsDataApartByItsReadTimes()
    {
        AutoFitMemo memo;
        int calls = 0;
        const auto fit = countingFit(calls);
        Dataset withReads = smallData(3.0);
        withReads.readTimes = std::make_shared<const Dataset>(smallData(7.0));
        memo.fitted("a", smallData(3.0), fit);
        memo.fitted("a", withReads, fit);
        QCOMPARE(calls, 2);
        Dataset otherReads = smallData(3.0);
        otherReads.readTimes = std::make_shared<const Dataset>(smallData(8.0));
        memo.fitted("a", otherReads, fit);
        QCOMPARE(calls, 3);
        memo.fitted("a", withReads, fit);
        QCOMPARE(calls, 3);
    }

    // The same rows under a schema with other numeric ranges (a rate's times carry the rate's
    // read shares, the time's own model its rows') are the same fit; other fixed values are not.
    void fitted_ignoresTheSchemasRanges()
    {
        AutoFitMemo memo;
        int calls = 0;
        const auto fit = countingFit(calls);
        const Dataset data = smallData(3.0);
        nlohmann::json json = data.schema.toJson();
        json["columns"][0]["max"] = 1e9;
        Dataset otherRange = data;
        otherRange.schema = FeatureSchema::fromJson(json);
        memo.fitted("a", data, fit);
        memo.fitted("a", otherRange, fit);
        QCOMPARE(calls, 1);
        json["fixed"]["threads"] = 64;
        Dataset otherFixed = data;
        otherFixed.schema = FeatureSchema::fromJson(json);
        memo.fitted("a", otherFixed, fit);
        QCOMPARE(calls, 2);
    }

    void fitted_rethrowsTheFitsError()
    {
        AutoFitMemo memo;
        int calls = 0;
        const auto fail = [&]() -> AutoFitMemo::Fitted {
            ++calls;
            throw DataError("no levels");
        };
        QVERIFY_THROWS_EXCEPTION(DataError, memo.fitted("a", smallData(3.0), fail));
        QVERIFY_THROWS_EXCEPTION(DataError, memo.fitted("a", smallData(3.0), fail));
        QCOMPARE(calls, 1);
    }

    // Threads asking for the same fit at once: one computes, the others wait for it.
    void fitted_computesOnceForConcurrentCallers()
    {
        AutoFitMemo memo;
        std::atomic<int> calls {0};
        const auto slow = [&] {
            ++calls;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            return AutoFitMemo::Fitted {};
        };
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&] { memo.fitted("a", smallData(3.0), slow); });
        for (std::thread& t : threads)
            t.join();
        QCOMPARE(calls.load(), 1);
    }

    void fitted_dropsTheOldestBeyondItsBound()
    {
        AutoFitMemo memo;
        int calls = 0;
        const auto fit = countingFit(calls);
        for (std::size_t k = 0; k <= AutoFitMemo::kEntries; ++k)
            memo.fitted(std::to_string(k), smallData(3.0), fit);
        memo.fitted("0", smallData(3.0), fit); // the first was dropped: fitted again
        QCOMPARE(calls, static_cast<int>(AutoFitMemo::kEntries) + 2);
    }

    // Large folds: the keys' values are bounded too, so fewer of them are kept.
    void fitted_keepsLargeKeysWithinItsValueBound()
    {
        AutoFitMemo memo;
        int calls = 0;
        const auto fit = countingFit(calls);
        Dataset large;
        large.schema = smallData(3.0).schema;
        const auto rows = static_cast<Eigen::Index>(AutoFitMemo::kKeyValues / 4);
        large.x = Eigen::MatrixXd::Zero(rows, 1);
        large.y = Eigen::VectorXd::Zero(rows);
        for (int k = 0; k < 4; ++k)
            memo.fitted(std::to_string(k), large, fit); // each key is half the bound: two kept
        memo.fitted("3", large, fit);
        QCOMPARE(calls, 4);
        memo.fitted("0", large, fit);
        QCOMPARE(calls, 5);
        // One key larger than the bound is still remembered while it is the only one.
        Dataset huge = large;
        huge.y = Eigen::VectorXd::Ones(rows * 4);
        huge.x = Eigen::MatrixXd::Zero(rows * 4, 1);
        memo.fitted("h", huge, fit);
        memo.fitted("h", huge, fit);
        QCOMPARE(calls, 6);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAutoFitMemo)
#include "test_auto_fit_memo.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/derived_features.hpp"
#include "support/grid_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;
using iolens::test::GridSpec;

namespace {

iolens::core::Dataset smallGrid()
{
    GridSpec spec;
    spec.requestKib = {4, 64};
    spec.filesetMib = {256, 4096};
    spec.readPct = {50};
    spec.metric = [](const Configuration&) { return 1.0; };
    return iolens::test::gridDataset(spec);
}

} // namespace

class TestDerivedFeatures : public QObject {
    Q_OBJECT
private slots:
    void augment_appendsLogSizesAndHitRatio()
    {
        const Dataset data = smallGrid(); // columns fileset_mib, request_kib
        const FeatureSet set {true, 1024.0};
        const FeatureSchema schema = augmentSchema(data.schema, set);
        QCOMPARE(schema.size(), std::size_t {5});
        QCOMPARE(schema.columns()[2].name(), std::string("log2_request_kib"));
        QCOMPARE(schema.columns()[3].name(), std::string("log2_fileset_mib"));
        QCOMPARE(schema.columns()[4].name(), std::string("cache_hit_ratio"));
        QCOMPARE(schema.columns()[4].minValue, 0.25); // 1 GiB of a 4 GiB file set
        QCOMPARE(schema.columns()[4].maxValue, 1.0);
        const Eigen::MatrixXd x = augmentFeatures(data.x, data.schema, set);
        QCOMPARE(x.cols(), Eigen::Index {5});
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            QCOMPARE(x(i, 2), std::log2(x(i, 1)));
            QCOMPARE(x(i, 3), std::log2(x(i, 0)));
            QCOMPARE(x(i, 4), std::min(1.0, 1024.0 / x(i, 0)));
        }
        // Derived columns are not read from configurations, and the schema says so.
        QVERIFY_THROWS_EXCEPTION(StateError, schema.encode(data.configs));
        QVERIFY(schema.fixedFactors() == data.schema.fixedFactors());
        QVERIFY(FeatureSchema::fromJson(schema.toJson()).columns()[4].derived());
    }

    // A size in log2Only enters through its log2 alone, also in a set without log2 sizes; only
    // sizes with two levels in x are named by twoLevelSizes.
    void log2Only_replacesTheSizeColumnByItsLog2()
    {
        const Dataset data = smallGrid(); // columns fileset_mib, request_kib: two levels each
        QVERIFY(twoLevelSizes(data.schema, data.x)
            == (std::vector<Factor> {Factor::RequestBytes, Factor::FilesetBytes}));
        const std::vector<Factor> log2Only {Factor::RequestBytes};
        const FeatureSchema plain = augmentSchema(data.schema, FeatureSet {}, log2Only);
        QCOMPARE(plain.size(), std::size_t {2});
        QCOMPARE(plain.columns()[0].name(), std::string("fileset_mib"));
        QCOMPARE(plain.columns()[1].name(), std::string("log2_request_kib"));
        const Eigen::MatrixXd x = augmentFeatures(data.x, data.schema, FeatureSet {}, log2Only);
        QCOMPARE(x.cols(), Eigen::Index {2});
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            QCOMPARE(x(i, 0), data.x(i, 0));
            QCOMPARE(x(i, 1), std::log2(data.x(i, 1)));
        }
        const FeatureSet logged {true, 1024.0};
        const FeatureSchema both = augmentSchema(data.schema, logged, log2Only);
        QCOMPARE(both.size(), std::size_t {4}); // fileset_mib, its log2, request's log2, cache
        QCOMPARE(both.columns()[1].name(), std::string("log2_request_kib"));
        QCOMPARE(augmentFeatures(data.x, data.schema, logged, log2Only).cols(), Eigen::Index {4});
        GridSpec three;
        three.requestKib = {4, 16, 64};
        three.filesetMib = {256, 4096};
        three.readPct = {50};
        three.metric = [](const Configuration&) { return 1.0; };
        const Dataset threeSizes = iolens::test::gridDataset(three);
        QVERIFY(twoLevelSizes(threeSizes.schema, threeSizes.x)
            == std::vector<Factor> {Factor::FilesetBytes});
    }

    // cacheOnly: the file set enters through the cache column alone, so neither its own column
    // nor its log2 is there; the request size keeps both.
    void cacheOnly_replacesTheFileSetColumn()
    {
        const Dataset data = smallGrid(); // columns fileset_mib, request_kib
        const FeatureSet set {true, 1024.0, 1.0 / 256.0, true};
        QCOMPARE(set.label(), std::string("log2+miss-only 1 GiB 1:256"));
        const FeatureSchema schema = augmentSchema(data.schema, set);
        QCOMPARE(schema.size(), std::size_t {3});
        QCOMPARE(schema.columns()[0].name(), std::string("request_kib"));
        QCOMPARE(schema.columns()[1].name(), std::string("log2_request_kib"));
        QCOMPARE(schema.columns()[2].name(), std::string("cache_miss_log2"));
        const Eigen::MatrixXd x = augmentFeatures(data.x, data.schema, set);
        QCOMPARE(x.cols(), Eigen::Index {3});
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            QCOMPARE(x(i, 0), data.x(i, 1));
            QCOMPARE(x(i, 1), std::log2(data.x(i, 1)));
            const double hit = std::min(1.0, 1024.0 / data.x(i, 0));
            QCOMPARE(x(i, 2), std::log2(1.0 - hit * (1.0 - 1.0 / 256.0)));
        }
        // It travels in model files; files without the field read as beside the column.
        QVERIFY(FeatureSet::fromJson(set.toJson()) == set);
        nlohmann::json old = set.toJson();
        old.erase("cache_only");
        QVERIFY(!FeatureSet::fromJson(old).cacheOnly);
        // Without a cache size there is nothing to replace the column with.
        QCOMPARE(
            augmentSchema(data.schema, FeatureSet {true, 0.0, 0.0, true}).size(), std::size_t {4});
        QVERIFY_THROWS_EXCEPTION(ConfigError, data.schema.withoutColumn(2));
    }

    void logThreads_appendsLog2ThreadsWhereThreadsVary()
    {
        GridSpec spec;
        spec.requestKib = {4, 64};
        spec.filesetMib = {256};
        spec.readPct = {50};
        spec.threads = {1, 8, 64};
        spec.metric = [](const Configuration&) { return 1.0; };
        const Dataset data = iolens::test::gridDataset(spec); // columns request_kib, threads
        FeatureSet set {true};
        QCOMPARE(augmentSchema(data.schema, set).size(), std::size_t {3}); // log2 request only
        set.logThreads = true;
        const FeatureSchema schema = augmentSchema(data.schema, set);
        QCOMPARE(schema.size(), std::size_t {4});
        QCOMPARE(schema.columns()[3].name(), std::string("log2_threads"));
        QCOMPARE(schema.columns()[3].maxValue, 6.0);
        const Eigen::MatrixXd x = augmentFeatures(data.x, data.schema, set);
        const Eigen::Index threads = data.schema.numericColumn(Factor::Threads);
        for (Eigen::Index i = 0; i < x.rows(); ++i)
            QCOMPARE(x(i, 3), std::log2(data.x(i, threads)));
        QCOMPARE(set.label(), std::string("log2+threads"));
        QVERIFY(FeatureSet::fromJson(set.toJson()) == set);
        // A file written before the option: its log2 sets did not take the threads' log.
        nlohmann::json old = set.toJson();
        old.erase("log_threads");
        QVERIFY(!FeatureSet::fromJson(old).logThreads);
        // Where threads are fixed (the shared data sets), the option changes no column.
        QCOMPARE(augmentSchema(smallGrid().schema, set).size(), std::size_t {4});
    }

    void plainSet_changesNothing()
    {
        const Dataset data = smallGrid();
        QVERIFY(augmentFeatures(data.x, data.schema, {}) == data.x);
        QCOMPARE(FeatureSet {}.label(), std::string("plain"));
        QCOMPARE((FeatureSet {true, 1448.0}.label()), std::string("log2+cache 1.41 GiB"));
    }

    void cacheCandidates_spanTheMeasuredFileSets()
    {
        Eigen::VectorXd fileset(4);
        fileset << 256, 1024, 4096, 1024;
        const std::vector<double> c = cacheSizeCandidates(fileset, 2);
        QCOMPARE(c.size(), std::size_t {8}); // 4 doublings, 2 steps each, the largest excluded
        QCOMPARE(c.front(), 256.0);
        QCOMPARE(c[2], 512.0);
        QVERIFY(c.back() < 4096.0);
        QVERIFY(cacheSizeCandidates(Eigen::VectorXd::Constant(3, 512.0), 2).empty());
    }

    void missingSizeColumn_isRejected()
    {
        GridSpec spec;
        spec.requestKib = {4, 64};
        spec.filesetMib = {256};
        spec.readPct = {0, 100};
        spec.metric = [](const Configuration&) { return 1.0; };
        const Dataset data = iolens::test::gridDataset(spec);
        QVERIFY(!applicable(data.schema, {false, 512.0}));
        QVERIFY(applicable(data.schema, {true, 0.0}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, augmentSchema(data.schema, {true, 512.0}));
    }
    void missColumn_isLogOfTheMissShareOfTheMixture()
    {
        const Dataset data = smallGrid(); // file sets 256 MiB (fits 1 GiB) and 4 GiB
        const FeatureSet set {false, 1024.0, 1.0 / 256.0};
        const FeatureSchema schema = augmentSchema(data.schema, set);
        QCOMPARE(schema.columns()[2].name(), std::string("cache_miss_log2"));
        const Eigen::MatrixXd x = augmentFeatures(data.x, data.schema, set);
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            // All hits: the mixture is rho T_miss, log2 rho = -8. A quarter hits: 1 - 0.25 (1 -
            // rho).
            const double expected
                = x(i, 0) <= 1024.0 ? -8.0 : std::log2(1.0 - 0.25 * (255.0 / 256.0));
            QCOMPARE(x(i, 2), expected);
        }
        QCOMPARE(schema.columns()[2].minValue, -8.0);
        QVERIFY(schema.columns()[2].maxValue > -0.5 && schema.columns()[2].maxValue < 0.0);
        QCOMPARE(set.label(), std::string("plain+miss 1 GiB 1:256"));
        QVERIFY(FeatureSet::fromJson(set.toJson()) == set);
        // A file written before the miss column had no miss_rho: the hit ratio.
        QCOMPARE(FeatureSet::fromJson({{"log_sizes", true}, {"cache_mib", 512.0}}).missRho, 0.0);
        QVERIFY_THROWS_EXCEPTION(DataError,
            FeatureSet::fromJson({{"log_sizes", true}, {"cache_mib", 512.0}, {"miss_rho", 1.5}}));
        QCOMPARE(missRatioCandidates().size(), std::size_t {3});
    }
    void littleOffset_isThreadsTimesShareTimesRequest()
    {
        GridSpec spec;
        spec.requestKib = {4, 64};
        spec.filesetMib = {256};
        spec.readPct = {25, 100};
        spec.metric = [](const Configuration&) { return 1.0; };
        const Dataset data = iolens::test::gridDataset(spec); // threads 16, fixed
        const Eigen::VectorXd reads = littleOffset(data.x, data.schema, Metric::TpReadMbs);
        const Eigen::VectorXd writes = littleOffset(data.x, data.schema, Metric::IopsWrite);
        for (Eigen::Index i = 0; i < data.rows(); ++i) {
            const Configuration& c = data.configs[static_cast<std::size_t>(i)];
            const double share = c.readPct / 100.0;
            QCOMPARE(reads(i), std::log(16.0 * share * c.requestBytes / 1048576.0));
            // No writes at 100 % reads: -inf, a throughput of exactly 0.
            if (c.readPct == 100.0)
                QVERIFY(std::isinf(writes(i)) && writes(i) < 0);
            else
                QCOMPARE(writes(i), std::log(16.0 * (1.0 - share)));
        }
        QVERIFY(hasLittleView(Metric::TpWriteMbs) && !hasLittleView(Metric::RtReadMs));
        QVERIFY_THROWS_EXCEPTION(ConfigError, littleOffset(data.x, data.schema, Metric::RtReadMs));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestDerivedFeatures)
#include "test_derived_features.moc"

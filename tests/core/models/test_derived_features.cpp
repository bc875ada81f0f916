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
};

IOLENS_TEST_GUILESS_MAIN(TestDerivedFeatures)
#include "test_derived_features.moc"

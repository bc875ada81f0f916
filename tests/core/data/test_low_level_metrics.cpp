// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/low_level_metrics.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

// Three nodes, one metric, four samples each; node c's clock runs 0.2 s late.
//   a: 1 3 5 7   b: 2 2 2 2   c: 0 6 0 6
// With a 2 s trailing window a sample averages itself and the one before:
//   a: 1 2 4 6   b: 2 2 2 2   c: 0 3 3 3
const char* kNodes = "node,timestamp,cpu\n"
                     "a,0,1\na,1,3\na,2,5\na,3,7\n"
                     "b,0,2\nb,1,2\nb,2,2\nb,3,2\n"
                     "c,0.2,0\nc,1.2,6\nc,2.2,0\nc,3.2,6\n";
// Throughput every second, smoothed the same way: 10 15 25; the sample at 9 s has no step.
const char* kTarget = "timestamp,throughput,iops\n1,10,100\n2,20,200\n3,30,300\n9,40,400\n";

LowLevelFeatureTable build(
    const std::string& nodes, const std::string& target, LowLevelFeatureOptions options = {})
{
    options.windowSeconds = 2.0;
    options.toleranceSeconds = 0.5;
    if (options.targetColumn.empty())
        options.targetColumn = "throughput";
    return buildLowLevelFeatures(
        parseCsv(nodes, "nodes.csv"), parseCsv(target, "e2e.csv"), options);
}

double stdOf(std::initializer_list<double> values)
{
    double mean = 0.0, ss = 0.0;
    for (double v : values)
        mean += v / double(values.size());
    for (double v : values)
        ss += (v - mean) * (v - mean);
    return std::sqrt(ss / double(values.size()));
}

} // namespace

class TestLowLevelMetrics : public QObject {
    Q_OBJECT
private slots:
    void aggregateAcrossNodes_byHand()
    {
        // {2, 2, 3}: mean 7/3, sum 7, population sd sqrt(2/9); 95th percentile: h = 2 x 0.95 =
        // 1.9, so 2 + 0.9 x (3 - 2) = 2.9; the top ceil(0.15) = 1 value is 3.
        const NodeAggregate a = aggregateAcrossNodes({2, 3, 2}, TopShareRule::Percentile95);
        QCOMPARE(a.mean, 7.0 / 3.0);
        QCOMPARE(a.sum, 7.0);
        QCOMPARE(a.std, std::sqrt(2.0 / 9.0));
        QCOMPARE(a.top, 2.9);
        QCOMPARE(aggregateAcrossNodes({2, 3, 2}, TopShareRule::MeanOfTop).top, 3.0);
        // 40 nodes 1..40: ceil(0.05 x 40) = 2 top values, mean 39.5; h = 39 x 0.95 = 37.05.
        std::vector<double> forty;
        for (int i = 40; i >= 1; --i)
            forty.push_back(i);
        QCOMPARE(aggregateAcrossNodes(forty, TopShareRule::MeanOfTop).top, 39.5);
        QVERIFY(
            std::fabs(aggregateAcrossNodes(forty, TopShareRule::Percentile95).top - 38.05) < 1e-12);
        QCOMPARE(aggregateAcrossNodes({5}, TopShareRule::Percentile95).std, 0.0);
    }

    void trailingMovingAverage_usesTheHalfOpenWindow()
    {
        // Window 60 s over samples 30 s apart: (t - 60, t] holds the sample and the one before.
        const std::vector<double> t {0, 30, 60, 90, 200};
        const std::vector<double> v {1, 2, 3, 4, 5};
        const std::vector<double> expected {1, 1.5, 2.5, 3.5, 5};
        QCOMPARE(trailingMovingAverage(t, v, 60.0), expected);
    }

    void trailingMovingAverage_keepsEachSampleInItsOwnWindow()
    {
        // At 1e18 doubles are 128 apart: t - 60 rounds back to t, and the window's start once
        // ran past the sample itself (0 / 0, or a read beyond the series).
        const std::vector<double> t {1e18, 1e18 + 1024};
        const std::vector<double> v {1, 2};
        QCOMPARE(trailingMovingAverage(t, v, 60.0), v);
    }

    void build_smoothsAlignsAggregatesAndJoins()
    {
        const LowLevelFeatureTable table = build(kNodes, kTarget);
        const std::vector<std::string> names {"mean(cpu)", "sum(cpu)", "std(cpu)", "top5(cpu)"};
        QCOMPARE(table.names, names);
        QCOMPARE(table.nodes, 3);
        // Steps 0..3 at the mean node time k + 0.2/3; targets at 1, 2, 3 match steps 1, 2, 3.
        QCOMPARE(table.x.rows(), Eigen::Index(3));
        QCOMPARE(table.timestamps, (std::vector<double> {1, 2, 3}));
        QCOMPARE(table.y, Eigen::Vector3d(10, 15, 25).eval());
        // Step 1: {2, 2, 3}; step 2: {4, 2, 3}; step 3: {6, 2, 3}.
        const double rows[3][3] = {{2, 2, 3}, {4, 2, 3}, {6, 2, 3}};
        for (int r = 0; r < 3; ++r) {
            const double sum = rows[r][0] + rows[r][1] + rows[r][2];
            QVERIFY(std::fabs(table.x(r, 0) - sum / 3.0) < 1e-15);
            QCOMPARE(table.x(r, 1), sum);
            QVERIFY(std::fabs(table.x(r, 2) - stdOf({rows[r][0], rows[r][1], rows[r][2]})) < 1e-15);
        }
        QCOMPARE(table.x(1, 3), 3.0 + 0.9 * (4.0 - 3.0)); // sorted {2, 3, 4}
        QCOMPARE(table.warnings.size(), std::size_t(1));  // the 9 s sample
        QVERIFY(QString::fromStdString(table.warnings[0]).startsWith("1 target sample dropped"));
    }

    void build_skipsStepsWithoutEveryNode()
    {
        // Node c loses its last sample: step 3 is incomplete, so the 3 s target has no step
        // within 0.5 s and is dropped too.
        std::string nodes = kNodes;
        nodes.erase(nodes.find("c,3.2,6\n"));
        const LowLevelFeatureTable table = build(nodes, kTarget);
        QCOMPARE(table.timestamps, (std::vector<double> {1, 2}));
        QCOMPARE(table.warnings.size(), std::size_t(2));
        QVERIFY(QString::fromStdString(table.warnings[0]).startsWith("1 time step skipped"));
    }

    void build_aggregatesEachGroupSeparately()
    {
        const std::string nodes
            = "node,group,timestamp,cpu\n"
              "a,osd,0,1\na,osd,1,3\nb,osd,0,2\nb,osd,1,2\nm,mon,0,7\nm,mon,1,9\n";
        const LowLevelFeatureTable table = build(nodes, "timestamp,throughput\n1,5\n");
        const std::vector<std::string> names {"mean(mon/cpu)", "sum(mon/cpu)", "std(mon/cpu)",
            "top5(mon/cpu)", "mean(osd/cpu)", "sum(osd/cpu)", "std(osd/cpu)", "top5(osd/cpu)"};
        QCOMPARE(table.names, names);
        // At 1 s: mon smoothed (7 + 9) / 2 = 8; osd a (1 + 3) / 2 = 2 and b 2.
        QCOMPARE(table.x(0, 0), 8.0);
        QCOMPARE(table.x(0, 5), 4.0);
        QCOMPARE(table.x(0, 6), 0.0);
    }

    void build_reportsBadInputWithFileRowAndColumn_data()
    {
        QTest::addColumn<QString>("nodes");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("message");
        QTest::newRow("not a number")
            << "node,timestamp,cpu\na,0,1\na,1,busy\n"
            << kTarget << "nodes.csv: row 3, column 'cpu': 'busy' is not a number";
        QTest::newRow("empty metric") << "node,timestamp,cpu\na,0,\n"
                                      << kTarget << "nodes.csv: row 2, column 'cpu': empty value";
        QTest::newRow("same time twice")
            << "node,timestamp,cpu\na,0,1\na,0,2\n"
            << kTarget
            << "nodes.csv: row 3, column 'timestamp': node 'a' has two "
               "samples at time 0 (rows 2 and 3)";
        QTest::newRow("two in one step")
            << "node,timestamp,cpu\na,0,1\na,0.3,2\n"
            << kTarget
            << "nodes.csv: row 3, column 'timestamp': node 'a' has two "
               "samples in one 1 s step (rows 2 and 3)";
        QTest::newRow("no node column") << "host,timestamp,cpu\na,0,1\n"
                                        << kTarget << "nodes.csv: no column 'node' in the header";
        QTest::newRow("group changes") << "node,group,timestamp,cpu\na,osd,0,1\na,mon,1,1\n"
                                       << kTarget
                                       << "nodes.csv: row 3, column 'group': node 'a' was in group "
                                          "'osd' before, now 'mon'";
        QTest::newRow("bad target")
            << kNodes << "timestamp,throughput,iops\n1,fast,1\n"
            << "e2e.csv: row 2, column 'throughput': 'fast' is not a number";
        QTest::newRow("no overlap") << kNodes << "timestamp,throughput\n100,1\n"
                                    << "e2e.csv: no target sample matches a time step of nodes.csv";
        // Nanoseconds since 1970 read as seconds; these crashed the smoothing (SIGSEGV).
        QTest::newRow("nanosecond timestamp")
            << "node,timestamp,cpu\na,1795332516000000000,1\n"
            << kTarget
            << "nodes.csv: row 2, column 'timestamp': '1795332516000000000' is too large: "
               "doubles that big are 256 s apart, too coarse for a 1 s step; timestamps are "
               "seconds of any origin (nanoseconds since 1970? divide them by 1e9)";
        QTest::newRow("one huge timestamp")
            << "node,timestamp,cpu\na,0,1\na,1e300,2\n"
            << kTarget << "nodes.csv: row 3, column 'timestamp': '1e300' is too large";
        QTest::newRow("target in nanoseconds")
            << kNodes << "timestamp,throughput,iops\n1,10,1\n2e18,20,2\n"
            << "e2e.csv: row 3, column 'timestamp': '2e18' is too large";
        // Finite, but its square in the standard deviation is not: the learner once refused
        // "x or y" without a file or row.
        QTest::newRow("huge metric")
            << "node,timestamp,cpu\na,0,1\nb,0,1e308\n"
            << kTarget
            << "nodes.csv: row 3, column 'cpu': '1e308' is out of range: a value must stay "
               "within 1e100 either side of 0";
        QTest::newRow("huge target") << kNodes << "timestamp,throughput,iops\n1,-2e100,1\n"
                                     << "e2e.csv: row 2, column 'throughput': '-2e100' is out "
                                        "of range";
    }
    void build_reportsBadInputWithFileRowAndColumn()
    {
        QFETCH(QString, nodes);
        QFETCH(QString, target);
        QFETCH(QString, message);
        try {
            build(nodes.toStdString(), target.toStdString());
            QFAIL("no DataError");
        } catch (const DataError& e) {
            QVERIFY2(QString::fromStdString(e.what()).startsWith(message), e.what());
        }
    }

    void build_takesSecondsSince1970AtMillisecondSteps()
    {
        // 1.8e9 s: doubles there are 2.4e-7 s apart, fine enough for a 1 ms step.
        LowLevelFeatureOptions options;
        options.stepSeconds = 0.001;
        const LowLevelFeatureTable table = build("node,timestamp,cpu\na,1795332516,1\n"
                                                 "a,1795332516.001,3\n",
            "timestamp,throughput\n1795332516.001,5\n", options);
        QCOMPARE(table.x(0, 0), 2.0);
    }

    void build_needsTheTargetColumnNamedWhenThereAreSeveral()
    {
        LowLevelFeatureOptions options;
        options.targetColumn = "latency";
        QVERIFY_THROWS_EXCEPTION(DataError, build(kNodes, kTarget, options));
        options.targetColumn = "iops";
        QCOMPARE(build(kNodes, kTarget, options).y(0), 100.0);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestLowLevelMetrics)
#include "test_low_level_metrics.moc"

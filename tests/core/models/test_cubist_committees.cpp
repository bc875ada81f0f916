// SPDX-License-Identifier: GPL-3.0-or-later
// Cubist's committees and the fits the optimizer shares: one fit answers for every neighbour
// count and every smaller committee, the per-fold committee predictions equal predictWith, and a
// fit with another rules limit is reused only where it gives identical members. Fits are pinned
// to the bits recorded before the learner was made faster.
#include "common/error.hpp"
#include "data/aggregation.hpp"
#include "models/cubist.hpp"
#include "models/cubist_data.hpp"
#include "support/cubist_test_data.hpp"
#include "support/table1_design.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

using namespace iolens::core;
using namespace iolens::test;

namespace {

// FNV-1a, 64 bits: a short digest of a long exact text.
std::uint64_t digestOf(const std::string& text)
{
    std::uint64_t hash = 14695981039346656037ULL;
    for (const unsigned char c : text) {
        hash ^= c;
        hash *= 1099511628211ULL;
    }
    return hash;
}

// The state and the predictions of a fit as exact text (hexadecimal floats).
std::string exactText(const Cubist& model, const Eigen::MatrixXd& probe)
{
    std::string text = model.saveState().dump();
    char number[40];
    for (int neighbors : {0, 5}) {
        const Eigen::VectorXd predicted = model.predictWith(probe, neighbors);
        for (Eigen::Index i = 0; i < predicted.size(); ++i) {
            std::snprintf(number, sizeof number, " %a", predicted(i));
            text += number;
        }
    }
    return text;
}

// The generated Table 1 design (seed 1) on the log scale, as the optimizer's benchmark fits it.
Dataset table1Log(Metric metric)
{
    Dataset data = buildDataset(aggregateRepetitions(table1Measurements(1)), metric);
    data.y = data.y.array().log();
    return data;
}

} // namespace

class TestCubistCommittees : public QObject {
    Q_OBJECT
private slots:
    void predictWith_equalsFitWithThatNeighbourCount_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("committees");
        QTest::newRow("tiered, 1 member") << "tiered" << 1;
        QTest::newRow("tiered, 4 members") << "tiered" << 4;
        QTest::newRow("local, 2 members") << "local" << 2;
    }

    void predictWith_equalsFitWithThatNeighbourCount()
    {
        QFETCH(QString, source);
        QFETCH(int, committees);
        const Dataset data = realDataset(source, Metric::RtReadMs);
        const Eigen::MatrixXd probe = probeRows(data);
        const Cubist once = fitted(data, committees, 0);
        for (int k = 0; k <= 9; ++k) {
            const Cubist withK = fitted(data, committees, k);
            QVERIFY2(sameBits(withK.predict(probe), once.predictWith(probe, k)),
                qPrintable(QString("neighbors %1").arg(k)));
        }
    }

    void predictWith_committeePrefixEqualsSmallerCommittee()
    {
        const Dataset data = realDataset("tiered", Metric::RtWriteMs);
        const Eigen::MatrixXd probe = probeRows(data);
        const Cubist five = fitted(data, 5, 0);
        for (int c = 1; c <= 5; ++c)
            for (int k : {0, 3}) {
                const Cubist smaller = fitted(data, c, 0);
                QVERIFY2(sameBits(smaller.predictWith(probe, k), five.predictWith(probe, k, c)),
                    qPrintable(QString("committees %1, neighbors %2").arg(c).arg(k)));
            }
        QVERIFY_THROWS_EXCEPTION(ConfigError, five.predictWith(probe, 0, 6));
        QVERIFY_THROWS_EXCEPTION(ConfigError, five.predictWith(probe, 10));
    }

    void committeePredictions_equalPredictWith()
    {
        const Dataset data = realDataset("local", Metric::RtReadMs);
        const Eigen::MatrixXd probe = probeRows(data);
        const Cubist four = fitted(data, 4, 0);
        const cubist::CommitteePredictions table
            = four.committeePredictions(probe, 4, {1, 2, 3, 4, 5, 6, 7, 8, 9});
        for (int c = 1; c <= 4; ++c)
            for (int k = 0; k <= 9; ++k)
                QVERIFY2(sameBits(table.predict(k, c), four.predictWith(probe, k, c)),
                    qPrintable(QString("committees %1, neighbors %2").arg(c).arg(k)));
        const cubist::CommitteePredictions noNeighbours = four.committeePredictions(probe, 2, {});
        QVERIFY(sameBits(noNeighbours.predict(0, 2), four.predictWith(probe, 0, 2)));
        QVERIFY_THROWS_EXCEPTION(ConfigError, noNeighbours.predict(3, 2));
        // Only the neighbour counts asked for are prepared.
        const cubist::CommitteePredictions some = four.committeePredictions(probe, 3, {7, 2});
        QVERIFY(sameBits(some.predict(7, 3), four.predictWith(probe, 7, 3)));
        QVERIFY(sameBits(some.predict(2, 1), four.predictWith(probe, 2, 1)));
        QVERIFY_THROWS_EXCEPTION(ConfigError, some.predict(5, 3));
        QVERIFY_THROWS_EXCEPTION(ConfigError, four.committeePredictions(probe, 5, {}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, four.committeePredictions(probe, 2, {10}));
    }

    // The batched predictions that fits and committee tables use equal the one-case path.
    void predictCases_equalsPredictForEachCase()
    {
        const Dataset data = realDataset("tiered", Metric::RtReadMs);
        const Cubist model = fitted(data, 6, 0, 20);
        const cubist::Model& fit = model.model();
        const cubist::CaseTable cases = cubist::makeCases(probeRows(data), fit.atts);
        const cubist::CaseColumns columns(cases);
        std::vector<float> batch;
        int conditions = 0;
        for (const cubist::RuleSet& member : fit.members) {
            member.predictCases(cases, columns, fit.globalMean, batch);
            QCOMPARE(batch.size(), static_cast<std::size_t>(cases.rows));
            for (int i = 0; i < cases.rows; ++i)
                QCOMPARE(std::bit_cast<std::uint32_t>(batch[static_cast<std::size_t>(i)]),
                    std::bit_cast<std::uint32_t>(member.predict(cases.row(i), fit.globalMean)));
            for (const cubist::Rule& rule : member.rules)
                conditions += static_cast<int>(rule.conditions.size());
        }
        QVERIFY(conditions > 10); // the rules test something
        const std::vector<float> committee = fit.committeePredictCases(cases, 4);
        for (int i = 0; i < cases.rows; ++i) {
            double sum = 0;
            for (std::size_t m = 0; m < 4; ++m)
                sum += fit.members[m].predict(cases.row(i), fit.globalMean);
            QCOMPARE(std::bit_cast<std::uint32_t>(committee[static_cast<std::size_t>(i)]),
                std::bit_cast<std::uint32_t>(static_cast<float>(sum / 4)));
        }
    }

    // The optimizer grows a kept committee instead of fitting a larger one anew.
    void extendedTo_equalsAFitWithThoseCommittees_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("to");
        QTest::addColumn<int>("rules");
        QTest::newRow("tiered 1 -> 4") << "tiered" << 1 << 4 << 100;
        QTest::newRow("local 3 -> 7, rules 5") << "local" << 3 << 7 << 5;
        QTest::newRow("local 2 -> 2") << "local" << 2 << 2 << 100;
    }
    void extendedTo_equalsAFitWithThoseCommittees()
    {
        QFETCH(QString, source);
        QFETCH(int, from);
        QFETCH(int, to);
        QFETCH(int, rules);
        const Dataset data = realDataset(source, Metric::RtReadMs);
        const Cubist small = fitted(data, from, 0, rules);
        const std::unique_ptr<Cubist> grown = small.extendedTo(data, to);
        QVERIFY(grown);
        QCOMPARE(grown->params().committees, to);
        const Cubist whole = fitted(data, to, 0, rules);
        const Eigen::MatrixXd probe = probeRows(data);
        QCOMPARE(exactText(*grown, probe), exactText(whole, probe));
        // The grown fit serves the optimizer like a separate one: its own members again.
        QVERIFY(grown->sameMembersWithRules(rules, to));
        QVERIFY(!small.extendedTo(data, from - 1));
    }

    // The optimizer's fits leave out the training predictions; they predict the same.
    void fitForScoring_predictsAsFit()
    {
        const Dataset data = realDataset("tiered", Metric::RtReadMs);
        const Eigen::MatrixXd probe = probeRows(data);
        const Cubist full = fitted(data, 4, 0, 20);
        Cubist lean(full.params());
        lean.fitForScoring(data);
        QVERIFY(lean.model().instancePred.empty());
        QCOMPARE(full.model().instancePred.size(), static_cast<std::size_t>(data.rows()));
        QCOMPARE(lean.saveState().dump(), full.saveState().dump());
        for (int k : {0, 1, 5, 9})
            for (int c : {2, 4})
                QVERIFY2(sameBits(lean.predictWith(probe, k, c), full.predictWith(probe, k, c)),
                    qPrintable(QString("committees %1, neighbors %2").arg(c).arg(k)));
        const cubist::CommitteePredictions table = lean.committeePredictions(probe, 4, {3});
        QVERIFY(sameBits(table.predict(3, 4), full.predictWith(probe, 3, 4)));
    }

    void extendedTo_needsTheFitItself()
    {
        const Dataset data = realDataset("local", Metric::RtReadMs);
        QVERIFY(!Cubist().extendedTo(data, 3));
        const Cubist one = fitted(data, 1, 0);
        Cubist loaded;
        loaded.loadState(one.saveState(), data.schema);
        QVERIFY(!loaded.extendedTo(data, 3)); // a file holds no member as it was built
    }

    void minItems_followsRuleQuest()
    {
        // 1 % of the cases, at most 20, at most rows / rules, at least 3.
        QCOMPARE(cubist::minItemsFor(1008, 100), 10);
        QCOMPARE(cubist::minItemsFor(1008, 150), 6);
        QCOMPARE(cubist::minItemsFor(1008, 400), 3);
        QCOMPARE(cubist::minItemsFor(300, 2), 3);
        QCOMPARE(cubist::minItemsFor(5000, 10), 20);
    }

    void sameMembersWithRules_meansAFitWithThoseRulesIsIdentical_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("metric");
        QTest::newRow("local rt_read") << "local" << static_cast<int>(Metric::RtReadMs);
        QTest::newRow("tiered tp_write") << "tiered" << static_cast<int>(Metric::TpWriteMbs);
    }
    void sameMembersWithRules_meansAFitWithThoseRulesIsIdentical()
    {
        QFETCH(QString, source);
        QFETCH(int, metric);
        const Dataset data = realDataset(source, static_cast<Metric>(metric));
        const Eigen::MatrixXd probe = probeRows(data);
        const Cubist wide = fitted(data, 3, 0, 400);
        int shared = 0, cut = 0;
        for (int rules : {2, 3, 4, 6, 10, 30, 100, 400}) {
            const Cubist own = fitted(data, 3, 0, rules);
            for (int c = 1; c <= 3; ++c) {
                const bool same
                    = sameBits(own.predictWith(probe, 0, c), wide.predictWith(probe, 0, c))
                    && sameBits(own.predictWith(probe, 5, c), wide.predictWith(probe, 5, c));
                if (wide.sameMembersWithRules(rules, c)) {
                    QVERIFY2(
                        same, qPrintable(QString("rules %1, committees %2").arg(rules).arg(c)));
                    shared += rules != 400;
                } else {
                    ++cut;
                }
            }
        }
        QVERIFY(shared > 0); // the sharing does happen on real data
        QVERIFY(cut > 0);    // and a limit below the leaves is not shared (rules 2)
        QVERIFY(!Cubist().sameMembersWithRules(100, 1));
        QVERIFY(!wide.sameMembersWithRules(100, 4));
    }

    // The optimizer's chosen parameters turn on exact ties and orderings of costs, so the work
    // that makes a fit faster must not move one bit of it. The digests were recorded with the
    // learner as it was before that work; deep trees (rules 3, MINITEMS 3) and committees
    // exercise the growth, smoothing, pruning and rule paths.
    void fit_givesTheRecordedBits_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("metric");
        QTest::addColumn<int>("committees");
        QTest::addColumn<int>("rules");
        QTest::addColumn<QString>("digest");
        QTest::newRow("tiered rt_read")
            << "tiered" << static_cast<int>(Metric::RtReadMs) << 5 << 100 << "f3df1f6aa1fe794b";
        QTest::newRow("local tp_write, rules 4")
            << "local" << static_cast<int>(Metric::TpWriteMbs) << 3 << 4 << "198ed4376b4890e8";
        QTest::newRow("table1 rt_read, rules 3")
            << "table1" << static_cast<int>(Metric::RtReadMs) << 20 << 3 << "47b589def7a504af";
        QTest::newRow("table1 tp_write, rules 15")
            << "table1" << static_cast<int>(Metric::TpWriteMbs) << 20 << 15 << "bfedea0332b0503b";
    }
    void fit_givesTheRecordedBits()
    {
        QFETCH(QString, source);
        QFETCH(int, metric);
        QFETCH(int, committees);
        QFETCH(int, rules);
        QFETCH(QString, digest);
        const Dataset data = source == "table1" ? table1Log(static_cast<Metric>(metric))
                                                : realDataset(source, static_cast<Metric>(metric));
        const Cubist model = fitted(data, committees, 0, rules);
        QCOMPARE(QString::number(digestOf(exactText(model, probeRows(data))), 16), digest);
    }

    // A committee that settles repeats its members (here every member from the 7th on); they are
    // copied, not built, and their predictions are reused. The digest "table1 rt_read, rules 3"
    // above pins the copies to the members the learner built before it copied any.
    void repeatedTargets_copyTheirMembers()
    {
        const Dataset data = table1Log(Metric::RtReadMs);
        const Eigen::MatrixXd probe = probeRows(data);
        const Cubist whole = fitted(data, 20, 0, 3);
        const cubist::Model& fit = whole.model();
        QCOMPARE(fit.sameAs.size(), fit.members.size());
        int copies = 0;
        for (std::size_t m = 0; m < fit.sameAs.size(); ++m) {
            const auto original = static_cast<std::size_t>(fit.sameAs[m]);
            QVERIFY(original <= m);
            QCOMPARE(static_cast<std::size_t>(fit.sameAs[original]), original);
            copies += original != m;
        }
        QVERIFY(copies >= 10);
        // A loaded copy of the fit knows no repeats and predicts every member itself.
        Cubist loaded(whole.params());
        loaded.loadState(whole.saveState(), data.schema);
        QVERIFY(loaded.model().sameAs.empty());
        const cubist::CommitteePredictions table = whole.committeePredictions(probe, 20, {1, 5, 9});
        for (int c : {1, 6, 7, 8, 13, 20})
            for (int k : {0, 1, 5, 9}) {
                const QString at = QString("committees %1, neighbors %2").arg(c).arg(k);
                QVERIFY2(
                    sameBits(table.predict(k, c), loaded.predictWith(probe, k, c)), qPrintable(at));
                QVERIFY2(sameBits(whole.predictWith(probe, k, c), loaded.predictWith(probe, k, c)),
                    qPrintable(at));
            }
        // Grown before, inside and across the repeats, the committee is the same.
        for (int from : {3, 9}) {
            const std::unique_ptr<Cubist> grown = fitted(data, from, 0, 3).extendedTo(data, 20);
            QVERIFY(grown);
            QCOMPARE(exactText(*grown, probe), exactText(whole, probe));
        }
    }

    void committee_predictionIsMeanOfMembers()
    {
        const Dataset data = realDataset("tiered", Metric::TpReadMbs);
        const Cubist model = fitted(data, 3, 0);
        const cubist::Model& m = model.model();
        QCOMPARE(m.members.size(), std::size_t {3});
        const Eigen::VectorXd predicted = model.predict(data.x);
        for (Eigen::Index i = 0; i < data.rows(); ++i) {
            float row[16];
            for (Eigen::Index j = 0; j < data.cols(); ++j)
                row[j] = static_cast<float>(data.x(i, j));
            double sum = 0;
            for (const auto& member : m.members)
                sum += member.predict(row, m.globalMean);
            QCOMPARE(predicted(i), static_cast<double>(static_cast<float>(sum / 3)));
        }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestCubistCommittees)
#include "test_cubist_committees.moc"

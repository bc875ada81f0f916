// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/writer_share.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>
#include <functional>

using namespace iolens::core;

namespace {

/// The solver's precision.
constexpr double kTolerance = kWriterShareTolerance;

/// At half reads of 1 ms the writers' share is W / (1 + W): the log write time W that gives the
/// log2 share s.
double logWriteGiving(double s)
{
    const double p = std::exp2(s);
    return std::log(p / (1.0 - p));
}

/// The solver's answer for one mix of half reads of 1 ms whose log write time at share s is
/// logWriteAt(s); `asked` counts the rows the model was asked for.
double solveHalfReads(const std::function<double(double)>& logWriteAt, int& asked)
{
    return solveWriterShareLog2(Eigen::ArrayXd::Constant(1, 0.5), Eigen::ArrayXd::Constant(1, 1.0),
        [&](const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& s) {
            asked += static_cast<int>(rows.size());
            return Eigen::VectorXd(s.unaryExpr(logWriteAt));
        })(0);
}

} // namespace

class TestWriterShare : public QObject {
    Q_OBJECT
private slots:
    // Half reads at 1 ms, half writes at 3 ms: writers hold 3 / 4 of the threads.
    void share_isTheWritersPartOfTheMeanRequestTime()
    {
        QCOMPARE(writerShareLog2(0.5, 1.0, 3.0), std::log2(0.75));
        QCOMPARE(writerShareLog2(0.0, 1.0, 3.0), 0.0);
        QVERIFY(std::isinf(writerShareLog2(1.0, 1.0, 3.0)));
    }

    // A write time that does not depend on the share: the fixed point is the share itself.
    void constantWriteTime_solvesToItsShare()
    {
        const Eigen::ArrayXd readShare = (Eigen::ArrayXd(3) << 0.25, 0.5, 0.9).finished();
        const Eigen::ArrayXd readMs = (Eigen::ArrayXd(3) << 2.0, 0.1, 10.0).finished();
        const double writeMs = 4.0;
        const Eigen::VectorXd t = solveWriterShareLog2(
            readShare, readMs, [&](const std::vector<Eigen::Index>&, const Eigen::VectorXd& s) {
                return Eigen::VectorXd::Constant(s.size(), std::log(writeMs));
            });
        for (Eigen::Index i = 0; i < 3; ++i)
            QVERIFY2(
                std::abs(t(i) - writerShareLog2(readShare(i), readMs(i), writeMs)) < kTolerance,
                std::to_string(t(i)).c_str());
    }

    // W = W0 w (writes take longer the more threads write): w = (1 - r) W0 w / (r R + (1 - r) W0 w)
    // has the root w = 1 - r R / ((1 - r) W0) besides w = 0; at r = 1/2, R = 1, W0 = 4 that is
    // 3/4, which bisection from the whole range finds (h < 0 at the lowest share).
    void shareDependentWriteTime_solvesToTheTextbookRoot()
    {
        const Eigen::ArrayXd readShare = Eigen::ArrayXd::Constant(1, 0.5);
        const Eigen::ArrayXd readMs = Eigen::ArrayXd::Constant(1, 1.0);
        const Eigen::VectorXd t = solveWriterShareLog2(
            readShare, readMs, [](const std::vector<Eigen::Index>&, const Eigen::VectorXd& s) {
                return Eigen::VectorXd((std::log(4.0) + s.array() * std::log(2.0)).matrix());
            });
        QVERIFY2(std::abs(t(0) - std::log2(0.75)) < kTolerance, std::to_string(t(0)).c_str());
    }

    // Narrowing a bracket asks a model smooth in the share a few times (here 2), not a
    // bisection's 11, and the model's time at each answer comes back with it: here W = 4 * 2^t
    // at r = 1/2, R = 1, scanned at 0 and -0.5 (bracketed there: the root is log2(3/4)).
    void smoothModel_narrowsInFewStepsAndAnswersItsTime()
    {
        const Eigen::ArrayXd readShare = (Eigen::ArrayXd(3) << 0.5, 0.0, 1.0).finished();
        const Eigen::ArrayXd readMs = Eigen::ArrayXd::Constant(3, 1.0);
        int asked = 0;
        Eigen::VectorXd logWrite;
        const Eigen::VectorXd t = solveWriterShareLog2(
            readShare, readMs,
            [&](const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& s) {
                asked += static_cast<int>(rows.size());
                return Eigen::VectorXd((std::log(4.0) + s.array() * std::log(2.0)).matrix());
            },
            &logWrite);
        QVERIFY2(std::abs(t(0) - std::log2(0.75)) < kTolerance, std::to_string(t(0)).c_str());
        QVERIFY2(asked <= 2 + 3, std::to_string(asked).c_str());
        QCOMPARE(logWrite(0), std::log(4.0) + t(0) * std::log(2.0));
        QVERIFY(std::isnan(logWrite(1)));
        QVERIFY(std::isnan(logWrite(2)));
    }

    // At a tree's step no method beats bisection; ITP asks at most one time more than the 11
    // bisections to the tolerance. Writes take 1 ms above a share of 2^-0.3 and 20 ms below: at
    // half reads of 1 ms the shares these give (1/2 and 20/21) lie on the other side of the
    // step, so neither time is consistent and the answer is the step itself. The scan asks at 0,
    // skips to -1 (below the root: this time falls as the share grows) and steps back to -0.5.
    void stepAtTheRoot_costsAtMostOneMoreThanBisection()
    {
        int asked = 0;
        const double t
            = solveHalfReads([](double v) { return std::log(v > -0.3 ? 1.0 : 20.0); }, asked);
        QVERIFY2(std::abs(t + 0.3) < kTolerance, std::to_string(t).c_str());
        QVERIFY2(asked <= 3 + 12, std::to_string(asked).c_str());
    }

    // Writes absorbed while fewer than an eighth of the threads write (0.01 ms), else 20 ms: at
    // half reads of 1 ms both w = 20 / 21 and w = 0.01 / 1.01 are consistent; the higher one is
    // the answer (a bisection over the whole range found the lower).
    void bistableWriteTime_answersTheHigherShare()
    {
        const Eigen::ArrayXd readShare = Eigen::ArrayXd::Constant(1, 0.5);
        const Eigen::ArrayXd readMs = Eigen::ArrayXd::Constant(1, 1.0);
        const Eigen::VectorXd t = solveWriterShareLog2(
            readShare, readMs, [](const std::vector<Eigen::Index>&, const Eigen::VectorXd& s) {
                return Eigen::VectorXd(
                    s.unaryExpr([](double v) { return std::log(v > -3.0 ? 20.0 : 0.01); }));
            });
        QVERIFY2(
            std::abs(t(0) - std::log2(20.0 / 21.0)) < kTolerance, std::to_string(t(0)).c_str());
        // With the absorbed state the only consistent one (reads of 1 s), that is the answer.
        const Eigen::VectorXd slow
            = solveWriterShareLog2(readShare, Eigen::ArrayXd::Constant(1, 1000.0),
                [](const std::vector<Eigen::Index>&, const Eigen::VectorXd& s) {
                    return Eigen::VectorXd(
                        s.unaryExpr([](double v) { return std::log(v > -3.0 ? 20.0 : 0.01); }));
                });
        QVERIFY2(std::abs(slow(0) - std::log2(0.01 / 1000.01)) < kTolerance,
            std::to_string(slow(0)).c_str());
    }

    // Rows solved together each get their own highest root: one near the top (-0.2), one ten
    // shares down (-9.9), and one (-5.8) above a region where h turns positive again (-6.9 ..
    // -7.1) and then negative for good, where the lowest negative step of a scan would answer.
    void rowsSolvedTogether_eachAnswerTheirHighestRoot()
    {
        const Eigen::ArrayXd readShare = Eigen::ArrayXd::Constant(3, 0.5);
        const Eigen::ArrayXd readMs = Eigen::ArrayXd::Constant(3, 1.0);
        const auto shareOf = [](Eigen::Index row, double t) {
            if (row == 0)
                return -0.2;
            if (row == 1)
                return -9.9;
            return t > -6.9 ? -5.8 : (t > -7.1 ? -20.0 : -7.05);
        };
        const Eigen::VectorXd t = solveWriterShareLog2(readShare, readMs,
            [&](const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& at) {
                Eigen::VectorXd logWrite(at.size());
                for (Eigen::Index k = 0; k < at.size(); ++k)
                    logWrite(k) = logWriteGiving(shareOf(rows[static_cast<std::size_t>(k)], at(k)));
                return logWrite;
            });
        QVERIFY2(std::abs(t(0) + 0.2) < kTolerance, std::to_string(t(0)).c_str());
        QVERIFY2(std::abs(t(1) + 9.9) < kTolerance, std::to_string(t(1)).c_str());
        QVERIFY2(std::abs(t(2) + 5.8) < kTolerance, std::to_string(t(2)).c_str());
    }

    // A root deep down (a share of 2^-9.9: cached reads beside slow writes) is reached by
    // skipping to the share the model gives, not in 20 steps of 0.5: the write time does not
    // depend on the share, so nothing between can be a root.
    void deepRoot_isReachedBySkipping()
    {
        int asked = 0;
        const double t = solveHalfReads([](double) { return logWriteGiving(-9.9); }, asked);
        QVERIFY2(std::abs(t + 9.9) < kTolerance, std::to_string(t).c_str());
        QVERIFY2(asked <= 3 + 3, std::to_string(asked).c_str());
    }

    // Where the model's time falls as the share grows, a skip can land below a root with others
    // above it; the row is then scanned step by step and still answers the highest: the share
    // the model gives is 2^-8 above -3, 2^-2 down to -5, 2^-20 down to -6 and 2^-7 below, so
    // the excess changes sign at -3, -5 and -7, and the skip from 0 lands at -8.
    void skipBelowARoot_fallsBackToTheScan()
    {
        int asked = 0;
        const double t = solveHalfReads(
            [](double v) {
                return logWriteGiving(
                    v > -3.0 ? -8.0 : (v > -5.0 ? -2.0 : (v > -6.0 ? -20.0 : -7.0)));
            },
            asked);
        QVERIFY2(std::abs(t + 3.0) < kTolerance, std::to_string(t).c_str());
    }

    // No writes: the share is 1 (log 0); only reads: the lowest share, never NaN.
    void pureMixes_answerTheirBounds()
    {
        const Eigen::ArrayXd readShare = (Eigen::ArrayXd(2) << 0.0, 1.0).finished();
        const Eigen::ArrayXd readMs = Eigen::ArrayXd::Constant(2, 1.0);
        const Eigen::VectorXd t = solveWriterShareLog2(
            readShare, readMs, [](const std::vector<Eigen::Index>&, const Eigen::VectorXd& s) {
                return Eigen::VectorXd::Zero(s.size());
            });
        QCOMPARE(t(0), 0.0);
        QCOMPARE(t(1), kLowestWriterShareLog2);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestWriterShare)
#include "test_writer_share.moc"

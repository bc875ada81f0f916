// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/last_prediction.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <atomic>
#include <thread>

using iolens::core::LastPrediction;

namespace {

Eigen::MatrixXd matrix(double first)
{
    Eigen::MatrixXd x(2, 2);
    x << first, 2.0, 3.0, 4.0;
    return x;
}

} // namespace

class TestLastPrediction : public QObject {
    Q_OBJECT
private slots:
    // The same x again is answered without computing; any other x, or after clear(), computes.
    void sameMatrix_isAnsweredFromMemory()
    {
        LastPrediction last;
        int computed = 0;
        const auto answer = [&](double value) {
            return [&computed, value] {
                ++computed;
                return Eigen::VectorXd(Eigen::VectorXd::Constant(2, value));
            };
        };
        QCOMPARE(last.get(matrix(1.0), answer(10.0))(0), 10.0);
        QCOMPARE(last.get(matrix(1.0), answer(99.0))(0), 10.0);
        QCOMPARE(computed, 1);
        QCOMPARE(last.get(matrix(1.5), answer(20.0))(0), 20.0);
        QCOMPARE(computed, 2);
        // Same values, other shape: computed.
        QCOMPARE(last.get(Eigen::MatrixXd::Constant(1, 4, 1.0), answer(30.0))(0), 30.0);
        QCOMPARE(computed, 3);
        last.clear();
        QCOMPARE(last.get(Eigen::MatrixXd::Constant(1, 4, 1.0), answer(40.0))(0), 40.0);
        QCOMPARE(computed, 4);
    }

    // Each thread keeps its own last answer: the profiler's sweeps, one factor per thread, ask one
    // model in turn, and each thread asks again for its own sweep.
    void threads_keepTheirOwnAnswers()
    {
        LastPrediction last;
        std::atomic<int> computed = 0;
        const auto answer = [&computed](double value) {
            return [&computed, value] {
                ++computed;
                return Eigen::VectorXd(Eigen::VectorXd::Constant(2, value));
            };
        };
        QCOMPARE(last.get(matrix(1.0), answer(10.0))(0), 10.0);
        double other = 0.0;
        std::thread([&] { other = last.get(matrix(2.0), answer(20.0))(0); }).join();
        QCOMPARE(other, 20.0);
        QCOMPARE(computed.load(), 2);
        // This thread's answer survived the other thread's question.
        QCOMPARE(last.get(matrix(1.0), answer(99.0))(0), 10.0);
        QCOMPARE(computed.load(), 2);
        // Another thread asking for this thread's matrix computes it: answers are per thread.
        std::thread([&] { other = last.get(matrix(1.0), answer(30.0))(0); }).join();
        QCOMPARE(other, 30.0);
        QCOMPARE(computed.load(), 3);
        // More threads than remembered: the oldest makes room, and nothing breaks.
        for (std::size_t t = 0; t < LastPrediction::kThreads + 2; ++t)
            std::thread([&] { last.get(matrix(3.0), answer(40.0)); }).join();
        QCOMPARE(last.get(matrix(3.0), answer(50.0))(0), 50.0);
    }

    // A copy, a move and an assignment start empty: they belong to another model.
    void copies_startEmpty()
    {
        LastPrediction last;
        int computed = 0;
        const auto answer = [&] {
            ++computed;
            return Eigen::VectorXd(Eigen::VectorXd::Ones(2));
        };
        last.get(matrix(1.0), answer);
        const LastPrediction copy(last);
        copy.get(matrix(1.0), answer);
        QCOMPARE(computed, 2);
        LastPrediction assigned;
        assigned.get(matrix(1.0), answer);
        assigned = last;
        assigned.get(matrix(1.0), answer);
        QCOMPARE(computed, 4);
        LastPrediction moved(std::move(last));
        moved.get(matrix(1.0), answer);
        QCOMPARE(computed, 5);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestLastPrediction)
#include "test_last_prediction.moc"

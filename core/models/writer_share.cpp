// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/writer_share.hpp"

#include <cmath>
#include <limits>

namespace iolens::core {

double writerShareLog2(double readShare, double readMs, double writeMs)
{
    if (readShare <= 0.0)
        return 0.0;
    if (readShare >= 1.0)
        return -std::numeric_limits<double>::infinity();
    const double writing = (1.0 - readShare) * writeMs;
    return std::log2(writing / (readShare * readMs + writing));
}

Eigen::VectorXd solveWriterShareLog2(const Eigen::ArrayXd& readShare, const Eigen::ArrayXd& readMs,
    const std::function<Eigen::VectorXd(const Eigen::VectorXd& shareLog2)>& logWriteMsAt)
{
    const Eigen::Index n = readShare.size();
    // h(t) = t - writerShareLog2(t): >= 0 at t = 0 (a share is at most 1), and where it is
    // still >= 0 at the lowest bound, that bound is the answer.
    Eigen::VectorXd low = Eigen::VectorXd::Constant(n, kLowestWriterShareLog2);
    Eigen::VectorXd high = Eigen::VectorXd::Zero(n);
    constexpr int kSteps = 36; // 40 / 2^36 < 1e-9
    for (int step = 0; step < kSteps; ++step) {
        const Eigen::VectorXd middle = 0.5 * (low + high);
        const Eigen::VectorXd logWrite = logWriteMsAt(middle);
        for (Eigen::Index i = 0; i < n; ++i) {
            const double h
                = middle(i) - writerShareLog2(readShare(i), readMs(i), std::exp(logWrite(i)));
            (h < 0.0 ? low(i) : high(i)) = middle(i);
        }
    }
    Eigen::VectorXd share = 0.5 * (low + high);
    for (Eigen::Index i = 0; i < n; ++i) {
        if (readShare(i) <= 0.0)
            share(i) = 0.0;
        else if (readShare(i) >= 1.0)
            share(i) = kLowestWriterShareLog2;
    }
    return share;
}

} // namespace iolens::core

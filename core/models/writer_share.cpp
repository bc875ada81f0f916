// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/writer_share.hpp"

#include <cmath>
#include <limits>
#include <vector>

namespace iolens::core {

namespace {

/// Scan step and bisections: a bracket of 0.5 halved 20 times is 5e-7 wide, a relative change
/// of the write time below 1e-6 for any slope a model learns; at most 80 + 20 evaluations.
/// Coarser steps skip roots of tree models, whose write time jumps with the share: scanned in
/// steps of 2 (1), fio-tiered's nested grouped CV of the write time between measured levels
/// was 100 % (35 %), in steps of 0.5 and 0.25 alike 20 %.
constexpr double kScan = 0.5;
constexpr int kBisections = 20;

} // namespace

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
    // h(t) = t - writerShareLog2(t) is >= 0 at t = 0 (a share is at most 1). Scanning down in
    // steps of kScan brackets the highest root: the first step where h turns negative.
    const auto h = [&](const Eigen::VectorXd& t) {
        const Eigen::VectorXd logWrite = logWriteMsAt(t);
        Eigen::VectorXd out(n);
        for (Eigen::Index i = 0; i < n; ++i)
            out(i) = t(i) - writerShareLog2(readShare(i), readMs(i), std::exp(logWrite(i)));
        return out;
    };
    Eigen::VectorXd low = Eigen::VectorXd::Constant(n, kLowestWriterShareLog2);
    Eigen::VectorXd high = Eigen::VectorXd::Zero(n);
    std::vector<char> bracketed(static_cast<std::size_t>(n), 0);
    Eigen::Index open = n;
    for (double step = -kScan; step >= kLowestWriterShareLog2 && open > 0; step -= kScan) {
        const Eigen::VectorXd at = h(Eigen::VectorXd::Constant(n, step));
        for (Eigen::Index i = 0; i < n; ++i)
            if (!bracketed[static_cast<std::size_t>(i)] && at(i) < 0.0) {
                bracketed[static_cast<std::size_t>(i)] = 1;
                low(i) = step;
                high(i) = step + kScan;
                --open;
            }
    }
    // Rows never bracketed have h >= 0 down to the lowest share: that bound is their answer.
    for (Eigen::Index i = 0; i < n; ++i)
        if (!bracketed[static_cast<std::size_t>(i)])
            high(i) = low(i);
    for (int step = 0; step < kBisections; ++step) {
        const Eigen::VectorXd middle = 0.5 * (low + high);
        const Eigen::VectorXd at = h(middle);
        for (Eigen::Index i = 0; i < n; ++i)
            (at(i) < 0.0 ? low(i) : high(i)) = middle(i);
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

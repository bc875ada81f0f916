// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/writer_share.hpp"

#include <cmath>
#include <limits>
#include <vector>

namespace iolens::core {

namespace {

/// Scan step and bisections: a bracket of 0.5 halved 10 times is 5e-4 wide, so the midpoint
/// moves the write time by under 0.02 % where it grows as the share (log-log slope 1), far
/// below any run's noise. 16 halvings changed no grouped-CV figure by more than 0.1 point, and
/// a slider step with three writers' models averaged took 7.7 ms with them, 6.0 ms with 10
/// (bench_whatif_step, separate runs).
/// Coarser steps skip roots of tree models, whose write time jumps with the share: scanned in
/// steps of 2 (1), fio-tiered's nested grouped CV of the write time between measured levels
/// was 100 % (35 %), in steps of 0.5 and 0.25 alike 20 %.
constexpr double kScan = 0.5;
constexpr int kBisections = 10;

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

Eigen::VectorXd solveWriterShareLog2(
    const Eigen::ArrayXd& readShare, const Eigen::ArrayXd& readMs, const LogWriteMsAt& logWriteMsAt)
{
    const Eigen::Index n = readShare.size();
    Eigen::VectorXd share(n);
    std::vector<Eigen::Index> open; // mixes, still to bracket
    for (Eigen::Index i = 0; i < n; ++i) {
        if (readShare(i) <= 0.0)
            share(i) = 0.0;
        else if (readShare(i) >= 1.0)
            share(i) = kLowestWriterShareLog2;
        else
            open.push_back(i);
    }
    // h(t) = t - writerShareLog2(t) of the listed rows: >= 0 at t = 0 (a share is at most 1).
    // Only its sign is used, and t < log2(share) exactly when 2^t < share, so no logarithm is
    // taken per row: log2 was an eighth of a slider step's time on the third system's grid with
    // the readers' share on (perf of the step sliderStep/thirdSystemReaders measures). Answers
    // -1 where h < 0, else 1.
    const auto h = [&](const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& t) {
        const Eigen::VectorXd logWrite = logWriteMsAt(rows, t);
        Eigen::VectorXd out(t.size());
        for (std::size_t k = 0; k < rows.size(); ++k) {
            const auto i = rows[k];
            const auto kk = static_cast<Eigen::Index>(k);
            const double writing = (1.0 - readShare(i)) * std::exp(logWrite(kk));
            out(kk)
                = std::exp2(t(kk)) * (readShare(i) * readMs(i) + writing) < writing ? -1.0 : 1.0;
        }
        return out;
    };
    // Scanning down in steps of kScan brackets the highest root, the first step where h turns
    // negative; only the rows not yet bracketed are evaluated, most of them for a step or two.
    std::vector<Eigen::Index> bracketed;
    std::vector<double> lows;
    for (double step = -kScan; step >= kLowestWriterShareLog2 && !open.empty(); step -= kScan) {
        const Eigen::VectorXd at
            = h(open, Eigen::VectorXd::Constant(static_cast<Eigen::Index>(open.size()), step));
        std::vector<Eigen::Index> still;
        for (std::size_t k = 0; k < open.size(); ++k) {
            if (at(static_cast<Eigen::Index>(k)) < 0.0) {
                bracketed.push_back(open[k]);
                lows.push_back(step);
            } else {
                still.push_back(open[k]);
            }
        }
        open = std::move(still);
    }
    // Rows never bracketed have h >= 0 down to the lowest share: that bound is their answer.
    for (Eigen::Index i : open)
        share(i) = kLowestWriterShareLog2;
    const auto m = static_cast<Eigen::Index>(bracketed.size());
    Eigen::VectorXd low = Eigen::Map<const Eigen::VectorXd>(lows.data(), m);
    Eigen::VectorXd high = low.array() + kScan;
    for (int step = 0; step < kBisections && m > 0; ++step) {
        const Eigen::VectorXd middle = 0.5 * (low + high);
        const Eigen::VectorXd at = h(bracketed, middle);
        for (Eigen::Index k = 0; k < m; ++k)
            (at(k) < 0.0 ? low(k) : high(k)) = middle(k);
    }
    for (Eigen::Index k = 0; k < m; ++k)
        share(bracketed[static_cast<std::size_t>(k)]) = 0.5 * (low(k) + high(k));
    return share;
}

} // namespace iolens::core

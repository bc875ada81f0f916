// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/writer_share.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

namespace iolens::core {

namespace {

/// The scan's step. Coarser steps skip roots of tree models, whose write time jumps with the
/// share: scanned in steps of 2 (1), fio-tiered's nested grouped CV of the write time between
/// measured levels was 100 % (35 %), in steps of 0.5 and 0.25 alike 20 %.
constexpr double kScan = 0.5;

/// ITP (interpolate, truncate, project; Oliveira & Takahashi, ACM TOMS 47(1), 2020) narrows each
/// bracket: regula falsi where the model is smooth in the share (lm, MARS: two or three
/// evaluations), never more than kSlack evaluations beyond bisection's where it is not (a tree's
/// step). A row is done when its bracket is 2 kItpHalfWidth wide or its share is consistent to
/// kWriterShareTolerance (|excess| below it), and answers the end with the smaller excess.
/// Hand-written because the model is asked for all rows of a step at once (one predict of a
/// matrix), which no packaged root finder does: Boost's toms748_solve and bisect solve one
/// scalar function, and a predict per row and step costs several times the batch.
/// kKappa2 = 2 is the paper's suggestion; its kKappa1 = 0.2 / (initial width) truncates a
/// regula falsi point so far towards the middle that smooth rows took a step more: 3.4 and 4.3
/// steps per bracket on sliderStep/thirdSystemReaders and local, against 2.3 and 3.3 with 0.01.
constexpr double kItpHalfWidth = kWriterShareTolerance / 2.0;
constexpr double kKappa1 = 0.01 / kScan;
constexpr int kSlack = 1;

/// A row's read work against its write probability, ln(r R / (1 - r)): the writers' share at a
/// log write time lw is 1 / (1 + exp(c - lw)), so a row's arithmetic needs no other constant.
double readWeight(double r, double readMs)
{
    return std::log(r * readMs / (1.0 - r));
}

/// t - writerShareLog2 at share t of a row with read weight c whose write time model answers
/// logWrite there: >= 0 at t = 0; where it is 0, the share is consistent. log2(1 + e^d), not
/// log1p: the excess is compared with kWriterShareTolerance, so an absolute error of 1e-16
/// where e^d is tiny does not matter, and glibc's log1p (with its wrapper) was 7.5 % of the
/// instructions of a step of sliderStep/thirdSystemReaders (callgrind), more than any of the
/// models' own functions.
double excess(double t, double c, double logWrite)
{
    return t + std::log2(1.0 + std::exp(c - logWrite));
}

/// excess(t, ...) < 0 is logWrite > c + scanOffset(t), with no function of the row to evaluate:
/// exp and log2 per row were a fifth of a slider step's time on the third system's grid with
/// the readers' share on (perf of the step sliderStep/thirdSystemReaders measures), and the scan
/// needs only the sign. +infinity at t = 0, where no row is below its root.
double scanOffset(double t)
{
    return -std::log(std::exp2(-t) - 1.0);
}

/// The log2 share of scan step k.
double stepShare(int k)
{
    return -kScan * static_cast<double>(k);
}

/// The scan's steps, 0 down to kLowestWriterShareLog2.
constexpr auto kScanSteps = static_cast<int>(-kLowestWriterShareLog2 / kScan) + 1;

/// scanOffset at each scan step, step k at t = -k kScan: falls as k grows.
const std::array<double, kScanSteps>& scanOffsets()
{
    static const std::array<double, kScanSteps> offsets = [] {
        std::array<double, kScanSteps> o {};
        for (int k = 0; k < kScanSteps; ++k)
            o[static_cast<std::size_t>(k)] = scanOffset(stepShare(k));
        return o;
    }();
    return offsets;
}

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

namespace {

/// A row being scanned (see solveWriterShareLog2's scan).
struct Scanned {
    Eigen::Index row = 0;
    int step = 0;      ///< the step to ask the model at (stepShare)
    int lastStep = -1; ///< the step before, excess >= 0 there; none at step 0 (never below a root)
    double lastLogWrite = std::numeric_limits<double>::quiet_NaN(); ///< the model's answer there
    bool skipping = true; ///< false once a skip landed below a root
};

/// A bracketed row: excess < 0 at low, >= 0 at high, and the model's log time at both ends (the
/// scan asked at both; an excess of +infinity at high, a write time that underflowed, makes ITP
/// bisect).
struct Bracket {
    Eigen::Index row = 0;
    double low = 0.0, high = 0.0;
    double excessLow = 0.0, excessHigh = std::numeric_limits<double>::quiet_NaN();
    double logWriteLow = 0.0, logWriteHigh = std::numeric_limits<double>::quiet_NaN();
};

/// ITP's next point in [low, high] at iteration j of at most nMax.
double itpPoint(const Bracket& b, int j, int nMax)
{
    const double width = b.high - b.low;
    const double middle = 0.5 * (b.low + b.high);
    if (!std::isfinite(b.excessHigh))
        return middle; // no value at the high end yet: bisect
    const double falsi
        = (b.high * b.excessLow - b.low * b.excessHigh) / (b.excessLow - b.excessHigh);
    const double sigma = middle >= falsi ? 1.0 : -1.0;
    const double delta = kKappa1 * width * width; // kKappa2 = 2
    const double truncated = delta <= std::abs(middle - falsi) ? falsi + sigma * delta : middle;
    const double radius = std::ldexp(kItpHalfWidth, nMax - j) - 0.5 * width;
    return std::abs(truncated - middle) <= radius ? truncated : middle - sigma * radius;
}

} // namespace

Eigen::VectorXd solveWriterShareLog2(const Eigen::ArrayXd& readShare, const Eigen::ArrayXd& readMs,
    const LogWriteMsAt& logWriteMsAt, Eigen::VectorXd* logWriteMsAtAnswer)
{
    const Eigen::Index n = readShare.size();
    Eigen::VectorXd share(n);
    if (logWriteMsAtAnswer)
        logWriteMsAtAnswer->setConstant(n, std::numeric_limits<double>::quiet_NaN());
    std::vector<Scanned> scanned; // mixes, still to bracket
    Eigen::ArrayXd weight(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        if (readShare(i) <= 0.0)
            share(i) = 0.0;
        else if (readShare(i) >= 1.0)
            share(i) = kLowestWriterShareLog2;
        else {
            scanned.push_back({i});
            weight(i) = readWeight(readShare(i), readMs(i));
        }
    }
    // Scanning down in steps of kScan brackets the highest root, the first step where the
    // excess turns negative; only the rows not yet bracketed are evaluated. Each scanned row keeps
    // the model's answer at its last step, so ITP has the excess at both ends of its bracket;
    // the scan starts at 0 (where the excess is >= 0) for that: rows bracketed at -0.5 were
    // bisected until their high end had a value, and the mean number of ITP steps per bracket
    // on sliderStep/thirdSystemReaders fell from 7.8 to 4.5 (with the paper's kKappa1).
    // A row whose share at step t is s(t) < t - kScan skips to the step at or above s(t): where
    // the model's time does not fall as the share grows, every step between has s <= s(t) <
    // step, no root, so the bracket (and the answer) is the one the full scan finds. That is
    // Kleene's iteration from the top to the greatest fixed point of a monotone map, on the
    // scan's grid. Where a skip lands below a root, the model fell somewhere in between, and
    // the row is scanned step by step from where it skipped. Three quarters of the scan's calls
    // on sliderStep/thirdSystemReaders went to rows whose root lies near 2^-10 (cached reads
    // beside 20 ms writes), walked down one step at a time.
    const std::array<double, kScanSteps>& offsets = scanOffsets();
    std::vector<Bracket> brackets;
    std::vector<Eigen::Index> rows;
    std::vector<Scanned> still;
    while (!scanned.empty()) {
        rows.clear();
        Eigen::VectorXd at(static_cast<Eigen::Index>(scanned.size()));
        for (std::size_t k = 0; k < scanned.size(); ++k) {
            rows.push_back(scanned[k].row);
            at(static_cast<Eigen::Index>(k)) = stepShare(scanned[k].step);
        }
        const Eigen::VectorXd logWrite = logWriteMsAt(rows, at);
        still.clear();
        for (std::size_t k = 0; k < scanned.size(); ++k) {
            Scanned row = scanned[k];
            const Eigen::Index i = row.row;
            const double lw = logWrite(static_cast<Eigen::Index>(k));
            const double at = stepShare(row.step);
            if (lw - weight(i) > offsets[static_cast<std::size_t>(row.step)]) { // below a root
                if (row.step == row.lastStep + 1) {
                    Bracket b {i, at, stepShare(row.lastStep), excess(at, weight(i), lw)};
                    b.logWriteLow = lw;
                    b.logWriteHigh = row.lastLogWrite;
                    b.excessHigh = excess(b.high, weight(i), b.logWriteHigh);
                    brackets.push_back(b);
                } else { // a skip landed below a root: step by step from where it skipped
                    row.skipping = false;
                    row.step = row.lastStep + 1;
                    still.push_back(row);
                }
                continue;
            }
            if (row.step == kScanSteps - 1) {
                // Excess >= 0 down to the lowest share: that bound is the answer.
                share(i) = kLowestWriterShareLog2;
                continue;
            }
            // The next step, or the skip: the lowest step at or above the share s the model
            // gives here. A step t is at or above s where lw - c <= scanOffset(t) (excess >= 0
            // there at this time), and the offsets fall with the step, so the skip's step is the
            // last of the offsets at or above lw - c: one search of the table instead of an exp
            // and a log per row and step.
            int next = row.step + 1;
            if (row.skipping) {
                const auto atOrAbove = std::partition_point(offsets.begin() + row.step,
                    offsets.end(), [&](double offset) { return offset >= lw - weight(i); });
                next = std::max(next, static_cast<int>(atOrAbove - offsets.begin()) - 1);
            }
            row.lastStep = row.step;
            row.lastLogWrite = lw;
            row.step = std::min(next, kScanSteps - 1);
            still.push_back(row);
        }
        scanned.swap(still);
    }

    const int nMax = static_cast<int>(std::ceil(std::log2(kScan / (2.0 * kItpHalfWidth)))) + kSlack;
    std::vector<std::size_t> active(brackets.size());
    std::iota(active.begin(), active.end(), std::size_t {0});
    for (int j = 0; j < nMax && !active.empty(); ++j) {
        rows.clear();
        Eigen::VectorXd at(static_cast<Eigen::Index>(active.size()));
        for (std::size_t k = 0; k < active.size(); ++k) {
            rows.push_back(brackets[active[k]].row);
            at(static_cast<Eigen::Index>(k)) = itpPoint(brackets[active[k]], j, nMax);
        }
        const Eigen::VectorXd logWrite = logWriteMsAt(rows, at);
        std::vector<std::size_t> unfinished;
        for (std::size_t k = 0; k < active.size(); ++k) {
            Bracket& b = brackets[active[k]];
            const auto kk = static_cast<Eigen::Index>(k);
            const double e = excess(at(kk), weight(b.row), logWrite(kk));
            if (e < 0.0) {
                b.low = at(kk);
                b.excessLow = e;
                b.logWriteLow = logWrite(kk);
            } else {
                b.high = at(kk);
                b.excessHigh = e;
                b.logWriteHigh = logWrite(kk);
            }
            if (std::abs(e) > kWriterShareTolerance && b.high - b.low > 2.0 * kItpHalfWidth)
                unfinished.push_back(active[k]);
        }
        active = std::move(unfinished);
    }
    // Each answer is the end nearer the sign change by its excess, where the model was asked.
    for (const Bracket& b : brackets) {
        const bool high = std::isfinite(b.excessHigh) && std::abs(b.excessHigh) <= -b.excessLow;
        share(b.row) = high ? b.high : b.low;
        if (logWriteMsAtAnswer)
            (*logWriteMsAtAnswer)(b.row) = high ? b.logWriteHigh : b.logWriteLow;
    }
    return share;
}

} // namespace iolens::core

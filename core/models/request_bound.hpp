// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <functional>
#include <vector>

namespace iolens::core {

/// How a mean response time, or a 99th percentile of the times, may grow beyond the largest
/// request size it was trained on: between a fixed cost plus a transfer time and a time in
/// proportion to the request. (A quantile of times that each scale so scales so too; on the VM's
/// disk, trained on 4 and 64 KiB, the 99th percentiles of reads at 128 and 256 KiB were missed
/// by 13.8 % with the laws, 28.2 % without. A throttle that releases requests in fixed time
/// slices breaks the lower law: the capped volume's read p99 sits at 96-103 ms at every size.)
///
/// At most in proportion: a device moves a larger request at no less bandwidth than a smaller
/// one, so time(N) <= time(top) x N / top. A regression has no such limit: on a volume capped at
/// 2,000 IOPS and 64 MiB/s, fitted on 4-64 KiB (flat up to the cap's knee, proportional past
/// it), the chosen model answered 256 KiB reads at 11 times its 64 KiB answer (measured: 4
/// times), 3.2 times the measured time.
///
/// At least a fixed cost plus a transfer time: each further byte costs at least what it cost
/// between the two largest sizes measured, time(N) >= time(top) + (N - top) x (time(top) -
/// time(below)) / (top - below), the model's own answers at both. A regression on the log scale
/// grows as a power of the request, which past the top falls behind any transfer time: on
/// fio-local's stack measured to 1 MiB (tests/data/measured/local-request-sweep.csv), trained
/// on 4-64 KiB, the chosen models answered 1 MiB reads in a seventh to a twelfth of the
/// measured time. (Copies out of a page cache can cost less per KiB as requests grow; there the
/// law overstates the next size: README "The request size".)
///
/// Between the two the answer is the model's own; the interval of an answer beyond the top
/// spans at least the two (answers(), AutoModel::predictInterval), since nothing measured says
/// where between them the device's bandwidth runs out.
struct RequestBound {
    /// The base feature column of the request size; -1: off.
    Eigen::Index column = -1;
    /// The largest request size trained on, in the column's unit (KiB).
    double top = 0.0;
    /// The next smaller request size trained on; 0: no lower law (a model file of session 50,
    /// which answers as it did).
    double below = 0.0;

    bool on() const { return column >= 0; }

    /// On for log-scale response times, means and 99th percentiles (y = log ms), whose request
    /// size varies in `data`; off otherwise.
    static RequestBound of(const Dataset& data);

    /// Log-scale answers for a feature matrix, as a model gives them.
    using LogTimes = std::function<Eigen::VectorXd(const Eigen::MatrixXd&)>;

    /// Per row of x: the model's answer held between the two laws, and the laws themselves
    /// (log scale). Rows at or below the top have low = high = answer = the model's own.
    struct Answers {
        Eigen::VectorXd answer;
        Eigen::VectorXd low;
        Eigen::VectorXd high;
        /// The rows beyond the top, ascending.
        std::vector<Eigen::Index> beyond;
    };

    /// The model is asked once, for x with its rows beyond the top appended at `top` and at
    /// `below`: always the same matrix for the same x, so a model that remembers its last answer
    /// (LastPrediction) answers every caller asking for x from it, where asking for the rows at
    /// `top` apart replaced x's answer between a response time and the rates composed from it
    /// (sliderStep/thirdSystemReaders 4.8 ms, 3.0 without the bound). O(rows x columns) besides
    /// the model.
    Answers answers(const Eigen::MatrixXd& x, const LogTimes& logTimeAt) const;
    /// answers(x, logTimeAt).answer.
    Eigen::VectorXd answer(const Eigen::MatrixXd& x, const LogTimes& logTimeAt) const;

    /// [column, top, below]; null when off.
    nlohmann::json toJson() const;
    /// Also reads [column, top] (below 0). Throws DataError for a malformed entry or a column
    /// outside `columns`; null: off.
    static RequestBound fromJson(const nlohmann::json& json, Eigen::Index columns);
};

} // namespace iolens::core

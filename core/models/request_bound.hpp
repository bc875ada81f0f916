// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <functional>

namespace iolens::core {

/// How far a mean response time may grow beyond the largest request size it was trained on: at
/// most in proportion to the request. A device moves a larger request at no less bandwidth than
/// a smaller one (the time per request is a fixed cost plus a transfer time at best, and a
/// transfer at the device's bandwidth at worst), so time(N) <= time(top) x N / top. A regression
/// has no such limit: on a volume capped at 2,000 IOPS and 64 MiB/s, fitted on 4-64 KiB (flat up
/// to the cap's knee, proportional past it), the chosen model answered 256 KiB reads at 11 times
/// its 64 KiB answer (measured: 4 times), 3.2 times the measured time. The bound only lowers
/// such answers; one that grows less than in proportion stays the model's own (a floor at the
/// top's time was tried too and not kept, README "The request size").
struct RequestBound {
    /// The base feature column of the request size; -1: off.
    Eigen::Index column = -1;
    /// The largest request size trained on, in the column's unit (KiB).
    double top = 0.0;

    bool on() const { return column >= 0; }

    /// On for log-scale mean response times (y = log ms) whose request size varies in `data`;
    /// off otherwise.
    static RequestBound of(const Dataset& data);

    /// The answers of `logTimeAt` (a model's log-scale answers for a feature matrix) for x, each
    /// row beyond `top` lowered to at most the answer at `top` plus log(request / top). The model
    /// is asked once, for x with those rows at `top` appended below it: always the same matrix
    /// for the same x, so a model that remembers its last answer (LastPrediction) answers every
    /// caller asking for x from it, where asking for the rows at `top` apart replaced x's answer
    /// between a response time and the rates composed from it (sliderStep/thirdSystemReaders 4.8
    /// ms, 3.0 without the bound). O(rows x columns) besides the model.
    Eigen::VectorXd answer(const Eigen::MatrixXd& x,
        const std::function<Eigen::VectorXd(const Eigen::MatrixXd&)>& logTimeAt) const;

    /// [column, top]; null when off.
    nlohmann::json toJson() const;
    /// Throws DataError for a malformed entry or a column outside `columns`; null: off.
    static RequestBound fromJson(const nlohmann::json& json, Eigen::Index columns);
};

} // namespace iolens::core

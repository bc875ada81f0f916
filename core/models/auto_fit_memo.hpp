// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"
#include "models/regressor.hpp"

#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>

namespace iolens::core {

class AutoModel;

/// Auto fits remembered by their exact training data. A closed workload's throughput and IOPS
/// are composed from auto models of its read and write response times (AutoModel), so the
/// window, which trains auto for every metric, would fit the same response times three times:
/// for rt_read_ms itself and inside both rates, and again per fold when it cross-validates
/// them (the folds are the same rows). A fit is deterministic, so equal data gives an equal
/// model; a fit asked for while another thread computes it waits for that one. No packaged
/// library memoises by value; this is a mutex, a few futures and a bounded list.
class AutoFitMemo {
public:
    struct Fitted {
        std::shared_ptr<const AutoModel> model;
        FitReport report;
    };
    /// Entries kept, oldest dropped first: the window's metrics and folds at once.
    static constexpr std::size_t kEntries = 64;

    /// The remembered fit of (`settings`, data's schema, x, y and its read and write times' x
    /// and y), or fit() run once and remembered; fit()'s exception is rethrown to every caller
    /// of the same data. The other direction's times count because a response time's
    /// candidates fit on them (the writers' and readers' shares), and the same rows can come
    /// with different rows of the other direction (a fold, or a rate whose composition passes
    /// its own).
    Fitted fitted(
        const std::string& settings, const Dataset& data, const std::function<Fitted()>& fit);

private:
    struct Entry {
        std::string settings;
        std::string schema;
        Eigen::MatrixXd x;
        Eigen::VectorXd y;
        Eigen::MatrixXd readX; ///< empty without read times
        Eigen::VectorXd readY;
        Eigen::MatrixXd writeX; ///< empty without write times
        Eigen::VectorXd writeY;
        std::shared_future<Fitted> fit;
    };
    std::mutex m_mutex;
    std::deque<Entry> m_entries;
};

} // namespace iolens::core

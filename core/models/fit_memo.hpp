// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"

#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <string>

namespace iolens::core {

/// Fits remembered by their exact training data: a fit is deterministic, so equal settings and
/// data give an equal model. The data is compared whole (schema, x, y, and its read and write
/// times' x and y, which the thread-share candidates fit on), never by a hash, so two fits can
/// not be confused. A fit asked for while another thread computes it waits for that one, and a
/// fit's exception reaches every caller of the same data. No packaged library memoises by value;
/// this is a mutex, a few futures and a bounded list, oldest dropped first.
template <class Fitted> class FitMemo {
public:
    /// Entries kept: the window's metrics and a grouped CV's folds at once.
    static constexpr std::size_t kEntries = 64;

    /// The remembered fit of (`settings`, `data`), or fit() run once and remembered.
    Fitted fitted(
        const std::string& settings, const Dataset& data, const std::function<Fitted()>& fit)
    {
        Entry key {settings, data.schema.toJson().dump(), data.x, data.y,
            data.readTimes ? data.readTimes->x : Eigen::MatrixXd {},
            data.readTimes ? data.readTimes->y : Eigen::VectorXd {},
            data.writeTimes ? data.writeTimes->x : Eigen::MatrixXd {},
            data.writeTimes ? data.writeTimes->y : Eigen::VectorXd {}, {}};
        std::promise<Fitted> promise;
        bool compute = false;
        {
            const std::lock_guard<std::mutex> lock(m_mutex);
            for (const Entry& e : m_entries)
                if (e.sameKey(key)) {
                    key.fit = e.fit;
                    break;
                }
            if (!key.fit.valid()) {
                key.fit = promise.get_future().share();
                m_entries.push_back(key);
                if (m_entries.size() > kEntries)
                    m_entries.pop_front();
                compute = true;
            }
        }
        if (compute) {
            try {
                promise.set_value(fit());
            } catch (...) {
                promise.set_exception(std::current_exception());
            }
        }
        return key.fit.get();
    }

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

        bool sameKey(const Entry& o) const
        {
            const auto same = [](const auto& a, const auto& b) {
                return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
            };
            return settings == o.settings && schema == o.schema && same(x, o.x) && same(y, o.y)
                && same(readX, o.readX) && same(readY, o.readY) && same(writeX, o.writeX)
                && same(writeY, o.writeY);
        }
    };
    std::mutex m_mutex;
    std::deque<Entry> m_entries;
};

} // namespace iolens::core

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
/// not be confused. The schema's numeric ranges are left out (fitKey): they describe the rows a
/// dataset was built from and no fit reads them. A fit asked for while another thread computes it
/// waits for that one, and a fit's exception reaches every caller of the same data. No packaged
/// library memoises by value; this is a mutex, a few futures and a bounded list, oldest dropped
/// first.
template <class Fitted> class FitMemo {
public:
    /// Entries kept: every fit of the window's cross-validations of auto on a grid the size of
    /// fio-local's (148 distinct response-time fits; with 64 kept, a rate's folds came after
    /// their times' folds had been dropped and fitted them again: 240 fits).
    static constexpr std::size_t kEntries = 256;
    /// Values (doubles) the kept keys may hold together (32 MiB of keys): on a large database,
    /// whose folds hold thousands of rows, fewer entries are kept, as each holds a model fitted
    /// on thousands of rows too. With twice this bound the window on 100,000 configurations
    /// (bench_window_open --wait 900) peaked at 1,367 MiB, against 922 MiB with 64 entries.
    static constexpr std::size_t kKeyValues = std::size_t(1) << 22;

    /// The remembered fit of (`settings`, `data`), or fit() run once and remembered.
    Fitted fitted(
        const std::string& settings, const Dataset& data, const std::function<Fitted()>& fit)
    {
        Entry key {settings, fitKey(data.schema), data.x, data.y,
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
                m_keyValues += key.values();
                m_entries.push_back(key);
                while (m_entries.size() > 1
                    && (m_entries.size() > kEntries || m_keyValues > kKeyValues)) {
                    m_keyValues -= m_entries.front().values();
                    m_entries.pop_front();
                }
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

    /// The schema as a fit sees it: its columns, levels and fixed values without the numeric
    /// columns' training ranges. Those ranges are metadata of the rows a dataset was built from
    /// (they only tell a prediction it lies beyond them) and every fit works on x itself. They
    /// differ where one fit is asked for from two datasets: the window's write-time model has
    /// its own rows' read shares (0-75 % on fio-local), a write throughput composed from the
    /// same times carries the rate's schema, and with ranges in the key each was fitted twice.
    static std::string fitKey(const FeatureSchema& schema)
    {
        nlohmann::json json = schema.toJson();
        for (nlohmann::json& column : json.at("columns")) {
            column.erase("min");
            column.erase("max");
        }
        return json.dump();
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

        std::size_t values() const
        {
            return static_cast<std::size_t>(
                x.size() + y.size() + readX.size() + readY.size() + writeX.size() + writeY.size());
        }
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
    std::size_t m_keyValues = 0; ///< values() summed over m_entries
};

} // namespace iolens::core

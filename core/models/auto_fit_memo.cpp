// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/auto_fit_memo.hpp"

namespace iolens::core {

AutoFitMemo::Fitted AutoFitMemo::fitted(
    const std::string& settings, const Dataset& data, const std::function<Fitted()>& fit)
{
    const std::string schema = data.schema.toJson().dump();
    const Eigen::MatrixXd readX = data.readTimes ? data.readTimes->x : Eigen::MatrixXd {};
    const Eigen::VectorXd readY = data.readTimes ? data.readTimes->y : Eigen::VectorXd {};
    const Eigen::MatrixXd writeX = data.writeTimes ? data.writeTimes->x : Eigen::MatrixXd {};
    const Eigen::VectorXd writeY = data.writeTimes ? data.writeTimes->y : Eigen::VectorXd {};
    const auto same = [](const auto& a, const auto& b) {
        return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
    };
    std::shared_future<Fitted> future;
    std::promise<Fitted> promise;
    bool compute = false;
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        for (const Entry& e : m_entries)
            if (e.settings == settings && e.schema == schema && same(e.x, data.x)
                && same(e.y, data.y) && same(e.readX, readX) && same(e.readY, readY)
                && same(e.writeX, writeX) && same(e.writeY, writeY)) {
                future = e.fit;
                break;
            }
        if (!future.valid()) {
            future = promise.get_future().share();
            m_entries.push_back(
                {settings, schema, data.x, data.y, readX, readY, writeX, writeY, future});
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
    return future.get();
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/last_prediction.hpp"

#include <algorithm>

namespace iolens::core {

LastPrediction& LastPrediction::operator=(const LastPrediction& other) noexcept
{
    if (this != &other)
        clear();
    return *this;
}

LastPrediction& LastPrediction::operator=(LastPrediction&& other) noexcept
{
    if (this != &other)
        clear();
    return *this;
}

Eigen::VectorXd LastPrediction::get(
    const Eigen::MatrixXd& x, const std::function<Eigen::VectorXd()>& compute) const
{
    const std::thread::id thread = std::this_thread::get_id();
    const auto ofThread = [&] {
        return std::find_if(m_answers.begin(), m_answers.end(),
            [&](const Answer& answer) { return answer.thread == thread; });
    };
    {
        const std::lock_guard lock(m_mutex);
        const auto it = ofThread();
        if (it != m_answers.end() && it->x.rows() == x.rows() && it->x.cols() == x.cols()
            && it->y.size() == x.rows() && it->x == x)
            return it->y;
    }
    Eigen::VectorXd y = compute();
    const std::lock_guard lock(m_mutex);
    auto it = ofThread();
    if (it == m_answers.end()) {
        if (m_answers.size() < kThreads) {
            m_answers.push_back({thread, {}, {}});
            it = m_answers.end() - 1;
        } else {
            it = m_answers.begin() + static_cast<std::ptrdiff_t>(m_oldest);
            m_oldest = (m_oldest + 1) % kThreads;
            it->thread = thread;
        }
    }
    it->x = x;
    it->y = y;
    return y;
}

void LastPrediction::clear() noexcept
{
    const std::lock_guard lock(m_mutex);
    m_answers.clear();
    m_oldest = 0;
}

} // namespace iolens::core

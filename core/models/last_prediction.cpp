// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/last_prediction.hpp"

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
    {
        const std::lock_guard lock(m_mutex);
        if (m_x.rows() == x.rows() && m_x.cols() == x.cols() && m_y.size() == x.rows() && m_x == x)
            return m_y;
    }
    Eigen::VectorXd y = compute();
    const std::lock_guard lock(m_mutex);
    m_x = x;
    m_y = y;
    return y;
}

void LastPrediction::clear() noexcept
{
    const std::lock_guard lock(m_mutex);
    m_x.resize(0, 0);
    m_y.resize(0);
}

} // namespace iolens::core

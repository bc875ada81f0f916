// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/axis_scales.hpp"

#include "plots/decade_ticker.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::ui {

void applyParameterScale(QCPAxis& axis, const ParameterScale& scale, double pad)
{
    axis.setScaleType(scale.log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (scale.log) {
        auto ticker = QSharedPointer<DecadeTicker>::create(&axis);
        ticker->setZeroAt(scale.zeroAt);
        axis.setTicker(ticker);
    } else {
        axis.setTicker(QSharedPointer<QCPAxisTicker>::create());
    }
    axis.setRange(scale.fromNormalised(-pad), scale.fromNormalised(1.0 + pad));
}

void applyCostScale(QCPAxis& axis, double low, double high)
{
    const bool log = low > 0.0 && high / low > 10.0;
    axis.setScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (log)
        axis.setTicker(QSharedPointer<DecadeTicker>::create(&axis));
    else
        axis.setTicker(QSharedPointer<QCPAxisTicker>::create());
    if (!(high > low))
        high = low + std::max(std::fabs(low) * 0.1, 1e-9);
    axis.setRange(low, high);
}

} // namespace iolens::ui

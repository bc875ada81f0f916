// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <limits>

namespace iolens::ui {

/// The values the profiler's shared y axis is fitted to, collected across its plots: the
/// measurements, the recommended model's curve and interval, the SLA bounds of the metric. The
/// other models' curves are not among them, so that one model's extrapolation (lm's 3000 ms at a
/// 32 GiB file set) does not squeeze every plot into a decade; they are clipped at the edge.
class ValueSpan {
public:
    /// Widens the span to `value`; NaN and infinities are ignored (no value there).
    void include(double value);
    bool empty() const { return !(m_low <= m_high); }
    double low() const { return m_low; }
    double high() const { return m_high; }

private:
    double m_low = std::numeric_limits<double>::infinity();
    double m_high = -std::numeric_limits<double>::infinity();
};

/// A y range, low < high.
struct ValueRange {
    double low = 0.0;
    double high = 1.0;
};

/// The axis range for `span` with room above and below: multiplicative (÷ and × 1.25) when the
/// values are positive and span more than a decade (the axis is then logarithmic, see
/// applyCostScale), else 6 % of the span either side, not below 0 for values that are not
/// negative. An empty span gives 0..1. Deterministic: a function of the span alone.
ValueRange paddedValueRange(const ValueSpan& span);

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace iolens::ui {

/// The values a slider steps through, ascending. A slider position is an index into them, so any
/// spacing works: the size sliders use half octaves (1, 1.5, 2, 3, 4, 6, ... times a power of
/// two), which reads as a log scale with round labels, and every scale also contains the measured
/// values, so a slider can always land exactly on a measured configuration, whatever the data.
class StepScale {
public:
    StepScale() = default;
    /// `values` in any order; duplicates are dropped.
    explicit StepScale(std::vector<double> values);

    /// Half-octave steps covering [lo, hi] (both > 0) extended to whole octaves, merged with
    /// `measured`. Every value is a whole number when lo >= 2.
    static StepScale halfOctaves(double lo, double hi, const std::vector<double>& measured);
    /// lo, lo + step, ..., hi, merged with `measured`.
    static StepScale linear(double lo, double hi, double step, const std::vector<double>& measured);

    int size() const { return static_cast<int>(m_values.size()); }
    bool empty() const { return m_values.empty(); }
    /// Precondition: 0 <= index < size().
    double value(int index) const { return m_values[static_cast<std::size_t>(index)]; }
    double front() const { return m_values.front(); }
    double back() const { return m_values.back(); }
    const std::vector<double>& values() const { return m_values; }

    /// Index of the step closest to `value`, on a log scale if `logarithmic` (so 5 is nearer to
    /// 4 than to 6 only if log-nearer). Clamps outside the range. O(log n). Precondition: !empty().
    int nearestIndex(double value, bool logarithmic) const;
    /// Index of a step exactly equal to `value`, or -1.
    int indexOf(double value) const;

private:
    std::vector<double> m_values;
};

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/median.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cstddef>

namespace iolens::core {

double median(std::vector<double> values)
{
    if (values.empty())
        throw StateError("median: no values");
    const auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), mid, values.end());
    if (values.size() % 2 == 1)
        return *mid;
    // nth_element leaves the lower half before mid: its largest is the other middle value.
    return 0.5 * (*mid + *std::max_element(values.begin(), mid));
}

} // namespace iolens::core

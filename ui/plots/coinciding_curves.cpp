// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/coinciding_curves.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::ui {

namespace {

bool sameValues(const std::vector<double>& a, const std::vector<double>& b)
{
    return a.size() == b.size()
        && std::equal(a.begin(), a.end(), b.begin(),
            [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); });
}

} // namespace

std::vector<int> coincidingCurves(const std::vector<const std::vector<double>*>& curves)
{
    std::vector<int> earlier(curves.size(), -1);
    for (std::size_t i = 0; i < curves.size(); ++i)
        for (std::size_t j = 0; j < i && earlier[i] < 0; ++j)
            if (curves[i] && curves[j] && !curves[i]->empty() && sameValues(*curves[i], *curves[j]))
                earlier[i] = static_cast<int>(j);
    return earlier;
}

} // namespace iolens::ui

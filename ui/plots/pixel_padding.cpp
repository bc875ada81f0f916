// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/pixel_padding.hpp"

#include <cmath>

namespace iolens::ui {

QCPRange padByPixels(double first, double last, bool log, double padPx, double lengthPx)
{
    // On a log axis the pixels are even in log10, so pad there.
    const double from = log ? std::log10(first) : first;
    const double to = log ? std::log10(last) : last;
    double pad = log ? std::log10(2.0) : 1.0;
    if (to > from && lengthPx > 2.0 * padPx + 1.0)
        pad = padPx * (to - from) / (lengthPx - 2.0 * padPx);
    if (log)
        return {std::pow(10.0, from - pad), std::pow(10.0, to + pad)};
    return {from - pad, to + pad};
}

} // namespace iolens::ui

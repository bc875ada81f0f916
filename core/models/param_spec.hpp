// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <limits>
#include <map>
#include <string>
#include <vector>

namespace iolens::core {

/// Description of one hyper-parameter: the slider panel and the optimizer both iterate these, so
/// no per-model knob is hard-coded elsewhere.
struct ParamSpec {
    std::string name;        ///< key used in --param NAME=VALUE and in model files
    std::string description; ///< one line for a person
    std::string paperName;   ///< symbol or name in the ICPE'13 paper / R package
    bool integer = false;    ///< values are rounded half-to-even, like R's round()
    double minValue = 0.0;   ///< valid range, inclusive
    double maxValue = std::numeric_limits<double>::infinity();
    double defaultValue = 0.0;
    bool logScale = false; ///< spans orders of magnitude (for sliders and search)
    /// Range the parameter optimizer searches (ICPE'13 Table 2, "used range"); NaN when the
    /// optimizer leaves the parameter at its value.
    double searchLow = std::numeric_limits<double>::quiet_NaN();
    double searchHigh = std::numeric_limits<double>::quiet_NaN();

    bool tuned() const { return searchLow == searchLow && searchHigh == searchHigh; }
};

/// Parameter values by name.
using ParamValues = std::map<std::string, double>;

/// Fills defaults, rounds integers (half to even) and checks ranges. Throws ConfigError naming the
/// technique and the parameter for an unknown name or a value out of range.
ParamValues resolveParameters(
    const std::string& technique, const std::vector<ParamSpec>& specs, const ParamValues& given);

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/param_spec.hpp"

#include "common/closest_name.hpp"
#include "common/error.hpp"
#include "data/csv_table.hpp"

#include <algorithm>
#include <cfenv>
#include <cmath>

namespace iolens::core {

ParamValues resolveParameters(
    const std::string& technique, const std::vector<ParamSpec>& specs, const ParamValues& given)
{
    for (const auto& [name, value] : given) {
        // A named reference: lambdas may capture structured bindings only from C++20 on, which
        // clang 14 does not implement.
        const std::string& givenName = name;
        const bool known = std::any_of(
            specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == givenName; });
        if (!known) {
            std::string valid;
            std::vector<std::string> names;
            for (const ParamSpec& s : specs) {
                valid += (valid.empty() ? "" : ", ") + s.name;
                names.push_back(s.name);
            }
            throw ConfigError("technique '" + technique + "' has no parameter '" + name + "' ("
                + didYouMean(name, names) + "valid: " + (valid.empty() ? "none" : valid) + ")");
        }
    }
    ParamValues resolved;
    for (const ParamSpec& spec : specs) {
        const auto it = given.find(spec.name);
        double value = it == given.end() ? spec.defaultValue : it->second;
        if (!std::isfinite(value))
            throw ConfigError(technique + " parameter " + spec.name + ": value is not finite");
        if (spec.integer)
            value = std::nearbyint(value); // default rounding mode: half to even, as R's round()
        if (value < spec.minValue || value > spec.maxValue)
            throw ConfigError(technique + " parameter " + spec.name + " = " + formatNumber(value)
                + " is outside its valid range " + formatNumber(spec.minValue) + ".."
                + formatNumber(spec.maxValue));
        resolved[spec.name] = value;
    }
    return resolved;
}

} // namespace iolens::core

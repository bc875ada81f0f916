// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <random>
#include <string>

namespace iolens::core {

class PlanFieldReader;

/// A non-negative amount drawn per use: a request's bytes, a CPU demand, a think time. An
/// application definition gives one as a plain number (a constant) or as an object naming the
/// distribution, as Filebench's personalities do for file and append sizes.
class SizeDistribution {
public:
    enum class Kind { Constant, Exponential, Gamma, Uniform };

    static SizeDistribution constant(double value);
    static SizeDistribution exponential(double mean);
    /// Gamma with the given mean and shape (Filebench's "gamma" file sizes use shape 1.5).
    static SizeDistribution gamma(double mean, double shape);
    static SizeDistribution uniform(double low, double high);

    /// A JSON number, {"exponential": {"mean": M}}, {"gamma": {"mean": M, "shape": K}} or
    /// {"uniform": [LOW, HIGH]}; sizes (`isSize`) also take fio's size strings ("16k"). Fails
    /// through `reader` naming `field` for anything else or a negative amount.
    static SizeDistribution fromJson(
        const nlohmann::json& value, const std::string& field, const PlanFieldReader& reader);

    Kind kind() const { return m_kind; }
    /// The same distribution scaled to `mean` (a calibrated demand keeps its shape).
    SizeDistribution scaledTo(double mean) const;
    double mean() const;
    double sample(std::mt19937_64& random) const;
    nlohmann::json toJson() const;

private:
    Kind m_kind = Kind::Constant;
    double m_first = 0.0;  ///< the constant, the mean (exponential, gamma) or the low end
    double m_second = 0.0; ///< the gamma shape or the uniform high end
};

} // namespace iolens::core

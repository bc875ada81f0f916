// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"

#include <string>
#include <vector>

namespace iolens::core {

/// A condition on configurations, such as "request_kib<=32,pattern=random": comparisons of a
/// factor (by its feature name: scheduler, fileset_mib, request_kib, pattern, read_pct, threads,
/// vms) joined by commas, all of which must hold. Used to pick scenarios (ICPE'13 section 6:
/// train on request sizes up to 32 KiB, test above).
class ConfigurationFilter {
public:
    ConfigurationFilter() = default;
    /// Throws ConfigError naming the clause that is not understood. An empty text admits all.
    static ConfigurationFilter parse(const std::string& text);

    bool admits(const Configuration& config) const;
    std::vector<AggregatedMeasurement> apply(const std::vector<AggregatedMeasurement>& rows) const;
    const std::string& text() const { return m_text; }
    bool empty() const { return m_clauses.empty(); }

private:
    enum class Op { Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual };
    struct Clause {
        Factor factor;
        Op op;
        double number = 0.0;
        std::string label;
    };
    std::vector<Clause> m_clauses;
    std::string m_text;
};

} // namespace iolens::core

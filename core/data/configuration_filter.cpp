// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/configuration_filter.hpp"

#include "common/closest_name.hpp"
#include "common/error.hpp"
#include "data/csv_table.hpp"

#include <algorithm>
#include <array>
#include <sstream>

namespace iolens::core {

namespace {

std::string trim(const std::string& text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

template <typename T> bool compare(const T& a, const T& b, int op)
{
    switch (op) {
    case 0:
        return a < b;
    case 1:
        return a <= b;
    case 2:
        return a > b;
    case 3:
        return a >= b;
    case 4:
        return a == b;
    default:
        return a != b;
    }
}

} // namespace

ConfigurationFilter ConfigurationFilter::parse(const std::string& text)
{
    // Longest operators first, so "<=" is not read as "<".
    static const std::array<std::pair<const char*, Op>, 6> kOps {
        {{"<=", Op::LessEqual}, {">=", Op::GreaterEqual}, {"!=", Op::NotEqual}, {"<", Op::Less},
            {">", Op::Greater}, {"=", Op::Equal}}};
    ConfigurationFilter filter;
    filter.m_text = text;
    std::stringstream stream(text);
    std::string clause;
    while (std::getline(stream, clause, ',')) {
        clause = trim(clause);
        if (clause.empty())
            continue;
        std::size_t at = std::string::npos;
        Op op = Op::Equal;
        std::size_t opLength = 0;
        for (const auto& [symbol, kind] : kOps) {
            at = clause.find(symbol);
            if (at != std::string::npos) {
                op = kind;
                opLength = std::string(symbol).size();
                break;
            }
        }
        if (at == std::string::npos)
            throw ConfigError(
                "filter clause '" + clause + "' has no comparison (<, <=, >, >=, =, !=)");
        const std::string name = trim(clause.substr(0, at));
        const std::string value = trim(clause.substr(at + opLength));
        const auto factor = std::find_if(kAllFactors.begin(), kAllFactors.end(),
            [&](Factor f) { return featureName(f) == name; });
        if (factor == kAllFactors.end()) {
            std::vector<std::string> names;
            names.reserve(kAllFactors.size());
            for (const Factor f : kAllFactors)
                names.emplace_back(featureName(f));
            throw ConfigError("filter clause '" + clause + "': unknown factor '" + name + "' ("
                + didYouMean(name, names) + "factors: " + listOfNames(names) + ")");
        }
        Clause parsed {*factor, op, 0.0, value};
        if (isCategorical(*factor)) {
            if (op != Op::Equal && op != Op::NotEqual)
                throw ConfigError("filter clause '" + clause + "': " + name + " takes = or !=");
        } else if (!parseDouble(value, parsed.number)) {
            throw ConfigError("filter clause '" + clause + "': '" + value + "' is not a number");
        }
        filter.m_clauses.push_back(std::move(parsed));
    }
    return filter;
}

bool ConfigurationFilter::admits(const Configuration& config) const
{
    for (const Clause& c : m_clauses) {
        const int op = static_cast<int>(c.op);
        const bool holds = isCategorical(c.factor)
            ? compare(categoricalValue(config, c.factor), std::string_view(c.label), op)
            : compare(numericValue(config, c.factor), c.number, op);
        if (!holds)
            return false;
    }
    return true;
}

std::vector<AggregatedMeasurement> ConfigurationFilter::apply(
    const std::vector<AggregatedMeasurement>& rows) const
{
    std::vector<AggregatedMeasurement> kept;
    for (const AggregatedMeasurement& row : rows)
        if (admits(row.config))
            kept.push_back(row);
    return kept;
}

} // namespace iolens::core

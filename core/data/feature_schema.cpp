// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/feature_schema.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <set>

namespace iolens::core {

FeatureSchema FeatureSchema::fromConfigurations(const std::vector<Configuration>& configs)
{
    if (configs.empty())
        throw DataError("FeatureSchema: no configurations to build features from");
    FeatureSchema schema;
    schema.m_fixed = configs.front();
    for (Factor factor : kAllFactors) {
        FeatureColumn column;
        column.factor = factor;
        if (isCategorical(factor)) {
            std::set<std::string> levels;
            for (const Configuration& c : configs)
                levels.emplace(categoricalValue(c, factor));
            if (levels.size() < 2)
                continue;
            column.levels.assign(levels.begin(), levels.end());
        } else {
            auto [lo, hi] = std::minmax_element(
                configs.begin(), configs.end(), [factor](const auto& a, const auto& b) {
                    return numericValue(a, factor) < numericValue(b, factor);
                });
            column.minValue = numericValue(*lo, factor);
            column.maxValue = numericValue(*hi, factor);
            if (column.minValue == column.maxValue)
                continue;
        }
        schema.m_columns.push_back(std::move(column));
    }
    return schema;
}

std::vector<int> FeatureSchema::levelCounts() const
{
    std::vector<int> counts;
    counts.reserve(m_columns.size());
    for (const FeatureColumn& column : m_columns)
        counts.push_back(static_cast<int>(column.levels.size()));
    return counts;
}

std::vector<Factor> FeatureSchema::fixedFactors() const
{
    std::vector<Factor> fixed;
    for (Factor factor : kAllFactors)
        if (std::none_of(m_columns.begin(), m_columns.end(),
                [factor](const FeatureColumn& c) { return !c.derived() && c.factor == factor; }))
            fixed.push_back(factor);
    return fixed;
}

Eigen::Index FeatureSchema::numericColumn(Factor factor) const
{
    for (std::size_t j = 0; j < m_columns.size(); ++j) {
        const FeatureColumn& column = m_columns[j];
        if (!column.derived() && !column.categorical() && column.factor == factor)
            return static_cast<Eigen::Index>(j);
    }
    return -1;
}

Eigen::VectorXd FeatureSchema::numericValues(const Eigen::MatrixXd& x, Factor factor) const
{
    const Eigen::Index j = numericColumn(factor);
    if (j >= 0)
        return x.col(j);
    return Eigen::VectorXd::Constant(x.rows(), numericValue(m_fixed, factor));
}

namespace {

/// Whether `config` has `fixed`'s value of `factor`.
bool sameValue(const Configuration& config, const Configuration& fixed, Factor factor)
{
    return isCategorical(factor)
        ? categoricalValue(config, factor) == categoricalValue(fixed, factor)
        : numericValue(config, factor) == numericValue(fixed, factor);
}

} // namespace

std::vector<Factor> FeatureSchema::unlearnedFactors(const Configuration& config) const
{
    std::vector<Factor> unlearned;
    for (Factor factor : fixedFactors())
        if (!sameValue(config, m_fixed, factor))
            unlearned.push_back(factor);
    return unlearned;
}

std::vector<char> FeatureSchema::unlearnedRows(const std::vector<Configuration>& configs) const
{
    const std::vector<Factor> fixed = fixedFactors();
    std::vector<char> rows(configs.size(), 0);
    for (std::size_t i = 0; i < configs.size(); ++i)
        rows[i] = std::any_of(fixed.begin(), fixed.end(),
            [&](Factor factor) { return !sameValue(configs[i], m_fixed, factor); });
    return rows;
}

bool FeatureSchema::represents(const Configuration& config) const
{
    if (!unlearnedFactors(config).empty())
        return false;
    return std::all_of(m_columns.begin(), m_columns.end(), [&](const FeatureColumn& column) {
        return !column.categorical()
            || std::find(column.levels.begin(), column.levels.end(),
                   categoricalValue(config, column.factor))
            != column.levels.end();
    });
}

namespace {

/// What is wrong with `label` of `column`, naming the labels the model was trained on.
std::string untrainedLabelText(const FeatureColumn& column, std::string_view label)
{
    std::string trained;
    for (const std::string& level : column.levels)
        trained += (trained.empty() ? "" : ", ") + level;
    return column.name() + " '" + std::string(label)
        + "': the model was not trained on this value (trained on " + trained + ")";
}

} // namespace

std::optional<std::pair<std::size_t, std::string>> FeatureSchema::firstUntrainedLabel(
    const std::vector<Configuration>& configs) const
{
    for (std::size_t i = 0; i < configs.size(); ++i)
        for (const FeatureColumn& column : m_columns) {
            if (!column.categorical() || column.derived())
                continue;
            const std::string_view label = categoricalValue(configs[i], column.factor);
            if (std::find(column.levels.begin(), column.levels.end(), label) == column.levels.end())
                return std::make_pair(i, untrainedLabelText(column, label));
        }
    return std::nullopt;
}

Eigen::MatrixXd FeatureSchema::encode(const std::vector<Configuration>& configs) const
{
    Eigen::MatrixXd x(
        static_cast<Eigen::Index>(configs.size()), static_cast<Eigen::Index>(m_columns.size()));
    for (std::size_t j = 0; j < m_columns.size(); ++j) {
        const FeatureColumn& column = m_columns[j];
        if (column.derived())
            throw StateError("FeatureSchema::encode: column '" + column.name()
                + "' is derived from other features, not read from a configuration");
        // The rows of a sweep share their labels but in the swept factor: the last label found
        // is compared first (a profiler encodes 7 sweeps for every model on each slider step).
        std::string_view lastLabel;
        double lastIndex = -1.0;
        for (std::size_t i = 0; i < configs.size(); ++i) {
            double value = 0.0;
            if (column.categorical()) {
                const std::string_view label = categoricalValue(configs[i], column.factor);
                if (lastIndex < 0.0 || label != lastLabel) {
                    const auto it = std::find(column.levels.begin(), column.levels.end(), label);
                    if (it == column.levels.end())
                        throw DataError("configuration " + std::to_string(i + 1) + ", "
                            + untrainedLabelText(column, label));
                    lastLabel = label;
                    lastIndex = static_cast<double>(it - column.levels.begin());
                }
                value = lastIndex;
            } else {
                value = numericValue(configs[i], column.factor);
            }
            x(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = value;
        }
    }
    return x;
}

FeatureSchema FeatureSchema::withDerivedColumn(
    const std::string& name, double minValue, double maxValue) const
{
    const bool taken = std::any_of(m_columns.begin(), m_columns.end(),
        [&](const FeatureColumn& c) { return c.name() == name; });
    if (name.empty() || taken)
        throw ConfigError("FeatureSchema::withDerivedColumn: the name '" + name
            + "' is empty or already a column");
    FeatureSchema schema = *this;
    FeatureColumn column;
    column.derivedName = name;
    column.minValue = minValue;
    column.maxValue = maxValue;
    schema.m_columns.push_back(std::move(column));
    return schema;
}

FeatureSchema FeatureSchema::withoutColumn(std::size_t index) const
{
    if (index >= m_columns.size())
        throw ConfigError("FeatureSchema::withoutColumn: no column " + std::to_string(index)
            + " in a schema of " + std::to_string(m_columns.size()));
    FeatureSchema schema = *this;
    schema.m_columns.erase(schema.m_columns.begin() + static_cast<std::ptrdiff_t>(index));
    return schema;
}

nlohmann::json FeatureSchema::toJson() const
{
    nlohmann::json columns = nlohmann::json::array();
    for (const FeatureColumn& c : m_columns) {
        nlohmann::json column {{"factor", factorColumnName(c.factor)}, {"levels", c.levels},
            {"min", c.minValue}, {"max", c.maxValue}};
        // Written only when set, so files of schemas without derived columns stay as they were.
        if (c.derived())
            column["derived"] = c.derivedName;
        columns.push_back(std::move(column));
    }
    return {{"columns", columns},
        {"fixed",
            {{"scheduler", m_fixed.scheduler}, {"fileset_bytes", m_fixed.filesetBytes},
                {"request_bytes", m_fixed.requestBytes}, {"pattern", patternName(m_fixed.pattern)},
                {"read_pct", m_fixed.readPct}, {"threads", m_fixed.threads},
                {"vms", m_fixed.vms}}}};
}

FeatureSchema FeatureSchema::fromJson(const nlohmann::json& json)
{
    FeatureSchema schema;
    for (const auto& c : json.at("columns")) {
        FeatureColumn column;
        const auto name = c.at("factor").get<std::string>();
        const auto it = std::find_if(kAllFactors.begin(), kAllFactors.end(),
            [&](Factor f) { return factorColumnName(f) == name; });
        if (it == kAllFactors.end())
            throw DataError("model file: unknown factor '" + name + "'");
        column.factor = *it;
        column.levels = c.at("levels").get<std::vector<std::string>>();
        column.minValue = c.at("min").get<double>();
        column.maxValue = c.at("max").get<double>();
        column.derivedName = c.value("derived", std::string());
        schema.m_columns.push_back(std::move(column));
    }
    const auto& fixed = json.at("fixed");
    schema.m_fixed.scheduler = fixed.at("scheduler").get<std::string>();
    schema.m_fixed.filesetBytes = fixed.at("fileset_bytes").get<std::int64_t>();
    schema.m_fixed.requestBytes = fixed.at("request_bytes").get<std::int64_t>();
    parsePattern(fixed.at("pattern").get<std::string>(), schema.m_fixed.pattern);
    schema.m_fixed.readPct = fixed.at("read_pct").get<double>();
    schema.m_fixed.threads = fixed.at("threads").get<int>();
    schema.m_fixed.vms = fixed.at("vms").get<int>();
    return schema;
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace iolens::core {

/// One predictor column of a design matrix. Numeric factors hold their value in the modelling
/// unit (see numericValue); categorical ones hold the index of their level in `levels`.
struct FeatureColumn {
    Factor factor = Factor::RequestBytes;
    std::vector<std::string> levels; ///< sorted level labels; empty for numeric factors
    double minValue = 0.0;           ///< training range (numeric factors)
    double maxValue = 0.0;
    /// Name of a column computed from other columns (the auto model's "cache_hit_ratio"), empty
    /// for a factor's own column. A derived column is numeric and cannot be encoded from a
    /// configuration: whoever appends it computes its values.
    std::string derivedName;

    bool categorical() const { return !levels.empty(); }
    bool derived() const { return !derivedName.empty(); }
    std::string name() const { return derived() ? derivedName : std::string(featureName(factor)); }
};

/// Maps configurations to feature rows. Built from the training configurations: a factor that
/// never varies there (threads = 16 everywhere, a single VM) carries no information, so it is left
/// out and its training value kept in `fixedValues`.
class FeatureSchema {
public:
    FeatureSchema() = default;
    /// Precondition: `configs` is not empty.
    static FeatureSchema fromConfigurations(const std::vector<Configuration>& configs);

    const std::vector<FeatureColumn>& columns() const { return m_columns; }
    std::size_t size() const { return m_columns.size(); }
    /// The training configuration values of the factors left out.
    const Configuration& fixedValues() const { return m_fixed; }
    /// Per column: 0 for a numeric feature, the number of levels for a categorical one (what the
    /// tree growers take). O(columns).
    std::vector<int> levelCounts() const;
    /// Factors left out because they were constant in training.
    std::vector<Factor> fixedFactors() const;
    /// Index of the numeric column `factor` was encoded in (not a derived one), or -1 when the
    /// factor is categorical or was constant in training. O(columns).
    Eigen::Index numericColumn(Factor factor) const;

    /// A numeric factor's value per row of x (encoded by this schema): its column, or where it
    /// was constant in training its training value. O(rows).
    Eigen::VectorXd numericValues(const Eigen::MatrixXd& x, Factor factor) const;

    /// The factors left out (constant in training) whose value in `config` is not their training
    /// value, in kAllFactors order. encode() answers such a configuration as if it had the
    /// training value: a model learned nothing about them. O(factors).
    std::vector<Factor> unlearnedFactors(const Configuration& config) const;

    /// Per configuration, 1 where unlearnedFactors() is not empty, else 0; the fixed factors
    /// found once, so a sweep of many configurations allocates once. O(configs x factors).
    std::vector<char> unlearnedRows(const std::vector<Configuration>& configs) const;

    /// Whether encode() can take `config` without losing what it is: every factor left out has
    /// its training value there, and every categorical level is one the training data had.
    bool represents(const Configuration& config) const;

    /// The first of `configs` with a scheduler or pattern the training data did not have: its
    /// index and what is wrong ("scheduler 'kyber': the model was not trained on this value
    /// (trained on bfq, none)"), which encode() throws too; nullopt where encode() takes every
    /// label. O(configs x categorical columns).
    std::optional<std::pair<std::size_t, std::string>> firstUntrainedLabel(
        const std::vector<Configuration>& configs) const;

    /// Feature matrix, shape configs.size() x size(). Throws DataError for a categorical level
    /// that the training data did not have (firstUntrainedLabel), StateError if the schema has
    /// a derived column.
    Eigen::MatrixXd encode(const std::vector<Configuration>& configs) const;

    /// This schema with a numeric derived column appended (training range [minValue, maxValue]).
    /// Techniques only read a column's name, levels and range, so a model can be fitted on
    /// features that no Factor names. Throws ConfigError for an empty or duplicate name.
    FeatureSchema withDerivedColumn(
        const std::string& name, double minValue, double maxValue) const;
    /// This schema without column `index`, for a derived feature set that replaces a factor's own
    /// column (the auto model's cache-only sets, where the file set enters through its estimated
    /// cache hits alone). Like a schema with derived columns it is for techniques to read, not
    /// to encode configurations with. Throws ConfigError for an index out of range.
    FeatureSchema withoutColumn(std::size_t index) const;

    nlohmann::json toJson() const;
    static FeatureSchema fromJson(const nlohmann::json& json);

private:
    std::vector<FeatureColumn> m_columns;
    Configuration m_fixed;
};

} // namespace iolens::core

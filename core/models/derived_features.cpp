// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/derived_features.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace iolens::core {

namespace {

/// Index of the numeric column of a size factor in `base`, or -1.
Eigen::Index sizeColumn(const FeatureSchema& base, Factor factor)
{
    for (std::size_t j = 0; j < base.size(); ++j) {
        const FeatureColumn& column = base.columns()[j];
        if (!column.derived() && !column.categorical() && column.factor == factor)
            return static_cast<Eigen::Index>(j);
    }
    return -1;
}

/// The size columns `set` takes the log of, in the order their columns are appended.
std::vector<Factor> loggedSizes(const FeatureSchema& base, const FeatureSet& set)
{
    std::vector<Factor> factors;
    if (set.logSizes)
        for (Factor f : {Factor::RequestBytes, Factor::FilesetBytes})
            if (sizeColumn(base, f) >= 0)
                factors.push_back(f);
    return factors;
}

double hitRatio(double cacheMib, double filesetMib)
{
    return std::min(1.0, cacheMib / filesetMib);
}

constexpr const char* kCacheColumn = "cache_hit_ratio";

} // namespace

std::string FeatureSet::label() const
{
    std::string text = logSizes ? "log2" : "plain";
    if (cacheMib > 0.0) {
        char size[40];
        if (cacheMib >= 1024.0)
            std::snprintf(size, sizeof size, "%.3g GiB", cacheMib / 1024.0);
        else
            std::snprintf(size, sizeof size, "%.3g MiB", cacheMib);
        text += std::string("+cache ") + size;
    }
    return text;
}

nlohmann::json FeatureSet::toJson() const
{
    return {{"log_sizes", logSizes}, {"cache_mib", cacheMib}};
}

FeatureSet FeatureSet::fromJson(const nlohmann::json& json)
{
    FeatureSet set;
    set.logSizes = json.at("log_sizes").get<bool>();
    set.cacheMib = json.at("cache_mib").get<double>();
    if (!(set.cacheMib >= 0.0))
        throw DataError(
            "model file: auto feature set with cache size " + std::to_string(set.cacheMib));
    return set;
}

bool applicable(const FeatureSchema& base, const FeatureSet& set)
{
    if (set.cacheMib > 0.0 && sizeColumn(base, Factor::FilesetBytes) < 0)
        return false;
    return !set.logSizes || !loggedSizes(base, set).empty();
}

FeatureSchema augmentSchema(const FeatureSchema& base, const FeatureSet& set)
{
    if (!applicable(base, set))
        throw ConfigError("augmentSchema: feature set '" + set.label()
            + "' needs a request or file-set size column the data does not have");
    FeatureSchema schema = base;
    for (Factor f : loggedSizes(base, set)) {
        const FeatureColumn& column = base.columns()[static_cast<std::size_t>(sizeColumn(base, f))];
        schema = schema.withDerivedColumn(
            "log2_" + column.name(), std::log2(column.minValue), std::log2(column.maxValue));
    }
    if (set.cacheMib > 0.0) {
        const auto j = static_cast<std::size_t>(sizeColumn(base, Factor::FilesetBytes));
        const FeatureColumn& fileset = base.columns()[j];
        // The ratio falls as the file set grows, so the range's ends swap.
        schema = schema.withDerivedColumn(kCacheColumn, hitRatio(set.cacheMib, fileset.maxValue),
            hitRatio(set.cacheMib, fileset.minValue));
    }
    return schema;
}

Eigen::MatrixXd augmentFeatures(
    const Eigen::MatrixXd& x, const FeatureSchema& base, const FeatureSet& set)
{
    if (x.cols() != static_cast<Eigen::Index>(base.size()))
        throw DataError("augmentFeatures: x has " + std::to_string(x.cols())
            + " columns, the feature schema " + std::to_string(base.size()));
    const std::vector<Factor> logged = loggedSizes(base, set);
    const Eigen::Index extra
        = static_cast<Eigen::Index>(logged.size()) + (set.cacheMib > 0.0 ? 1 : 0);
    Eigen::MatrixXd out(x.rows(), x.cols() + extra);
    out.leftCols(x.cols()) = x;
    Eigen::Index next = x.cols();
    // Same order as augmentSchema appends the columns.
    for (Factor f : logged)
        out.col(next++) = x.col(sizeColumn(base, f)).array().log2();
    if (set.cacheMib > 0.0) {
        const Eigen::VectorXd fileset = x.col(sizeColumn(base, Factor::FilesetBytes));
        out.col(next) = fileset.unaryExpr([&](double mib) { return hitRatio(set.cacheMib, mib); });
    }
    return out;
}

std::vector<double> cacheSizeCandidates(const Eigen::VectorXd& filesetMib, int perOctave)
{
    const std::set<double> sizes(filesetMib.begin(), filesetMib.end());
    if (sizes.size() < 2 || !(*sizes.begin() > 0.0))
        return {};
    const double lo = *sizes.begin(), hi = *sizes.rbegin();
    // Steps counted as integers, not accumulated by multiplication, so the grid is exact and
    // identical on every run.
    const int steps = static_cast<int>(std::ceil(std::log2(hi / lo) * perOctave - 1e-9));
    std::vector<double> candidates;
    for (int k = 0; k < steps; ++k)
        candidates.push_back(lo * std::exp2(static_cast<double>(k) / perOctave));
    return candidates;
}

} // namespace iolens::core

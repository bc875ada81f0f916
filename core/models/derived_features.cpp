// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/derived_features.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace iolens::core {

namespace {

/// Whether `set` leaves the file-set column out (it enters through the cache column alone).
bool dropsFileset(const FeatureSet& set)
{
    return set.cacheOnly && set.cacheMib > 0.0;
}

bool contains(const std::vector<Factor>& factors, Factor factor)
{
    return std::find(factors.begin(), factors.end(), factor) != factors.end();
}

/// The size and thread-count columns `set` takes the log of, in the order their columns are
/// appended: those of its log2 sizes and those entering as log2 alone.
std::vector<Factor> loggedSizes(
    const FeatureSchema& base, const FeatureSet& set, const std::vector<Factor>& log2Only = {})
{
    std::vector<Factor> factors;
    for (Factor f : {Factor::RequestBytes, Factor::FilesetBytes, Factor::Threads}) {
        if (base.numericColumn(f) < 0 || (f == Factor::FilesetBytes && dropsFileset(set)))
            continue;
        const bool logged = set.logSizes && !(f == Factor::Threads && !set.logThreads);
        if (logged || contains(log2Only, f))
            factors.push_back(f);
    }
    return factors;
}

/// The columns of `base` that stay as they are, ascending: all but a file set entering through
/// the cache column alone and the sizes entering as log2 alone.
std::vector<Eigen::Index> keptColumns(
    const FeatureSchema& base, const FeatureSet& set, const std::vector<Factor>& log2Only)
{
    std::vector<Eigen::Index> left;
    if (dropsFileset(set))
        left.push_back(base.numericColumn(Factor::FilesetBytes));
    for (Factor f : log2Only)
        left.push_back(base.numericColumn(f));
    std::vector<Eigen::Index> kept;
    for (Eigen::Index j = 0; j < static_cast<Eigen::Index>(base.size()); ++j)
        if (std::find(left.begin(), left.end(), j) == left.end())
            kept.push_back(j);
    return kept;
}

double hitRatio(double cacheMib, double filesetMib)
{
    return std::min(1.0, cacheMib / filesetMib);
}

/// log2 of the mixture's share of the miss time: 0 when nothing hits, log2(rho) when all hits.
double missLog2(double cacheMib, double rho, double filesetMib)
{
    return std::log2(1.0 - hitRatio(cacheMib, filesetMib) * (1.0 - rho));
}

constexpr const char* kCacheColumn = "cache_hit_ratio";
constexpr const char* kMissColumn = "cache_miss_log2";

} // namespace

std::string FeatureSet::label() const
{
    std::string text = logSizes ? (logThreads ? "log2+threads" : "log2") : "plain";
    if (cacheMib > 0.0) {
        char size[40];
        if (cacheMib >= 1024.0)
            std::snprintf(size, sizeof size, "%.3g GiB", cacheMib / 1024.0);
        else
            std::snprintf(size, sizeof size, "%.3g MiB", cacheMib);
        text += std::string(missRho > 0.0 ? "+miss" : "+cache") + (cacheOnly ? "-only " : " ")
            + size;
        if (missRho > 0.0) {
            std::snprintf(size, sizeof size, " 1:%.0f", 1.0 / missRho);
            text += size;
        }
    }
    return text;
}

nlohmann::json FeatureSet::toJson() const
{
    return {{"log_sizes", logSizes}, {"cache_mib", cacheMib}, {"miss_rho", missRho},
        {"cache_only", cacheOnly}, {"log_threads", logThreads}};
}

FeatureSet FeatureSet::fromJson(const nlohmann::json& json)
{
    FeatureSet set;
    set.logSizes = json.at("log_sizes").get<bool>();
    set.cacheMib = json.at("cache_mib").get<double>();
    if (!(set.cacheMib >= 0.0))
        throw DataError(
            "model file: auto feature set with cache size " + std::to_string(set.cacheMib));
    set.missRho = json.value("miss_rho", 0.0);
    set.cacheOnly = json.value("cache_only", false);   // absent in files written before it
    set.logThreads = json.value("log_threads", false); // likewise
    if (!(set.missRho >= 0.0 && set.missRho < 1.0))
        throw DataError("model file: auto feature set with miss_rho " + std::to_string(set.missRho)
            + " (0 <= miss_rho < 1)");
    return set;
}

std::vector<Factor> twoLevelSizes(const FeatureSchema& base, const Eigen::MatrixXd& x)
{
    std::vector<Factor> factors;
    for (Factor f : {Factor::RequestBytes, Factor::FilesetBytes, Factor::Threads}) {
        const Eigen::Index column = base.numericColumn(f);
        if (column < 0 || column >= x.cols())
            continue;
        const std::set<double> levels(x.col(column).begin(), x.col(column).end());
        if (levels.size() == 2 && *levels.begin() > 0.0)
            factors.push_back(f);
    }
    return factors;
}

bool applicable(const FeatureSchema& base, const FeatureSet& set)
{
    if (set.cacheMib > 0.0 && base.numericColumn(Factor::FilesetBytes) < 0)
        return false;
    return !set.logSizes || !loggedSizes(base, set).empty();
}

FeatureSchema augmentSchema(
    const FeatureSchema& base, const FeatureSet& set, const std::vector<Factor>& log2Only)
{
    if (!applicable(base, set))
        throw ConfigError("augmentSchema: feature set '" + set.label()
            + "' needs a request or file-set size column the data does not have");
    FeatureSchema schema = base;
    const std::vector<Eigen::Index> kept = keptColumns(base, set, log2Only);
    for (auto j = static_cast<Eigen::Index>(base.size()) - 1; j >= 0; --j)
        if (!std::binary_search(kept.begin(), kept.end(), j))
            schema = schema.withoutColumn(static_cast<std::size_t>(j));
    for (Factor f : loggedSizes(base, set, log2Only)) {
        const FeatureColumn& column
            = base.columns()[static_cast<std::size_t>(base.numericColumn(f))];
        schema = schema.withDerivedColumn(
            "log2_" + column.name(), std::log2(column.minValue), std::log2(column.maxValue));
    }
    if (set.cacheMib > 0.0) {
        const auto j = static_cast<std::size_t>(base.numericColumn(Factor::FilesetBytes));
        const FeatureColumn& fileset = base.columns()[j];
        // The miss column rises with the file set; the hit ratio falls, so its range's ends swap.
        if (set.missRho > 0.0)
            schema = schema.withDerivedColumn(kMissColumn,
                missLog2(set.cacheMib, set.missRho, fileset.minValue),
                missLog2(set.cacheMib, set.missRho, fileset.maxValue));
        else
            schema = schema.withDerivedColumn(kCacheColumn,
                hitRatio(set.cacheMib, fileset.maxValue), hitRatio(set.cacheMib, fileset.minValue));
    }
    return schema;
}

Eigen::MatrixXd augmentFeatures(const Eigen::MatrixXd& x, const FeatureSchema& base,
    const FeatureSet& set, const std::vector<Factor>& log2Only)
{
    if (x.cols() != static_cast<Eigen::Index>(base.size()))
        throw DataError("augmentFeatures: x has " + std::to_string(x.cols())
            + " columns, the feature schema " + std::to_string(base.size()));
    const std::vector<Factor> logged = loggedSizes(base, set, log2Only);
    const Eigen::Index extra
        = static_cast<Eigen::Index>(logged.size()) + (set.cacheMib > 0.0 ? 1 : 0);
    const std::vector<Eigen::Index> kept = keptColumns(base, set, log2Only);
    Eigen::MatrixXd out(x.rows(), static_cast<Eigen::Index>(kept.size()) + extra);
    for (std::size_t k = 0; k < kept.size(); ++k)
        out.col(static_cast<Eigen::Index>(k)) = x.col(kept[k]);
    Eigen::Index next = static_cast<Eigen::Index>(kept.size());
    // Same order as augmentSchema appends the columns.
    for (Factor f : logged)
        out.col(next++) = x.col(base.numericColumn(f)).array().log2();
    if (set.cacheMib > 0.0) {
        const Eigen::VectorXd fileset = x.col(base.numericColumn(Factor::FilesetBytes));
        if (set.missRho > 0.0)
            out.col(next) = fileset.unaryExpr(
                [&](double mib) { return missLog2(set.cacheMib, set.missRho, mib); });
        else
            out.col(next)
                = fileset.unaryExpr([&](double mib) { return hitRatio(set.cacheMib, mib); });
    }
    return out;
}

bool hasLittleView(Metric metric)
{
    return isRateMetric(metric);
}

Eigen::VectorXd littleOffset(const Eigen::MatrixXd& x, const FeatureSchema& base, Metric metric)
{
    if (!hasLittleView(metric))
        throw ConfigError("littleOffset: " + std::string(metricName(metric))
            + " is not a throughput or IOPS metric");
    const auto values = [&](Factor factor) { return base.numericValues(x, factor); };
    const bool reads = metric == Metric::TpReadMbs || metric == Metric::IopsRead;
    const Eigen::ArrayXd readShare = values(Factor::ReadPct).array() / 100.0;
    const Eigen::ArrayXd share = reads ? readShare : 1.0 - readShare;
    Eigen::ArrayXd perTime = values(Factor::Threads).array() * share;
    if (metric == Metric::TpReadMbs || metric == Metric::TpWriteMbs)
        perTime *= values(Factor::RequestBytes).array() / 1024.0; // KiB to MiB
    return perTime.log().matrix();
}

std::vector<double> missRatioCandidates()
{
    return {1.0 / 16.0, 1.0 / 256.0, 1.0 / 4096.0};
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
    candidates.reserve(static_cast<std::size_t>(std::max(steps, 0)));
    for (int k = 0; k < steps; ++k)
        candidates.push_back(lo * std::exp2(static_cast<double>(k) / perOctave));
    return candidates;
}

} // namespace iolens::core

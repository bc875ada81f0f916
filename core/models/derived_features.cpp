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

/// The size and thread-count columns `set` takes the log of, in the order their columns are
/// appended.
std::vector<Factor> loggedSizes(const FeatureSchema& base, const FeatureSet& set)
{
    std::vector<Factor> factors;
    if (set.logSizes)
        for (Factor f : {Factor::RequestBytes, Factor::FilesetBytes, Factor::Threads})
            if (base.numericColumn(f) >= 0 && !(f == Factor::FilesetBytes && dropsFileset(set))
                && !(f == Factor::Threads && !set.logThreads))
                factors.push_back(f);
    return factors;
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

bool applicable(const FeatureSchema& base, const FeatureSet& set)
{
    if (set.cacheMib > 0.0 && base.numericColumn(Factor::FilesetBytes) < 0)
        return false;
    return !set.logSizes || !loggedSizes(base, set).empty();
}

FeatureSchema augmentSchema(const FeatureSchema& base, const FeatureSet& set)
{
    if (!applicable(base, set))
        throw ConfigError("augmentSchema: feature set '" + set.label()
            + "' needs a request or file-set size column the data does not have");
    FeatureSchema schema = dropsFileset(set)
        ? base.withoutColumn(static_cast<std::size_t>(base.numericColumn(Factor::FilesetBytes)))
        : base;
    for (Factor f : loggedSizes(base, set)) {
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

Eigen::MatrixXd augmentFeatures(
    const Eigen::MatrixXd& x, const FeatureSchema& base, const FeatureSet& set)
{
    if (x.cols() != static_cast<Eigen::Index>(base.size()))
        throw DataError("augmentFeatures: x has " + std::to_string(x.cols())
            + " columns, the feature schema " + std::to_string(base.size()));
    const std::vector<Factor> logged = loggedSizes(base, set);
    const Eigen::Index extra
        = static_cast<Eigen::Index>(logged.size()) + (set.cacheMib > 0.0 ? 1 : 0);
    const Eigen::Index dropped = dropsFileset(set) ? base.numericColumn(Factor::FilesetBytes) : -1;
    const Eigen::Index kept = x.cols() - (dropped >= 0 ? 1 : 0);
    Eigen::MatrixXd out(x.rows(), kept + extra);
    if (dropped >= 0) {
        out.leftCols(dropped) = x.leftCols(dropped);
        out.middleCols(dropped, kept - dropped) = x.rightCols(x.cols() - dropped - 1);
    } else {
        out.leftCols(x.cols()) = x;
    }
    Eigen::Index next = kept;
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

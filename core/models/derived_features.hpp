// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/feature_schema.hpp"
#include "data/metric.hpp"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace iolens::core {

/// A feature set of the auto model: the schema's own columns, optionally followed by derived
/// domain features. Sizes act multiplicatively on storage metrics (doubling a request roughly
/// doubles its transfer time), so log2 sizes make their effects close to linear; and a cache in
/// front of slower storage makes response times jump where the file set outgrows it, which the
/// estimated hit ratio min(1, C / fileset) turns into one column a linear or hinge term can
/// follow. C is never assumed: the auto model picks it by grouped cross-validation among
/// cacheSizeCandidates() of its training data.
///
/// The hit ratio alone is linear in h, but a cached read is hundreds of times faster than a
/// missed one, so on the log scale a metric follows the mixture h T_hit + (1 - h) T_miss, i.e.
/// log T_miss + log(1 - h (1 - rho)) with rho = T_hit / T_miss: steep as h nears 1, flat below.
/// The miss column log2(1 - h (1 - rho)) gives that shape to one coefficient; rho, like C, is a
/// candidate option (missRatioCandidates()), never assumed.
struct FeatureSet {
    /// add log2_request_kib and log2_fileset_mib (for the size columns the schema has), and
    /// log2_threads with logThreads
    bool logSizes = false;
    /// > 0: add cache_hit_ratio = min(1, cacheMib / fileset_mib) with this cache size C in MiB;
    /// 0: no cache column. Needs a fileset_mib column.
    double cacheMib = 0.0;
    /// > 0 (with cacheMib > 0): the cache column is cache_miss_log2 = log2(1 - h (1 - rho)) with
    /// this rho = T_hit / T_miss instead of the hit ratio h itself; 0: the hit ratio.
    double missRho = 0.0;
    /// With cacheMib > 0: the file set enters through the cache column only; its own column
    /// (and its log2) are left out. Beside the file-set column, a cache column cannot be told
    /// apart from it when a fold leaves a file-set level out of three (both have two values
    /// there, and a linear model drops one); alone, it predicts the held-out level by the
    /// mixture's curve, so grouped cross-validation can judge C and rho on file-set levels.
    bool cacheOnly = false;
    /// With logSizes: log2_threads too, where threads vary. In a closed workload the threads are
    /// the requests in flight: a saturated device's response time doubles when they double
    /// (Little's law), an idle one's stays, so log2(threads) makes both a line or a hinge on the
    /// log scale, where the count itself makes the response time grow exponentially beyond the
    /// measured counts. A candidate option like the others: the auto model tries both.
    bool logThreads = false;

    /// "plain", "log2", "log2+cache 1.41 GiB", "log2+miss 724 MiB 1:256",
    /// "log2+miss-only 724 MiB 1:256", "log2+threads+cache 1.41 GiB"
    std::string label() const;
    nlohmann::json toJson() const;
    /// Throws DataError for a malformed entry. "miss_rho", "cache_only" and "log_threads" may be
    /// absent (files before them).
    static FeatureSet fromJson(const nlohmann::json& json);

    friend bool operator==(const FeatureSet&, const FeatureSet&) = default;
};

/// The schema the inner technique sees: `base` with the derived columns of `set` appended, each
/// with the training range implied by base's ranges. The size factors in `log2Only` (request,
/// file set, threads) enter through their log2 column alone, their own column left out (see
/// twoLevelSizes). Throws ConfigError if the set needs a size column that `base` lacks.
FeatureSchema augmentSchema(
    const FeatureSchema& base, const FeatureSet& set, const std::vector<Factor>& log2Only = {});

/// x (n x base.size(), encoded by `base`) with the derived columns of `set` appended, and the
/// columns of `log2Only` replaced by their log2: n x augmentSchema(base, set, log2Only).size().
/// O(n p).
Eigen::MatrixXd augmentFeatures(const Eigen::MatrixXd& x, const FeatureSchema& base,
    const FeatureSet& set, const std::vector<Factor>& log2Only = {});

/// The size factors (request, file set, threads) of `base` that take exactly two distinct values
/// in x. On the log scale their own column makes a model exponential in the size, and two levels
/// cannot tell that from a power law (log2): both fit them exactly. Beside its log2 a linear
/// learner keeps the first and drops the other as aliased, so lm fitted on requests of 4 and
/// 16 KiB answered 1,579 ms for a 64 KiB read of a cached file set (measured 0.048 ms). Storage
/// metrics grow as powers of sizes, so a log-scale candidate takes such a size as its log2
/// alone; with three levels or more the grouped CV judges both shapes. O(n p log n).
std::vector<Factor> twoLevelSizes(const FeatureSchema& base, const Eigen::MatrixXd& x);

/// Candidate cache sizes in MiB for file sets `filesetMib`: a geometric grid from the smallest
/// file set up to (not including) the largest, with `perOctave` steps per doubling, so any
/// cliff between measured sizes has a candidate within a factor 2^(1/perOctave/2). Empty when
/// fewer than two distinct sizes were measured (no cliff can be located). Precondition:
/// perOctave >= 1.
std::vector<double> cacheSizeCandidates(const Eigen::VectorXd& filesetMib, int perOctave);

/// The rho = T_hit / T_miss values tried for the miss column: 1:16 (memory over flash) to
/// 1:4096 (memory over a busy disk array), a factor 16 apart, so any ratio of a cache tier over
/// slower storage is within a factor 4 of one of them.
std::vector<double> missRatioCandidates();

/// Whether `metric` has a Little's-law view: read or write throughput or IOPS.
bool hasLittleView(Metric metric);

/// Little's law for a closed workload (threads issuing requests back to back, as fio and
/// Filebench threads do): IOPS_read = threads x read share / mean response time, and throughput is
/// IOPS x request size. Per row of x (encoded by `base`): log(threads x share) for an IOPS metric,
/// log(threads x share x request MiB) for a throughput metric, with the share of reads or of
/// writes as the metric's direction, and threads, read share and request size from their
/// column or, where they were constant in training, from base's fixed values. A model of
/// log(metric) - offset then predicts minus the log of the mean time per request, which a what-if
/// on read share or threads moves far less than the throughput itself. -inf where the share is
/// 0 (the metric is 0 there). Throws ConfigError if hasLittleView(metric) is false. O(n).
Eigen::VectorXd littleOffset(const Eigen::MatrixXd& x, const FeatureSchema& base, Metric metric);

/// Whether `set` can be built on `base` (its size columns exist).
bool applicable(const FeatureSchema& base, const FeatureSet& set);

} // namespace iolens::core

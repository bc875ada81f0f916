// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/feature_schema.hpp"

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
struct FeatureSet {
    /// add log2_request_kib and log2_fileset_mib (for the size columns the schema has)
    bool logSizes = false;
    /// > 0: add cache_hit_ratio = min(1, cacheMib / fileset_mib) with this cache size C in MiB;
    /// 0: no cache column. Needs a fileset_mib column.
    double cacheMib = 0.0;

    /// "plain", "log2", "log2+cache 1.41 GiB"
    std::string label() const;
    nlohmann::json toJson() const;
    /// Throws DataError for a malformed entry.
    static FeatureSet fromJson(const nlohmann::json& json);

    friend bool operator==(const FeatureSet&, const FeatureSet&) = default;
};

/// The schema the inner technique sees: `base` with the derived columns of `set` appended, each
/// with the training range implied by base's ranges. Throws ConfigError if the set needs a size
/// column that `base` lacks.
FeatureSchema augmentSchema(const FeatureSchema& base, const FeatureSet& set);

/// x (n x base.size(), encoded by `base`) with the derived columns of `set` appended:
/// n x augmentSchema(base, set).size(). O(n p).
Eigen::MatrixXd augmentFeatures(
    const Eigen::MatrixXd& x, const FeatureSchema& base, const FeatureSet& set);

/// Candidate cache sizes in MiB for file sets `filesetMib`: a geometric grid from the smallest
/// file set up to (not including) the largest, with `perOctave` steps per doubling, so any
/// cliff between measured sizes has a candidate within a factor 2^(1/perOctave/2). Empty when
/// fewer than two distinct sizes were measured (no cliff can be located). Precondition:
/// perOctave >= 1.
std::vector<double> cacheSizeCandidates(const Eigen::VectorXd& filesetMib, int perOctave);

/// Whether `set` can be built on `base` (its size columns exist).
bool applicable(const FeatureSchema& base, const FeatureSet& set);

} // namespace iolens::core

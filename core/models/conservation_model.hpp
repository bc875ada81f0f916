// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/regressor.hpp"

#include <map>

namespace iolens::core {

/// The read and write capacity of one request size (Ra and Lee, eq. 1-2): the IOPS at 100 %
/// reads and at 100 % writes, and the write cost factor f_rw = T100r / T100w (a write costs f_rw
/// read-equivalents).
struct SizeCapacity {
    double requestKib = 0.0;
    double readIops = 0.0;  ///< T100r
    double writeIops = 0.0; ///< T100w
    double writeCost() const { return readIops / writeIops; }
};

/// A share of the requests of one size, for mixes of request sizes (eq. 7).
struct SizeShare {
    double share = 0.0; ///< fraction of the requests, the shares add up to 1
    double requestKib = 0.0;
};

/// A direction's IOPS in a measurement, from the metric of `unit`'s kind where present (MiB/s
/// divided by the request size for a throughput, measured IOPS for IOPS; fio computes the two
/// separately and they differ slightly), else from the other; nullopt if it has neither.
std::optional<double> directionIops(const AggregatedMeasurement& row, bool read, Metric unit);

/// How capacities of several request sizes combine: as the paper's eq. 7 states it (a
/// share-weighted arithmetic mean of the per-size capacities), or as fractions of each size's
/// capacity that add up to 1 at saturation (ALGORITHMS.md section 10, alternative I).
enum class SizeMixRule { PaperWeightedMean, CapacityFractions };

/// Ra and Lee's conservation model (technique "conservation"): from the 100 % read and 100 %
/// write IOPS measured per request size, the read and write IOPS (and MiB/s) of any read share,
/// k = T100r / (R + (100 - R) f_rw), T_read = k R, T_write = k (100 - R) (eq. 3-6). Everything
/// else of a configuration (scheduler, file set, pattern, threads) selects its own capacity
/// table, measured separately. Between measured request sizes, T100r and T100w are interpolated
/// linearly in log(IOPS) over log(size): IOPS fall roughly as a power of the size, so a straight
/// line on log-log axes is the natural reading between two points. Outside the measured sizes, or
/// for a system configuration without both measurements, it refuses (DataError) rather than
/// guess. It predicts throughput and IOPS only; response times are not part of the model.
/// Needs two measurements per size, where the regressions need hundreds of configurations.
class ConservationModel : public Regressor {
public:
    static constexpr const char* kTechnique = "conservation";

    std::string technique() const override { return kTechnique; }
    std::vector<ParamSpec> paramSpecs() const override { return {}; }
    ParamValues parameters() const override { return {}; }
    void setParameters(const ParamValues& values) override;
    bool fitsFromMeasurements() const override { return true; }
    FitReport fitMeasurements(const std::vector<AggregatedMeasurement>& rows,
        const FeatureSchema& schema, Metric metric, bool logResponse) override;
    /// Throws ConfigError: the model needs both directions, which a Dataset does not carry.
    FitReport fit(const Dataset& data) override;
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override;
    bool isFitted() const override { return m_fitted; }
    std::string describe() const override;
    nlohmann::json saveState() const override;
    void loadState(const nlohmann::json& state, const FeatureSchema& schema) override;
    std::unique_ptr<Regressor> clone() const override;

    /// The capacity of `config`'s request size on its system configuration (interpolated between
    /// measured sizes). Throws DataError where the model has no answer, saying what is missing.
    SizeCapacity capacity(const Configuration& config) const;
    /// Total IOPS at saturation of a mix of request sizes at `readPct` on `config`'s system
    /// configuration (its own request size and read share are ignored).
    double mixedTotalIops(const Configuration& config, const std::vector<SizeShare>& mix,
        double readPct, SizeMixRule rule) const;
    /// The measured capacity tables: one per system configuration, sizes ascending.
    std::vector<std::pair<Configuration, std::vector<SizeCapacity>>> tables() const;

private:
    using ContextKey = std::vector<double>;
    ContextKey contextOf(const Eigen::RowVectorXd& row) const;
    SizeCapacity capacityAt(const ContextKey& context, double requestKib) const;
    double requestKibOf(const Eigen::RowVectorXd& row) const;
    double readPctOf(const Eigen::RowVectorXd& row) const;

    FeatureSchema m_schema;
    Metric m_metric = Metric::TpReadMbs;
    bool m_logResponse = false;
    int m_requestColumn = -1; ///< -1: the request size was constant in training
    int m_readColumn = -1;
    std::map<ContextKey, std::vector<SizeCapacity>> m_tables;
    std::map<ContextKey, Configuration> m_contextConfigs; ///< for messages and tables()
    bool m_fitted = false;
};

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/auto_candidate.hpp"
#include "models/auto_selection.hpp"
#include "models/last_prediction.hpp"
#include "validation/grouped_cv.hpp"

#include <nlohmann/json.hpp>

#include <memory>
#include <vector>

namespace iolens::core {

/// How wide auto's prediction interval is at a configuration, relative to other configurations:
/// a floor plus how far the best-ranked candidates (the panel) disagree there. The residuals of
/// held-out levels are divided by the scale of their own point before they calibrate the
/// interval, and an interval is the calibrated quantiles times the scale of the configuration
/// asked (normalized nonconformity scores: Papadopoulos, Vovk and Gammerman, JAIR 40, 2011;
/// locally weighted split conformal, Lei et al., JASA 113, 2018, section 5.2).
///
/// Why: one band for every configuration is as wide as the hardest held-out level makes it.
/// Where the grouped CV leaves out a file set on a cache's cliff, the candidates trained without
/// it disagree by orders of magnitude and so do their errors; the whole data then fixes the
/// cliff, the candidates agree, and the band need not carry those errors everywhere (a 512
/// MiB-cache stack's runs beyond its grid: read-time bands 485 times wide around answers within
/// 70 % of the runs).
class IntervalScale {
public:
    /// Candidates in the panel: the best-ranked ones whose held-out predictions differ.
    static constexpr std::size_t kPanelSize = 5;
    /// Most one candidate's log answer counts away from the panel's median: a raw-scale line
    /// that crosses zero far outside the data would otherwise make any band there unbounded.
    static constexpr double kMaxDeviation = 4.6; // log(100)

    /// The panel: indices of up to `size` candidates in rankKey order, skipping failed ones and
    /// one whose held-out predictions all lie within 1 % of an earlier member's (a tie says
    /// nothing about disagreement), one of a technique and scale the panel has, and thread-share
    /// candidates (costly to ask). Every result holds the same points in the same order.
    /// O(candidates x (log candidates + size x points)).
    static std::vector<std::size_t> panelOf(const std::vector<CandidateScore>& scores,
        const std::vector<GroupedCvResult>& results, std::size_t size = kPanelSize);
    /// The disagreement of log answers: their mean absolute deviation from their median, each
    /// deviation at most kMaxDeviation. 0 for fewer than two.
    static double spreadOf(const std::vector<double>& logAnswers);

    /// Off: the scale is 1 everywhere.
    IntervalScale() = default;
    /// `panel` fitted on every training row; `floor` > 0.
    IntervalScale(std::vector<std::shared_ptr<const AutoCandidate>> panel, double floor);

    bool on() const { return !m_panel.empty(); }
    double floor() const { return m_floor; }
    std::size_t panelSize() const { return m_panel.size(); }
    /// floor + the panel's spread at each row of x (encoded by the schema it was fitted on);
    /// 1 for every row when off. O(panel predictions); the last x's answer is remembered, and
    /// shared by copies (the panel never changes once made), as a slider step asks a response
    /// time's model for it and then the copies of it that the rates compose from.
    Eigen::VectorXd at(const Eigen::MatrixXd& x) const;

    nlohmann::json toJson() const;
    /// Off for null. Throws DataError for a malformed panel or a floor that is not positive.
    static IntervalScale fromJson(const nlohmann::json& json, const FeatureSchema& schema);

private:
    Eigen::VectorXd computeAt(const Eigen::MatrixXd& x) const;

    std::vector<std::shared_ptr<const AutoCandidate>> m_panel;
    double m_floor = 1.0;
    std::shared_ptr<LastPrediction> m_last = std::make_shared<LastPrediction>();
};

/// The scale of each held-out point of the panel's grouped CVs (results[panel[k]], the same
/// points in the same order): floor + spread of their predictions there, the floor being the
/// larger of the median spread and the median |measured - predicted| of `residuals` (the points
/// the intervals calibrate on), and at least 0.01. Returns the scales and the floor. Throws
/// StateError for results of different lengths.
std::pair<std::vector<double>, double> heldOutScales(const std::vector<GroupedCvResult>& results,
    const std::vector<std::size_t>& panel, const GroupedCvResult& residuals);

/// `cv` with each point's residual divided by its scale (HeldOutPoint::scale): measured becomes
/// (measured - predicted) / scale and predicted 0, which is all LevelCalibration reads.
GroupedCvResult scaledResiduals(GroupedCvResult cv);

} // namespace iolens::core

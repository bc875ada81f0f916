// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cubist_data.hpp"
#include "models/cubist_instances.hpp"
#include "models/cubist_nearest.hpp"
#include "models/cubist_rules.hpp"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace iolens::core::cubist {

/// A fitted Cubist model: the committee of rule sets plus what prediction needs, i.e. what R's
/// `cubist` object keeps as model text and training data (ALGORITHMS.md 4.7, 4.8).
/// Immutable once built; safe to share between threads.
struct Model {
    std::vector<Attribute> atts; ///< one per predictor column
    float globalMean = 0.f;      ///< prediction where no rule applies
    float floor = 0.f;           ///< limits of the neighbour correction (as R recomputes them)
    float ceiling = 0.f;
    float extrap = 1.f;           ///< extrapolation fraction the rule limits were made with
    std::vector<RuleSet> members; ///< committee members, in construction order
    Instances instances;          ///< training cases for the neighbour correction
    /// Committee prediction at every instance (RuleQuest RSPredVal); derived, not saved. Empty
    /// until computeInstancePredictions(): predict() then computes it on each call.
    std::vector<float> instancePred;
    /// MINITEMS the members were built with (0 if unknown, e.g. loaded from a file); with each
    /// member's unlimitedLeaves it tells which other rules limits give the same members.
    int minItems = 0;
    /// The newest member as it was built, before R's text rounded it: the next member's target
    /// follows from it (extendModel). Fit-time information, not saved; empty after loading.
    RuleSet lastMemberAsBuilt;
    /// Per member, the first member equal to it (itself if none): once a member's target repeats
    /// an earlier one's, the members repeat (extendModel). Fit-time information, not saved; empty
    /// after loading, when every member counts as its own.
    std::vector<int> sameAs;

    /// Prediction of the first `members` members for each case: the mean of their rule-set
    /// predictions (PredictValue), summed in member order. Precondition 1 <= members <=
    /// this->members.size(). O(cases members rules p).
    std::vector<float> committeePredictCases(const CaseTable& cases, int members) const;
    /// Predictions for prepared cases with `neighbors` (0..9) from the first `members` members.
    /// O(m (members rules p + neighbors>0 ? n p : 0)).
    Eigen::VectorXd predict(const CaseTable& cases, int neighbors, int members) const;
    /// Fills instancePred for the whole committee.
    void computeInstancePredictions();
};

/// The committee's predictions at a set of cases for every committee size and neighbour count,
/// from one pass over the members: running sums of the member predictions at the cases and at
/// the instances that are neighbours, and each case's nearest instances for each neighbour count
/// asked. One fit with
/// C members then answers each (members <= C, neighbors) pair of the optimizer in O(m K) instead
/// of a fresh Model::predict's O(m (members rules p + n p) + n members rules p) (ALGORITHMS.md
/// 4.9). Results are bit-identical to Model::predict. Keeps a pointer to `model`, which must
/// outlive it.
class CommitteePredictions {
public:
    /// For committee sizes up to `members` (1..model.members.size()) and the neighbour counts
    /// in `neighbourCounts` (each 1..9; 0 is always available). O((m + n) members rules p
    /// + (neighbourCounts empty ? 0 : m n (p + |neighbourCounts|))) time, O((m + n) members
    /// + m |neighbourCounts|) memory.
    /// With a `cache`, the nearest instances come from it (every K, kept for other models with
    /// the same instances and cases) instead of being searched for this table alone.
    CommitteePredictions(const Model& model, const CaseTable& cases, int members,
        const std::vector<int>& neighbourCounts, NearestCache* cache = nullptr);
    /// Same as model.predict(cases, neighbors, members). Preconditions: neighbors is 0 or one of
    /// the constructor's neighbourCounts, 1 <= members <= the constructor's members.
    Eigen::VectorXd predict(int neighbors, int members) const;

private:
    /// Mean of the first `members` member predictions, as Model::committeePredictCases sums them.
    static float prefixMean(const std::vector<double>& sums, int count, int row, int members);

    const Model* m_model;
    int m_cases = 0;
    std::vector<double> m_caseSums; ///< (members + 1) x cases: sums over the first j members
    /// The instances among some case's nearest (ascending), and their sums as m_caseSums:
    /// (members + 1) x neighbour instances.
    std::vector<int> m_neighbourInstances;
    std::vector<double> m_instanceSums;
    /// Each case's nearest instances (for the neighbour counts asked, or every one if cached);
    /// null if none was asked. m_asked[K]: whether K was asked, which the instance sums cover.
    std::shared_ptr<const NearestTable> m_nearest;
    std::vector<char> m_asked;
};

/// Builds the committee (RuleQuest ConstructCttee): member 1 on y, member k+1 on 2y - (member k's
/// prediction), each a tree grown, pruned and turned into rules; then MAXD for the instances.
/// Finally every number is rounded the way R's Cubist stores the model as text, because R
/// predicts from that text (see toRText in the .cpp). instancePred is left empty. O(committees
/// cost of one tree).
Model buildModel(const TrainingSet& data, const Globals& g, int committees);
/// The model buildModel would build with `committees` members, from `model`, built by it on the
/// same data and globals with fewer members: only the missing members are built. Precondition:
/// model.members is empty or model.lastMemberAsBuilt is set, and committees >= its members.
Model extendModel(const TrainingSet& data, const Globals& g, Model model, int committees);

/// Versioned JSON of a fitted model; floats are stored exactly.
nlohmann::json modelToJson(const Model& model);
/// Reads modelToJson output for `columns` predictor columns. Throws DataError when malformed.
Model modelFromJson(const nlohmann::json& json, int columns);

/// Names used when describing a model for a person.
struct ColumnNames {
    std::vector<std::string> names;               ///< one per column
    std::vector<std::vector<std::string>> levels; ///< level labels of discrete columns
};

/// The rules of every member with their conditions and linear models, in the layout of
/// Cubist's summary(): conditions sorted by column, model terms by importance |coef| sd.
std::string describeModel(const Model& model, const ColumnNames& columns);

} // namespace iolens::core::cubist

// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/shared_fit_cost.hpp"

#include "models/cart.hpp"
#include "models/cubist.hpp"
#include "models/mars.hpp"
#include "tuning/search_space.hpp"
#include "validation/error_metrics.hpp"

#include <algorithm>
#include <limits>
#include <map>

namespace iolens::core {

namespace {

struct Group {
    ParamValues params;               ///< what the shared model is fitted with
    std::vector<std::size_t> points;  ///< indices into the batch
    std::vector<ParamValues> members; ///< each point's full parameters
};

std::vector<Group> groupPoints(const Regressor& prototype, const std::vector<SearchDimension>& space,
                               const std::vector<std::vector<double>>& points,
                               const SharedFitPlan& plan)
{
    std::map<ParamValues, Group> groups;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const ParamValues member = withSearchPoint(prototype, space, points[i]);
        ParamValues common = member;
        for (const std::string& name : plan.freeParameters)
            common.erase(name);
        Group& group = groups[common];
        group.params = common;
        group.points.push_back(i);
        group.members.push_back(member);
    }
    std::vector<Group> result;
    for (auto& [key, group] : groups) {
        plan.coverMembers(group.params, group.members);
        result.push_back(std::move(group));
    }
    return result;
}

// Mean over folds, summed in fold order as crossValidate sums, so costs stay bit-identical.
std::optional<double> meanOverFolds(const std::vector<std::vector<double>>& perFold, std::size_t j)
{
    double sum = 0.0;
    for (const auto& fold : perFold) {
        if (j >= fold.size())
            return std::nullopt; // cancelled before this fold was scored
        sum += fold[j];
    }
    return sum / static_cast<double>(perFold.size());
}

} // namespace

BatchCost sharedFitCost(const Regressor& prototype, const std::vector<SearchDimension>& space,
                        const Dataset& data, const FoldAssignment& folds, SharedFitPlan plan)
{
    return [&prototype, space, &data, &folds, plan](const std::vector<std::vector<double>>& points,
                                                     const std::atomic<bool>& cancelled) {
        const std::vector<Group> groups = groupPoints(prototype, space, points, plan);
        const int k = folds.folds();
        std::vector<std::vector<std::vector<double>>> rmse(
            groups.size(), std::vector<std::vector<double>>(static_cast<std::size_t>(k)));
        std::vector<char> failed(groups.size(), 0);
        const int tasks = static_cast<int>(groups.size()) * k;
#pragma omp parallel for schedule(dynamic)
        for (int task = 0; task < tasks; ++task) {
            const auto g = static_cast<std::size_t>(task / k);
            const int fold = task % k;
            if (cancelled.load())
                continue;
            try {
                auto model = prototype.clone();
                model->setParameters(groups[g].params);
                model->fit(subset(data, folds.trainRows(fold)));
                const Dataset test = subset(data, folds.testRows(fold));
                auto& out = rmse[g][static_cast<std::size_t>(fold)];
                for (const ParamValues& member : groups[g].members)
                    out.push_back(
                        rootMeanSquaredError(plan.predictMember(*model, member, test.x), test.y));
            } catch (const std::exception&) {
                failed[g] = 1;
            }
        }
        std::vector<std::optional<double>> costs(points.size());
        for (std::size_t g = 0; g < groups.size(); ++g)
            for (std::size_t j = 0; j < groups[g].points.size(); ++j)
                costs[groups[g].points[j]] = failed[g] ? std::numeric_limits<double>::infinity()
                                                       : meanOverFolds(rmse[g], j);
        return costs;
    };
}

SharedFitPlan cartSharedFitPlan()
{
    return {{"cp"},
            [](ParamValues& group, const std::vector<ParamValues>&) { group["cp"] = 0.0; },
            [](const Regressor& fitted, const ParamValues& member, const Eigen::MatrixXd& x) {
                return dynamic_cast<const Cart&>(fitted).predictAtCp(x, member.at("cp"));
            }};
}

SharedFitPlan cubistSharedFitPlan()
{
    return {{"ntrees", "ninstances"},
            [](ParamValues& group, const std::vector<ParamValues>& members) {
                double committees = 1.0;
                for (const ParamValues& m : members)
                    committees = std::max(committees, m.at("ntrees"));
                group["ntrees"] = committees;
                group["ninstances"] = 0.0; // neighbors act at prediction time only
            },
            [](const Regressor& fitted, const ParamValues& member, const Eigen::MatrixXd& x) {
                return dynamic_cast<const Cubist&>(fitted).predictWith(
                    x, static_cast<int>(member.at("ninstances")),
                    static_cast<int>(member.at("ntrees")));
            }};
}

} // namespace iolens::core

namespace iolens::core {

SharedFitPlan marsSharedFitPlan()
{
    return {{"nk", "thresh", "nprune"},
            [](ParamValues& group, const std::vector<ParamValues>& members) {
                // One forward pass at the largest nk with thresh = 0 holds every smaller nk and
                // larger thresh as a prefix; one pruning pass serves every nprune (ALGORITHMS.md
                // 2.7). nk = 0 means earth's automatic nk, at most 201.
                double nk = 3.0;
                for (const ParamValues& m : members)
                    nk = std::max(nk, m.at("nk") == 0.0 ? 201.0 : m.at("nk"));
                group["nk"] = nk;
                group["thresh"] = 0.0;
                group["nprune"] = 1000.0;
            },
            [](const Regressor& fitted, const ParamValues& member, const Eigen::MatrixXd& x) {
                MarsParams params;
                params.nk = static_cast<int>(member.at("nk"));
                params.thresh = member.at("thresh");
                params.nprune = static_cast<int>(member.at("nprune"));
                params.degree = static_cast<int>(member.at("degree"));
                return dynamic_cast<const Mars&>(fitted).predictWith(x, params);
            }};
}

} // namespace iolens::core

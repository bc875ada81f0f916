// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/shared_fit_cost.hpp"

#include "models/cart.hpp"
#include "models/cubist.hpp"
#include "models/cubist_data.hpp"
#include "models/m5.hpp"
#include "models/mars.hpp"
#include "tuning/search_space.hpp"
#include "validation/error_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <numeric>

namespace iolens::core {

namespace {

struct Group {
    ParamValues params;               ///< what the shared model is fitted with
    std::vector<std::size_t> points;  ///< indices into the batch
    std::vector<ParamValues> members; ///< each point's full parameters
};

std::vector<Group> groupPoints(const Regressor& prototype,
    const std::vector<SearchDimension>& space, const std::vector<std::vector<double>>& points,
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

// A point's cost from its errors on every fold; nullopt if cancelled before a fold was scored.
std::optional<double> costOf(
    const std::vector<std::vector<std::vector<double>>>& perFold, std::size_t j, const SharedCv& cv)
{
    std::vector<std::vector<double>> errors;
    errors.reserve(perFold.size());
    for (const auto& fold : perFold) {
        if (j >= fold.size())
            return std::nullopt;
        errors.push_back(fold[j]);
    }
    return cv.cost(errors);
}

/// A model fitted for an earlier group, kept for the batches that follow.
struct KeptFit {
    ParamValues params;
    std::shared_ptr<const Regressor> model;
};

/// Fits kept per fold across batches. A batch of the optimizer mostly revisits the groups of
/// the previous ones (the search narrows around the best points), so most groups need no fit.
using FitStore = std::vector<std::vector<KeptFit>>;

std::shared_ptr<const Regressor> keptFit(
    const std::vector<KeptFit>& kept, const ParamValues& group, const SharedFitPlan& plan)
{
    for (const KeptFit& fit : kept)
        if (plan.servedBy(*fit.model, fit.params, group))
            return fit.model;
    return nullptr;
}

// A new fit replaces the kept fits with the same parameters but a smaller covering value.
void keep(std::vector<KeptFit>& kept, KeptFit fit, const SharedFitPlan& plan)
{
    std::erase_if(kept,
        [&](const KeptFit& old) { return plan.servedBy(*fit.model, fit.params, old.params); });
    kept.push_back(std::move(fit));
}

/// Groups served by the same fit on a fold, predicted together: the fit's shared work (Cubist's
/// committee sums and neighbour distances) is done once for all their members.
struct PredictionTask {
    std::size_t fold = 0;
    const Regressor* model = nullptr;
    std::vector<std::size_t> groups;
};

std::vector<PredictionTask> predictionTasks(std::size_t groupCount, std::size_t k,
    const std::vector<std::shared_ptr<const Regressor>>& models, const std::vector<char>& failed)
{
    std::vector<PredictionTask> tasks;
    for (std::size_t f = 0; f < k; ++f) {
        std::map<const Regressor*, std::size_t> byModel; // fit -> its task on this fold
        for (std::size_t g = 0; g < groupCount; ++g) {
            const Regressor* model = models[g * k + f].get();
            if (failed[g] || !model)
                continue;
            const auto [it, added] = byModel.emplace(model, tasks.size());
            if (added)
                tasks.push_back({f, model, {}});
            tasks[it->second].groups.push_back(g);
        }
    }
    return tasks;
}

/// Per-fold errors of every point of a batch: errors[group][fold][member].
using FoldErrors = std::vector<std::vector<std::vector<std::vector<double>>>>;

/// The errors (SharedCv::foldErrors) of the members of `groups` (in order) on the test fold.
void scoreGroups(const PredictionTask& task, const std::vector<Group>& groups, const Dataset& test,
    const SharedFitPlan& plan, const SharedCv& cv, FoldErrors& errors)
{
    std::vector<ParamValues> members;
    for (std::size_t g : task.groups)
        members.insert(members.end(), groups[g].members.begin(), groups[g].members.end());
    const std::vector<Eigen::VectorXd> predictions
        = plan.predictMembers(*task.model, members, test.x);
    std::size_t next = 0;
    for (std::size_t g : task.groups) {
        auto& out = errors[g][task.fold];
        out.clear();
        for (std::size_t j = 0; j < groups[g].members.size(); ++j)
            out.push_back(cv.foldErrors(task.fold, predictions[next++]));
    }
}

/// Scores every group that has a fit on every fold into errors[group][fold]; a group whose
/// prediction throws is marked failed. Predictions of separate groups are independent, so a
/// task that throws is retried group by group to fail only the group that throws.
void predictAll(const std::vector<Group>& groups,
    const std::vector<std::shared_ptr<const Regressor>>& models, std::vector<char>& failed,
    const Dataset& data, const SharedCv& cv, const SharedFitPlan& plan,
    const std::atomic<bool>& cancelled, FoldErrors& errors)
{
    const std::size_t k = cv.testRows.size();
    std::vector<Dataset> tests;
    for (std::size_t f = 0; f < k; ++f)
        tests.push_back(subset(data, cv.testRows[f]));
    const std::vector<PredictionTask> tasks = predictionTasks(groups.size(), k, models, failed);
    // One flag per group and task: threads never write the same element.
    std::vector<char> predictionFailed(groups.size() * tasks.size(), 0);
    const int count = static_cast<int>(tasks.size());
#pragma omp parallel for schedule(dynamic)
    for (int t = 0; t < count; ++t) {
        const PredictionTask& task = tasks[static_cast<std::size_t>(t)];
        if (cancelled.load())
            continue;
        try {
            scoreGroups(task, groups, tests[task.fold], plan, cv, errors);
        } catch (const std::exception&) {
            for (std::size_t g : task.groups)
                try {
                    scoreGroups(
                        {task.fold, task.model, {g}}, groups, tests[task.fold], plan, cv, errors);
                } catch (const std::exception&) {
                    predictionFailed[static_cast<std::size_t>(t) * groups.size() + g] = 1;
                }
        }
    }
    for (std::size_t i = 0; i < predictionFailed.size(); ++i)
        if (predictionFailed[i])
            failed[i % groups.size()] = 1;
}
} // namespace

bool sameOrCovering(
    const ParamValues& fitted, const ParamValues& group, const std::string& covering)
{
    if (fitted.size() != group.size())
        return false;
    for (const auto& [name, value] : group) {
        const auto it = fitted.find(name);
        if (it == fitted.end() || (name == covering ? it->second < value : it->second != value))
            return false;
    }
    return true;
}

SharedCv kFoldSharedCv(const Dataset& data, const FoldAssignment& folds)
{
    SharedCv cv;
    for (int f = 0; f < folds.folds(); ++f) {
        cv.trainRows.push_back(folds.trainRows(f));
        cv.testRows.push_back(folds.testRows(f));
    }
    auto measured = std::make_shared<std::vector<Eigen::VectorXd>>();
    for (const auto& rows : cv.testRows)
        measured->push_back(subset(data, rows).y);
    cv.foldErrors = [measured](std::size_t fold, const Eigen::VectorXd& predicted) {
        return std::vector<double> {rootMeanSquaredError(predicted, (*measured)[fold])};
    };
    // Mean over folds, summed in fold order as crossValidate sums, so costs stay bit-identical.
    cv.cost = [](const std::vector<std::vector<double>>& errors) {
        double sum = 0.0;
        for (const auto& fold : errors)
            sum += fold.front();
        return sum / static_cast<double>(errors.size());
    };
    return cv;
}

SharedCv groupedSharedCv(const Dataset& data, const GroupedCvOptions& options)
{
    std::vector<HeldOutLevel> levels;
    const std::vector<HeldOutFold> folds = heldOutFolds(data, options, levels);
    SharedCv cv;
    auto measured = std::make_shared<std::vector<std::vector<double>>>(); // scored rows' y
    auto scored = std::make_shared<std::vector<std::vector<char>>>();
    for (const HeldOutFold& fold : folds) {
        cv.trainRows.push_back(heldOutTrainRows(fold, data.rows()));
        cv.testRows.push_back(fold.test);
        measured->emplace_back();
        for (Eigen::Index row : fold.test)
            measured->back().push_back(data.y(row));
        scored->push_back(fold.scored);
    }
    const bool logResponse = options.logResponse;
    cv.foldErrors
        = [measured, scored, logResponse](std::size_t fold, const Eigen::VectorXd& predicted) {
              const std::vector<char>& isScored = (*scored)[fold];
              std::vector<double> errors;
              errors.reserve(
                  static_cast<std::size_t>(std::count(isScored.begin(), isScored.end(), char {1})));
              for (std::size_t i = 0; i < isScored.size(); ++i)
                  if (isScored[i])
                      errors.push_back(heldOutLogRatio((*measured)[fold][i],
                          predicted(static_cast<Eigen::Index>(i)), logResponse));
              return errors;
          };
    // groupedCrossValidationCost's MeanLogRatio: pooled over the scored rows in fold order;
    // no scored row, or a NaN, is a failure (+inf).
    cv.cost = [](const std::vector<std::vector<double>>& errors) {
        double sum = 0.0;
        int total = 0;
        for (const auto& fold : errors)
            for (const double e : fold) {
                sum += e;
                ++total;
            }
        const double value = total ? sum / total : std::numeric_limits<double>::infinity();
        return std::isfinite(value) ? value : std::numeric_limits<double>::infinity();
    };
    return cv;
}

BatchCost sharedFitCost(const Regressor& prototype, const std::vector<SearchDimension>& space,
    const Dataset& data, const FoldAssignment& folds, SharedFitPlan plan)
{
    return sharedFitCost(prototype, space, data, kFoldSharedCv(data, folds), std::move(plan));
}

BatchCost sharedFitCost(const Regressor& prototype, const std::vector<SearchDimension>& space,
    const Dataset& data, SharedCv cv, SharedFitPlan plan)
{
    auto store = std::make_shared<FitStore>(cv.trainRows.size());
    std::vector<std::size_t> foldRows; // what chooseFits is told of the folds
    for (const auto& rows : cv.trainRows)
        foldRows.push_back(rows.size());
    return [&prototype, space, &data, cv = std::move(cv), plan = std::move(plan), store,
               foldRows = std::move(foldRows)](
               const std::vector<std::vector<double>>& points, const std::atomic<bool>& cancelled) {
        const std::vector<Group> groups = groupPoints(prototype, space, points, plan);
        const std::size_t k = cv.trainRows.size();
        // models[g * k + fold]: the fit serving group g on that fold. Lookups and the store are
        // updated between the parallel loops, so the threads share no mutable state.
        std::vector<std::shared_ptr<const Regressor>> models(groups.size() * k);
        std::vector<char> failed(groups.size(), 0);
        const auto lookUp = [&] {
            std::vector<std::size_t> unserved; // groups without a fit on some fold
            for (std::size_t g = 0; g < groups.size(); ++g) {
                bool missing = false;
                for (std::size_t f = 0; f < k; ++f) {
                    if (!models[g * k + f])
                        models[g * k + f] = keptFit((*store)[f], groups[g].params, plan);
                    missing = missing || !models[g * k + f];
                }
                if (missing && !failed[g])
                    unserved.push_back(g);
            }
            return unserved;
        };
        for (std::vector<std::size_t> unserved = lookUp(); !unserved.empty() && !cancelled.load();
             unserved = lookUp()) {
            std::vector<ParamValues> wanted;
            wanted.reserve(unserved.size());
            for (std::size_t g : unserved)
                wanted.push_back(groups[g].params);
            std::vector<std::pair<std::size_t, ParamValues>> fits;
            if (plan.chooseFits)
                fits = plan.chooseFits(wanted, foldRows);
            if (fits.empty())
                for (std::size_t i = 0; i < unserved.size(); ++i)
                    fits.emplace_back(i, wanted[i]);
            // Fit task t = (fits[t / k], fold t % k), on the folds its group still lacks.
            std::vector<std::shared_ptr<const Regressor>> made(fits.size() * k);
            // One flag per task: threads never write the same element.
            std::vector<char> fitFailed(made.size(), 0);
            const int tasks = static_cast<int>(made.size());
#pragma omp parallel for schedule(dynamic)
            for (int task = 0; task < tasks; ++task) {
                const auto t = static_cast<std::size_t>(task);
                const std::size_t g = unserved[fits[t / k].first];
                if (cancelled.load() || models[g * k + t % k])
                    continue;
                try {
                    const ParamValues& params = fits[t / k].second;
                    const Dataset train = subset(data, cv.trainRows[t % k]);
                    std::unique_ptr<Regressor> model;
                    if (plan.extend) // the store is only changed between the parallel loops
                        for (const KeptFit& kept : (*store)[t % k])
                            if ((model = plan.extend(*kept.model, kept.params, params, train)))
                                break;
                    if (!model && plan.fit) {
                        model = plan.fit(prototype, params, train);
                    } else if (!model) {
                        model = prototype.clone();
                        model->setParameters(params);
                        model->fit(train);
                    }
                    made[t] = std::move(model);
                } catch (const std::exception&) {
                    fitFailed[t] = 1;
                }
            }
            for (std::size_t t = 0; t < made.size(); ++t) {
                const std::size_t g = unserved[fits[t / k].first];
                bool fitOfGroupFailed = false;
                for (std::size_t f = 0; f < k; ++f)
                    fitOfGroupFailed = fitOfGroupFailed || fitFailed[(t / k) * k + f];
                if (fitOfGroupFailed)
                    failed[g] = 1; // scores +inf, as a failing separate fit would
                else if (made[t]) {
                    models[g * k + t % k] = made[t]; // serves its own group in any case
                    keep((*store)[t % k], {fits[t / k].second, made[t]}, plan);
                }
            }
        }

        FoldErrors errors(groups.size(), std::vector<std::vector<std::vector<double>>>(k));
        predictAll(groups, models, failed, data, cv, plan, cancelled, errors);
        std::vector<std::optional<double>> costs(points.size());
        for (std::size_t g = 0; g < groups.size(); ++g)
            for (std::size_t j = 0; j < groups[g].points.size(); ++j)
                costs[groups[g].points[j]] = failed[g] ? std::numeric_limits<double>::infinity()
                                                       : costOf(errors[g], j, cv);
        return costs;
    };
}

namespace {

// Whether two rules limits can give the same MINITEMS on some fold, the condition for one fit
// to serve the other's group (Cubist::sameMembersWithRules).
bool mayShareMinItems(double rules, double otherRules, const std::vector<std::size_t>& foldRows)
{
    for (const std::size_t rows : foldRows) {
        const int n = static_cast<int>(rows);
        if (cubist::minItemsFor(n, static_cast<int>(rules))
            == cubist::minItemsFor(n, static_cast<int>(otherRules)))
            return true;
    }
    return false;
}

// Largest rules limit first: the largest limit cuts the fewest trees, so its fit serves the most
// other limits with its MINITEMS. Limits whose MINITEMS differs from every chosen one on every
// fold can be served by none of the chosen fits, so their largest is fitted in the same round:
// fewer rounds, more fits per round for the threads to share. Each fit gets the most committees
// asked by the groups it may serve.
std::vector<std::pair<std::size_t, ParamValues>> largestRulesFirst(
    const std::vector<ParamValues>& unserved, const std::vector<std::size_t>& foldRows)
{
    std::vector<std::size_t> byRules(unserved.size());
    std::iota(byRules.begin(), byRules.end(), std::size_t {0});
    std::stable_sort(byRules.begin(), byRules.end(), [&](std::size_t a, std::size_t b) {
        return unserved[a].at("nsplits") > unserved[b].at("nsplits");
    });
    std::vector<std::pair<std::size_t, ParamValues>> fits;
    for (const std::size_t g : byRules) {
        const double rules = unserved[g].at("nsplits");
        bool mayBeServed = false;
        for (const auto& [chosen, params] : fits)
            mayBeServed = mayBeServed || mayShareMinItems(params.at("nsplits"), rules, foldRows);
        if (mayBeServed)
            continue; // the next round checks whether a fit made now serves it
        ParamValues fit = unserved[g];
        if (fit.count("ntrees")) {
            double committees = 1.0;
            for (const ParamValues& other : unserved)
                if (mayShareMinItems(other.at("nsplits"), rules, foldRows))
                    committees = std::max(committees, other.at("ntrees"));
            fit["ntrees"] = committees;
        }
        fits.emplace_back(g, std::move(fit));
    }
    return fits;
}

} // namespace

SharedFitPlan cartSharedFitPlan()
{
    return {{"cp"}, [](ParamValues& group, const std::vector<ParamValues>&) { group["cp"] = 0.0; },
        [](const Regressor&, const ParamValues& fitted, const ParamValues& group) {
            return sameOrCovering(fitted, group, "");
        },
        {}, {},
        [](const Regressor& fitted, const std::vector<ParamValues>& members,
            const Eigen::MatrixXd& x) {
            std::vector<Eigen::VectorXd> out;
            out.reserve(members.size());
            for (const ParamValues& member : members)
                out.push_back(dynamic_cast<const Cart&>(fitted).predictAtCp(x, member.at("cp")));
            return out;
        },
        {}};
}

SharedFitPlan cubistSharedFitPlan()
{
    // The fits on one fold share their instances, so one neighbour search serves them all.
    auto nearest = std::make_shared<cubist::NearestCache>();
    return {{"ntrees", "ninstances"},
        [](ParamValues& group, const std::vector<ParamValues>& members) {
            double committees = 1.0;
            for (const ParamValues& m : members)
                committees = std::max(committees, m.at("ntrees"));
            group["ntrees"] = committees;
            group["ninstances"] = 0.0; // neighbors act at prediction time only
        },
        [](const Regressor& fitted, const ParamValues& fittedParams, const ParamValues& group) {
            // The first c members of a larger committee are the c-member committee, and
            // another rules limit may give the same members.
            ParamValues sameRules = group;
            sameRules["nsplits"] = fittedParams.at("nsplits");
            return sameOrCovering(fittedParams, sameRules, "ntrees")
                && dynamic_cast<const Cubist&>(fitted).sameMembersWithRules(
                    static_cast<int>(group.at("nsplits")), static_cast<int>(group.at("ntrees")));
        },
        largestRulesFirst,
        [](const Regressor& fitted, const ParamValues& fittedParams, const ParamValues& params,
            const Dataset& train) -> std::unique_ptr<Regressor> {
            ParamValues fewer = params; // the same parameters with the fitted committee
            fewer["ntrees"] = fittedParams.at("ntrees");
            if (fewer != fittedParams || params.at("ntrees") <= fittedParams.at("ntrees"))
                return nullptr;
            return dynamic_cast<const Cubist&>(fitted).extendedTo(
                train, static_cast<int>(params.at("ntrees")));
        },
        [nearest](const Regressor& fitted, const std::vector<ParamValues>& members,
            const Eigen::MatrixXd& x) {
            int committees = 1;
            std::vector<int> neighbourCounts;
            for (const ParamValues& m : members) {
                committees = std::max(committees, static_cast<int>(m.at("ntrees")));
                const int k = static_cast<int>(m.at("ninstances"));
                if (k > 0
                    && std::find(neighbourCounts.begin(), neighbourCounts.end(), k)
                        == neighbourCounts.end())
                    neighbourCounts.push_back(k);
            }
            const cubist::CommitteePredictions table
                = dynamic_cast<const Cubist&>(fitted).committeePredictions(
                    x, committees, neighbourCounts, nearest.get());
            std::vector<Eigen::VectorXd> out;
            out.reserve(members.size());
            for (const ParamValues& m : members)
                out.push_back(table.predict(
                    static_cast<int>(m.at("ninstances")), static_cast<int>(m.at("ntrees"))));
            return out;
        },
        [](const Regressor& prototype, const ParamValues& params,
            const Dataset& train) -> std::unique_ptr<Regressor> {
            // Scored through committeePredictions only: no training predictions needed.
            auto model = std::make_unique<Cubist>(dynamic_cast<const Cubist&>(prototype).params());
            model->setParameters(params);
            model->fitForScoring(train);
            return model;
        }};
}

SharedFitPlan m5SharedFitPlan()
{
    return {{}, // nothing is free, but rules limits that cut no tree share one fit
        [](ParamValues&, const std::vector<ParamValues>&) {},
        [](const Regressor& fitted, const ParamValues& fittedParams, const ParamValues& group) {
            return fittedParams == group
                || dynamic_cast<const M5&>(fitted).cubist().sameMembersWithRules(
                    static_cast<int>(group.at("nsplits")), 1);
        },
        largestRulesFirst, {},
        [](const Regressor& fitted, const std::vector<ParamValues>& members,
            const Eigen::MatrixXd& x) {
            return std::vector<Eigen::VectorXd>(members.size(), fitted.predict(x));
        },
        {}};
}

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
        [](const Regressor&, const ParamValues& fitted, const ParamValues& group) {
            return sameOrCovering(fitted, group, "nk"); // a longer pass holds the shorter
        },
        {}, {},
        [](const Regressor& fitted, const std::vector<ParamValues>& members,
            const Eigen::MatrixXd& x) {
            std::vector<MarsParams> params;
            for (const ParamValues& member : members) {
                MarsParams p;
                p.nk = static_cast<int>(member.at("nk"));
                p.thresh = member.at("thresh");
                p.nprune = static_cast<int>(member.at("nprune"));
                p.degree = static_cast<int>(member.at("degree"));
                params.push_back(p);
            }
            return dynamic_cast<const Mars&>(fitted).predictWith(x, params);
        },
        {}};
}

} // namespace iolens::core

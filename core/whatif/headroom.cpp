// SPDX-License-Identifier: GPL-3.0-or-later
#include "whatif/headroom.hpp"

#include "data/csv_table.hpp"
#include "models/vm_projection.hpp"
#include "whatif/profile.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace iolens::core {

namespace {

Factor sweptFactor(HeadroomFactor factor)
{
    switch (factor) {
    case HeadroomFactor::Vms:
        return Factor::Vms;
    case HeadroomFactor::FilesetBytes:
        return Factor::FilesetBytes;
    case HeadroomFactor::WriteShare:
        return Factor::ReadPct;
    case HeadroomFactor::Threads:
        return Factor::Threads;
    }
    return Factor::Vms;
}

// Writes grow as the read share falls.
bool walksDown(HeadroomFactor factor)
{
    return factor == HeadroomFactor::WriteShare;
}

double answerValue(HeadroomFactor factor, double gridX)
{
    return factor == HeadroomFactor::WriteShare ? 100.0 - gridX : gridX;
}

// The limits' verdict at one configuration, from each limited metric's prediction there.
struct Verdict {
    bool known = true; ///< false: a model had no answer
    bool holds = true;
    double margin = 0.0; ///< smallest over the constraining limits (+inf if none constrains)
    std::optional<SlaLimit> broken;
};

Verdict judge(
    const std::vector<SlaLimit>& limits, const std::vector<double>& predictions, double readPct)
{
    Verdict verdict;
    verdict.margin = std::numeric_limits<double>::infinity();
    for (std::size_t l = 0; l < limits.size(); ++l) {
        if (!metricHasValue(limits[l].metric, readPct))
            continue;
        const double value = predictions[l];
        if (!std::isfinite(value)) {
            verdict.known = false;
            verdict.holds = false;
            verdict.broken = limits[l];
            return verdict;
        }
        verdict.margin = std::min(verdict.margin, limits[l].margin(value));
        if (!limits[l].holds(value) && verdict.holds) {
            verdict.holds = false;
            verdict.broken = limits[l];
        }
    }
    return verdict;
}

double predictOrNaN(const TrainedModel& model, const Configuration& config)
{
    try {
        return predictSpreadOverVms(model, config);
    } catch (const std::exception&) {
        return std::numeric_limits<double>::quiet_NaN();
    }
}

} // namespace

std::string_view headroomFactorName(HeadroomFactor factor)
{
    switch (factor) {
    case HeadroomFactor::Vms:
        return "vms";
    case HeadroomFactor::FilesetBytes:
        return "fileset";
    case HeadroomFactor::WriteShare:
        return "write-share";
    case HeadroomFactor::Threads:
        return "threads";
    }
    return "vms";
}

bool headroomApplies(HeadroomFactor factor, const FactorDomain& domain)
{
    // The VM count is answered through a one-VM model's projection (ICPE'13 section 6.3), so it
    // needs no measured VM count but one.
    return factor == HeadroomFactor::Vms || variesInDomain(domain, sweptFactor(factor));
}

std::optional<HeadroomFactor> parseHeadroomFactor(std::string_view name)
{
    for (HeadroomFactor factor : kHeadroomFactors)
        if (headroomFactorName(factor) == name)
            return factor;
    return std::nullopt;
}

HeadroomAnswer findHeadroom(const std::vector<const TrainedModel*>& models,
    const Configuration& scenario, HeadroomFactor factor, const std::vector<SlaLimit>& limits,
    const FactorDomain& domain, const SweepOptions& options)
{
    HeadroomAnswer answer;
    answer.factor = factor;
    if (!headroomApplies(factor, domain)) {
        switch (factor) {
        case HeadroomFactor::FilesetBytes:
            answer.error = "the data measured one file-set size, so no model learnt what a larger "
                           "one does";
            break;
        case HeadroomFactor::WriteShare:
            answer.error = "the data measured one read share, so no model learnt what more "
                           "writes do";
            break;
        default:
            answer.error = "the data measured one thread count, so no model learnt what more "
                           "threads do";
        }
        return answer;
    }
    std::vector<const TrainedModel*> limitModels(limits.size(), nullptr);
    for (std::size_t l = 0; l < limits.size(); ++l) {
        for (const TrainedModel* model : models)
            if (model && model->metric() == limits[l].metric)
                limitModels[l] = model;
        if (!limitModels[l]) {
            answer.error = "no model of " + std::string(metricName(limits[l].metric));
            return answer;
        }
    }

    std::vector<double> now(limits.size());
    for (std::size_t l = 0; l < limits.size(); ++l)
        now[l] = predictOrNaN(*limitModels[l], scenario);
    const Verdict atScenario = judge(limits, now, scenario.readPct);
    if (!atScenario.known) {
        answer.error = "no prediction of " + std::string(metricName(atScenario.broken->metric))
            + " at the scenario";
        return answer;
    }
    answer.meetsNow = atScenario.holds;
    if (!answer.meetsNow) {
        answer.binding = atScenario.broken;
        return answer;
    }

    SweepGrid grid;
    sweepGrid(domain, scenario, sweptFactor(factor), options, grid);
    const double current = sweepCoordinate(grid, scenario);
    std::vector<Configuration> points;
    for (std::size_t i = 0; i < grid.x.size(); ++i) {
        const bool beyond = walksDown(factor) ? grid.x[i] < current : grid.x[i] > current;
        if (!beyond)
            continue;
        Configuration config = scenario;
        applySweepPoint(grid, i, config);
        points.push_back(config);
    }
    if (walksDown(factor))
        std::reverse(points.begin(), points.end()); // nearest to the scenario first

    // One batch per limited metric; a point a model cannot answer becomes NaN.
    std::vector<std::vector<double>> predicted(limits.size());
    for (std::size_t l = 0; l < limits.size(); ++l) {
        predicted[l].resize(points.size());
        try {
            const Eigen::VectorXd values = predictSpreadOverVms(*limitModels[l], points);
            std::copy(values.data(), values.data() + values.size(), predicted[l].begin());
        } catch (const std::exception&) {
            for (std::size_t i = 0; i < points.size(); ++i)
                predicted[l][i] = predictOrNaN(*limitModels[l], points[i]);
        }
    }

    answer.largest = answerValue(factor, numericValue(scenario, sweptFactor(factor)));
    answer.margin = atScenario.margin;
    answer.openEnded = true;
    std::vector<double> at(limits.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        for (std::size_t l = 0; l < limits.size(); ++l)
            at[l] = predicted[l][i];
        const Verdict verdict = judge(limits, at, points[i].readPct);
        if (!verdict.known) {
            answer.error = "no prediction of " + std::string(metricName(verdict.broken->metric))
                + " beyond " + formatNumber(*answer.largest);
            answer.openEnded = false;
            return answer;
        }
        if (!verdict.holds) {
            answer.binding = verdict.broken;
            answer.openEnded = false;
            break;
        }
        answer.largest = answerValue(factor, numericValue(points[i], sweptFactor(factor)));
        answer.margin = verdict.margin;
    }
    return answer;
}

} // namespace iolens::core

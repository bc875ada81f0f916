// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cubist.hpp"

#include "common/counted_noun.hpp"
#include "common/error.hpp"
#include "data/csv_table.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace iolens::core {

namespace {

constexpr int kMaxNeighbors = 9; // NNMAX
constexpr int kMaxCommittees = 100;

void checkParams(const CubistParams& p)
{
    if (p.rules < 1 || p.committees < 1 || p.committees > kMaxCommittees || p.neighbors < 0
        || p.neighbors > kMaxNeighbors || !(p.extrapolation >= 0 && p.extrapolation <= 1))
        throw ConfigError("Cubist: parameters out of range (rules " + std::to_string(p.rules)
            + " >= 1, committees " + std::to_string(p.committees) + " in 1..100, neighbors "
            + std::to_string(p.neighbors) + " in 0..9, extrapolation "
            + formatNumber(p.extrapolation) + " in 0..1)");
}

void addDataWarnings(const cubist::TrainingSet& data, const cubist::Model& model,
    const cubist::ColumnNames& columns, FitReport& report)
{
    if (data.droppedRows > 0)
        report.warnings.push_back(countedNoun(data.droppedRows, "row") + " with a missing target "
            + (data.droppedRows == 1 ? "was" : "were") + " ignored");
    if (data.replacedValues > 0)
        report.warnings.push_back(countedNoun(data.replacedValues, "unknown predictor value")
            + (data.replacedValues == 1 ? " was" : " were")
            + " replaced by the training mean or mode");
    for (std::size_t a = 0; a < model.atts.size(); ++a)
        if (model.atts[a].kind == cubist::AttKind::Skipped)
            report.warnings.push_back(
                "column " + columns.names[a] + " has fewer than 2 known values and is not used");
    const auto [lo, hi] = std::minmax_element(data.y.begin(), data.y.end());
    if (*lo == *hi)
        report.warnings.push_back(
            "the target is constant (" + formatNumber(*lo) + "): every prediction is that value");
    else if (model.members.front().rules.size() == 1
        && model.members.front().rules.front().conditions.empty())
        report.warnings.push_back("pruned to a single rule: no split was worth its complexity");
}

} // namespace

std::vector<ParamSpec> Cubist::paramSpecs() const
{
    // Valid ranges as R's Cubist accepts them; search ranges are ICPE'13 Table 2's "used range".
    ParamSpec rules {"nsplits", "largest number of rules per committee member",
        "nsplits (R Cubist: rules)", true, 2, 1e6, 100, true};
    rules.searchLow = 2;
    rules.searchHigh = 400;
    ParamSpec committees {"ntrees", "committee members, each correcting the previous one's errors",
        "ntrees (R Cubist: committees)", true, 1, kMaxCommittees, 1, false};
    committees.searchLow = 1;
    committees.searchHigh = kMaxCommittees;
    ParamSpec neighbors {"ninstances",
        "nearest training cases that correct each prediction (0 = none)",
        "ninstances (R Cubist: neighbors)", true, 0, kMaxNeighbors, 0, false};
    neighbors.searchLow = 0;
    neighbors.searchHigh = kMaxNeighbors;
    return {rules, committees, neighbors};
}

ParamValues Cubist::parameters() const
{
    return {{"nsplits", m_params.rules}, {"ntrees", m_params.committees},
        {"ninstances", m_params.neighbors}};
}

void Cubist::setParameters(const ParamValues& values)
{
    const ParamValues resolved = resolveParameters(kTechnique, paramSpecs(), values);
    CubistParams params = m_params;
    params.rules = static_cast<int>(resolved.at("nsplits"));
    params.committees = static_cast<int>(resolved.at("ntrees"));
    params.neighbors = static_cast<int>(resolved.at("ninstances"));
    setParams(params);
}

void Cubist::setParams(const CubistParams& params)
{
    checkParams(params);
    if (params.rules != m_params.rules || params.committees != m_params.committees
        || params.extrapolation != m_params.extrapolation || params.unbiased != m_params.unbiased)
        m_model.reset();
    m_params = params;
}

void Cubist::setNames(const FeatureSchema& schema)
{
    m_columns = {};
    for (const FeatureColumn& column : schema.columns()) {
        m_columns.names.push_back(column.name());
        m_columns.levels.push_back(column.levels);
    }
}

// RuleQuest's GetData, FindGlobalProperties and ConstructCttee, as R's cubist() runs them with
// "-i yes" (instances prepared so that predict(neighbors = k) works for any k).
FitReport Cubist::fit(const Dataset& data)
{
    return fitFrom(data, nullptr, true);
}

void Cubist::fitForScoring(const Dataset& data)
{
    fitFrom(data, nullptr, false);
}

std::unique_ptr<Cubist> Cubist::extendedTo(const Dataset& data, int committees) const
{
    if (!m_model || m_model->lastMemberAsBuilt.rules.empty()
        || committees < static_cast<int>(m_model->members.size()))
        return nullptr;
    auto extended = std::make_unique<Cubist>(*this);
    extended->m_params.committees = committees;
    extended->fitFrom(data, m_model.get(), false);
    return extended;
}

FitReport Cubist::fitFrom(const Dataset& data, const cubist::Model* start, bool withReport)
{
    const auto begin = std::chrono::steady_clock::now();
    checkParams(m_params);
    if (data.schema.size() != static_cast<std::size_t>(data.x.cols()))
        throw DataError("Cubist::fit: the schema has " + std::to_string(data.schema.size())
            + " features, x has " + std::to_string(data.x.cols()) + " columns");
    std::vector<int> levels;
    for (const FeatureColumn& column : data.schema.columns())
        levels.push_back(column.categorical() ? static_cast<int>(column.levels.size()) : 0);
    std::vector<cubist::Attribute> atts;
    const cubist::TrainingSet training = cubist::makeTrainingSet(data.x, data.y, levels, atts);
    const cubist::Settings settings {
        m_params.rules, static_cast<float>(m_params.extrapolation), m_params.unbiased};
    const cubist::Globals globals
        = cubist::findGlobalProperties(training, std::move(atts), settings);
    cubist::Model model = start
        ? cubist::extendModel(training, globals, *start, m_params.committees)
        : cubist::buildModel(training, globals, m_params.committees);
    if (withReport)
        model.computeInstancePredictions();
    m_model = std::make_shared<const cubist::Model>(std::move(model));
    setNames(data.schema);
    if (!withReport)
        return {};

    FitReport report;
    report.rows = training.x.rows;
    // Without neighbours, the prediction for a training row is the committee's prediction for
    // its case, which instancePred now holds for every instance; it is the same case only when
    // no row was dropped and no value replaced.
    const bool sameCases = training.droppedRows == 0 && training.replacedValues == 0;
    const Eigen::VectorXd fitted = m_params.neighbors == 0 && sameCases
        ? Eigen::Map<const Eigen::VectorXf>(
            m_model->instancePred.data(), static_cast<Eigen::Index>(m_model->instancePred.size()))
              .cast<double>()
              .eval()
        : predict(data.x);
    double rss = 0, sum = 0, sumSq = 0;
    for (Eigen::Index i = 0; i < data.y.size(); ++i)
        if (std::isfinite(static_cast<float>(data.y(i)))) {
            rss += (data.y(i) - fitted(i)) * (data.y(i) - fitted(i));
            sum += data.y(i);
            sumSq += data.y(i) * data.y(i);
        }
    const double n = report.rows, tss = sumSq - sum * sum / n;
    report.trainingRmse = std::sqrt(rss / n);
    report.rSquared = tss > 0 ? 1.0 - rss / tss : 1.0;
    addDataWarnings(training, *m_model, m_columns, report);
    report.seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    return report;
}

Eigen::VectorXd Cubist::predict(const Eigen::MatrixXd& x) const
{
    return predictWith(x, m_params.neighbors, 0);
}

Eigen::VectorXd Cubist::predictWith(const Eigen::MatrixXd& x, int neighbors, int committees) const
{
    const cubist::Model& fitted = model();
    const int members = static_cast<int>(fitted.members.size());
    if (neighbors < 0 || neighbors > kMaxNeighbors || committees < 0 || committees > members)
        throw ConfigError("Cubist::predictWith: neighbors " + std::to_string(neighbors)
            + " must be in 0..9 and committees " + std::to_string(committees) + " in 0.."
            + std::to_string(members));
    return fitted.predict(
        cubist::makeCases(x, fitted.atts), neighbors, committees == 0 ? members : committees);
}

cubist::CommitteePredictions Cubist::committeePredictions(const Eigen::MatrixXd& x, int committees,
    const std::vector<int>& neighbourCounts, cubist::NearestCache* cache) const
{
    const cubist::Model& fitted = model();
    if (committees < 1 || committees > static_cast<int>(fitted.members.size()))
        throw ConfigError("Cubist::committeePredictions: committees " + std::to_string(committees)
            + " must be in 1.." + std::to_string(fitted.members.size()));
    for (const int k : neighbourCounts)
        if (k < 1 || k > 9)
            throw ConfigError("Cubist::committeePredictions: neighbors " + std::to_string(k)
                + " must be in 1..9");
    return cubist::CommitteePredictions(
        fitted, cubist::makeCases(x, fitted.atts), committees, neighbourCounts, cache);
}

bool Cubist::sameMembersWithRules(int rules, int committees) const
{
    if (!m_model || committees < 1 || committees > static_cast<int>(m_model->members.size()))
        return false;
    if (rules == m_params.rules)
        return true;
    if (m_model->minItems == 0
        || cubist::minItemsFor(m_model->instances.x.rows, rules) != m_model->minItems)
        return false;
    for (int m = 0; m < committees; ++m) {
        const int leaves = m_model->members[static_cast<std::size_t>(m)].unlimitedLeaves;
        if (leaves == 0 || leaves > rules || leaves > m_params.rules)
            return false; // a member whose leaves one of the limits cut
    }
    return true;
}

const cubist::Model& Cubist::model() const
{
    if (!m_model)
        throw StateError("Cubist: the model is not fitted");
    return *m_model;
}

std::string Cubist::describe() const
{
    if (!m_model)
        return "Cubist (not fitted)";
    std::size_t rules = 0;
    for (const auto& member : m_model->members)
        rules += member.rules.size();
    std::string text = "Cubist, " + countedNoun(m_model->members.size(), "committee member") + ", "
        + countedNoun(rules, "rule");
    text += m_params.neighbors > 0 ? ", corrected by the "
            + countedNoun(static_cast<std::size_t>(m_params.neighbors), "nearest training case")
            + " within distance " + formatNumber(m_model->instances.maxd) + "\n"
                                   : ", no instance correction\n";
    return text + describeRules();
}

std::string Cubist::describeRules() const
{
    return cubist::describeModel(model(), m_columns);
}

nlohmann::json Cubist::saveState() const
{
    nlohmann::json state = cubist::modelToJson(model());
    state["settings"]
        = {{"extrapolation", m_params.extrapolation}, {"unbiased", m_params.unbiased}};
    return state;
}

void Cubist::loadState(const nlohmann::json& state, const FeatureSchema& schema)
{
    try {
        cubist::Model loaded = cubist::modelFromJson(state, static_cast<int>(schema.size()));
        for (std::size_t a = 0; a < schema.size(); ++a) {
            const FeatureColumn& column = schema.columns()[a];
            const cubist::Attribute& att = loaded.atts[a];
            const int levels = column.categorical() ? static_cast<int>(column.levels.size()) : 0;
            if (att.kind != cubist::AttKind::Skipped
                && (att.kind == cubist::AttKind::Discrete) != (levels > 0))
                throw DataError("model file: Cubist column " + column.name()
                    + " does not match the feature schema");
            if (att.kind == cubist::AttKind::Discrete && att.levels != levels)
                throw DataError("model file: Cubist column " + column.name() + " has "
                    + std::to_string(att.levels) + " levels, the schema " + std::to_string(levels));
        }
        if (static_cast<int>(loaded.members.size()) != m_params.committees)
            throw DataError("model file: Cubist model has " + std::to_string(loaded.members.size())
                + " committee members, parameter ntrees is " + std::to_string(m_params.committees));
        const auto& settings = state.at("settings");
        m_params.extrapolation = settings.at("extrapolation").get<double>();
        m_params.unbiased = settings.at("unbiased").get<bool>();
        m_model = std::make_shared<const cubist::Model>(std::move(loaded));
        setNames(schema);
    } catch (const nlohmann::json::exception& e) {
        throw DataError(std::string("model file: malformed Cubist state: ") + e.what());
    }
}

std::unique_ptr<Regressor> Cubist::clone() const
{
    return std::make_unique<Cubist>(*this);
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "workflow/model_optimization.hpp"

#include "common/error.hpp"
#include "workflow/parameter_search.hpp"

#include <set>

namespace iolens::core {

namespace {

nlohmann::json pointJson(const std::vector<SearchDimension>& space, const std::vector<double>& v)
{
    nlohmann::json json = nlohmann::json::object();
    for (std::size_t d = 0; d < space.size(); ++d)
        json[space[d].name] = v[d];
    return json;
}

/// The fixed parameters and response scale a run records, as text to compare and show
/// ("cp=0.05 log_response=1").
std::string runSettingsFixed(const OptimizeRequest& request)
{
    ParamValues fixed = request.model.params;
    const TrainingOptions options = takeTrainingOptions(request.model.metric, fixed);
    std::string text;
    for (const auto& [name, value] : fixed)
        text += name + "=" + nlohmann::json(value).dump() + " ";
    return text + "log_response=" + (options.logResponse ? "1" : "0");
}

/// The settings a run records: enough to start the same search again (storedOptimizeRequest).
std::string runSettings(const OptimizeRequest& request)
{
    ParamValues fixed = request.model.params;
    const TrainingOptions options = takeTrainingOptions(request.model.metric, fixed);
    return nlohmann::json {{"k", request.settings.splits}, {"n", request.settings.explorations},
        {"iterations", request.settings.maxIterations}, {"folds", request.folds},
        {"seed", request.seed}, {"cv", request.cv == SearchCv::Grouped ? "grouped" : "random"},
        {"split", request.model.split.value_or("")}, {"where", request.model.where},
        {"fixed", fixed}, {"log_response", options.logResponse}}
        .dump();
}

/// Refuses to resume run `id` with a request that searches otherwise: its recorded costs would
/// be mixed with costs of another metric, dataset or cross-validation, and the best point chosen
/// among them (a tp_write_mbs model was picked by rt_read_ms costs). Only the iteration budget
/// may change.
void checkResumable(MeasurementDatabase& db, std::int64_t id, const OptimizeRequest& request)
{
    const std::optional<StoredOptimizerRun> run = optimizerRun(db, id);
    const std::string name = "optimizer run " + std::to_string(id);
    if (!run)
        throw ConfigError(db.path() + ": no " + name + " to resume (iolens-cli runs lists them)");
    const OptimizeRequest stored = storedOptimizeRequest(*run);
    std::vector<std::string> differences;
    const auto compare = [&differences](const std::string& what, const std::string& was,
                             const std::string& asked) {
        if (was != asked)
            differences.push_back(what + " " + (was.empty() ? "(all)" : was) + ", not "
                + (asked.empty() ? "(all)" : asked));
    };
    compare("technique", stored.model.technique, request.model.technique);
    compare("metric", std::string(metricName(stored.model.metric)),
        std::string(metricName(request.model.metric)));
    compare("dataset", stored.model.dataset.value_or(""), request.model.dataset.value_or(""));
    compare("split", stored.model.split.value_or(""), request.model.split.value_or(""));
    compare("where", stored.model.where, request.model.where);
    compare("cv", stored.cv == SearchCv::Grouped ? "grouped" : "random",
        request.cv == SearchCv::Grouped ? "grouped" : "random");
    compare("folds", std::to_string(stored.folds), std::to_string(request.folds));
    compare("seed", std::to_string(stored.seed), std::to_string(request.seed));
    compare("k", std::to_string(stored.settings.splits), std::to_string(request.settings.splits));
    compare("n", std::to_string(stored.settings.explorations),
        std::to_string(request.settings.explorations));
    compare("fixed parameters", runSettingsFixed(stored), runSettingsFixed(request));
    if (differences.empty())
        return;
    std::string text;
    for (const std::string& d : differences)
        text += (text.empty() ? "" : "; ") + d;
    throw ConfigError(name + " searched with other settings (" + text
        + "): resume it with its own (iolens-cli "
          "runs shows them), or start a new run without --resume");
}

} // namespace

SearchRequest searchRequestOf(const OptimizeRequest& request)
{
    SearchRequest search;
    search.technique = request.model.technique;
    search.metric = request.model.metric;
    search.fixed = request.model.params;
    search.settings = request.settings;
    search.folds = request.folds;
    search.seed = request.seed;
    search.cv = request.cv;
    return search;
}

OptimizeRequest storedOptimizeRequest(const StoredOptimizerRun& run)
{
    const std::string where = "optimizer run " + std::to_string(run.id);
    OptimizeRequest request;
    request.resumeRun = run.id;
    request.model.technique = run.technique;
    const auto metric = parseMetric(run.metric);
    if (!metric)
        throw DataError(where + ": unknown metric '" + run.metric + "'");
    request.model.metric = *metric;
    if (!run.dataset.empty())
        request.model.dataset = run.dataset;
    try {
        const auto settings = nlohmann::json::parse(run.settings);
        request.settings.splits = settings.at("k").get<int>();
        request.settings.explorations = settings.at("n").get<int>();
        request.settings.maxIterations = settings.at("iterations").get<int>();
        request.folds = settings.at("folds").get<int>();
        request.seed = settings.at("seed").get<std::uint64_t>();
        request.cv
            = settings.value("cv", "random") == "grouped" ? SearchCv::Grouped : SearchCv::Random;
        if (const auto split = settings.value("split", ""); !split.empty())
            request.model.split = split;
        request.model.where = settings.value("where", "");
        request.model.params = settings.value("fixed", ParamValues {});
        if (settings.contains("log_response"))
            request.model.params["log_response"]
                = settings.at("log_response").get<bool>() ? 1.0 : 0.0;
    } catch (const nlohmann::json::exception& e) {
        throw DataError(where + ": settings this build cannot read (" + e.what() + ")");
    }
    return request;
}

std::vector<EvaluatedPoint> recordedRunPoints(
    MeasurementDatabase& db, std::int64_t runId, const std::vector<SearchDimension>& space)
{
    std::vector<EvaluatedPoint> points;
    for (const OptimizerPoint& stored : db.optimizerPoints(runId)) {
        if (!stored.score)
            continue;
        const auto json = nlohmann::json::parse(stored.parameters);
        EvaluatedPoint point;
        for (const SearchDimension& d : space) {
            if (!json.contains(d.name))
                throw ConfigError("optimizer run " + std::to_string(runId)
                    + " searched other parameters; it cannot be resumed here");
            point.values.push_back(json.at(d.name).get<double>());
        }
        point.cost = *stored.score;
        point.iteration = stored.iteration;
        points.push_back(std::move(point));
    }
    return points;
}

OptimizerRunRecorder::OptimizerRunRecorder(MeasurementDatabase& db, const OptimizeRequest& request,
    const std::vector<EvaluatedPoint>& previous)
    : m_db(db)
    , m_space(searchedDimensions(searchRequestOf(request)))
{
    if (request.resumeRun) {
        m_runId = *request.resumeRun;
        m_db.setOptimizerRunStatus(m_runId, "running");
    } else {
        m_runId = m_db.createOptimizerRun(request.model.technique,
            std::string(metricName(request.model.metric)), request.model.dataset.value_or(""),
            runSettings(request));
    }
    for (const EvaluatedPoint& p : previous)
        m_saved.insert(p.values);
}

void OptimizerRunRecorder::record(const std::vector<EvaluatedPoint>& points)
{
    std::vector<OptimizerPoint> batch;
    for (const EvaluatedPoint& p : points)
        if (m_saved.insert(p.values).second)
            batch.push_back({p.iteration, pointJson(m_space, p.values).dump(), p.cost});
    if (!batch.empty())
        m_db.addOptimizerPoints(m_runId, batch);
}

void OptimizerRunRecorder::finish(const std::string& status)
{
    m_db.setOptimizerRunStatus(m_runId, status);
}

OptimizeOutcome optimizeModel(MeasurementDatabase& db, const OptimizeRequest& request,
    const std::atomic<bool>& cancelled, const ProgressCallback& progress)
{
    const std::vector<AggregatedMeasurement> rows = selectMeasurements(db, request.model);
    const SearchRequest search = searchRequestOf(request);
    std::vector<EvaluatedPoint> previous;
    if (request.resumeRun) {
        checkResumable(db, *request.resumeRun, request);
        previous = recordedRunPoints(db, *request.resumeRun, searchedDimensions(search));
    }
    OptimizerRunRecorder recorder(db, request, previous);
    const auto record = [&](const OptimizerProgress& state) {
        recorder.record(*state.points);
        if (progress)
            progress(state);
    };
    SearchOutcome found;
    try {
        found = searchParameters(rows, search, cancelled, record, previous);
    } catch (...) {
        // Bad data (zero values on a log scale) is found only here: the run must not stay
        // "running" forever, and what it recorded remains for a look.
        recorder.finish("failed");
        throw;
    }
    recorder.finish(found.search.cancelled ? "cancelled" : "finished");
    OptimizeOutcome outcome;
    outcome.runId = recorder.runId();
    outcome.search = std::move(found.search);
    outcome.defaultCost = found.defaultCost;
    outcome.defaultsKept = found.defaultsKept;
    outcome.model = std::move(found.model);
    return outcome;
}

} // namespace iolens::core

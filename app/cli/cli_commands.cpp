// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/cli_commands.hpp"

#include "cli/cli_options.hpp"
#include "cli/command_options.hpp"
#include "cli/dataset_note.hpp"
#include "cli/import_command.hpp"
#include "cli/insideout_command.hpp"
#include "cli/measure_command.hpp"
#include "cli/model_command.hpp"
#include "cli/output_guard.hpp"
#include "cli/predict_command.hpp"
#include "cli/stop_signals.hpp"
#ifdef IOLENS_CLI_RENDER
#include "cli/evidence_command.hpp"
#include "cli/render_command.hpp"
#endif
#include "cli/headroom_command.hpp"
#include "cli/loadgen_command.hpp"
#include "cli/runs_command.hpp"
#include "cli/simulate_command.hpp"
#include "cli/stability_command.hpp"
#include "cli/trace_command.hpp"
#include "cli/trace_replay_command.hpp"
#include "common/closest_name.hpp"
#include "common/counted_noun.hpp"
#include "common/error.hpp"
#include "common/text_file.hpp"
#include "data/aggregation.hpp"
#include "data/csv_table.hpp"
#include "data/measurement_csv.hpp"
#include "models/auto_model.hpp"
#include "store/app_runs.hpp"
#include "store/host_measurements_csv.hpp"
#include "store/measurement_database.hpp"
#include "store/trace_store.hpp"
#include "validation/conservation_check.hpp"
#include "workflow/model_assessment.hpp"
#include "workflow/model_optimization.hpp"
#include "workflow/model_training.hpp"

#include <QCommandLineParser>
#include <QTextStream>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <vector>

namespace iolens::cli {

namespace {

using namespace iolens::core;

/// A usage mistake on the command line (missing option, unknown command): exit status 2.
class UsageError : public InputError {
public:
    using InputError::InputError;
};

std::string str(const QString& text)
{
    return text.toStdString();
}

struct PositionalArguments {
    QString syntax; ///< as the usage line shows them ("[MODEL...]")
    QString help;   ///< what they are, for --help
    /// The option one argument stands for ("configs": `predict ... q.csv` is `--configs q.csv`),
    /// for commands that read no arguments of their own; empty if the command reads them.
    QString option;
};

struct Command {
    QString name;
    QString summary;
    std::vector<QCommandLineOption> options;
    PositionalArguments positional; ///< empty syntax if none
    std::function<int(const QCommandLineParser&)> run;
};

std::string required(const QCommandLineParser& parser, const QString& name)
{
    if (!parser.isSet(name) || parser.value(name).isEmpty())
        throw UsageError("missing required option --" + str(name));
    refuseRepeatedOption(parser, name);
    return str(parser.value(name));
}

/// Positional arguments after the command name.
QStringList commandArguments(const QCommandLineParser& parser)
{
    return parser.positionalArguments().mid(1);
}

std::optional<std::string> optional(const QCommandLineParser& parser, const QString& name)
{
    if (!parser.isSet(name))
        return std::nullopt;
    refuseRepeatedOption(parser, name);
    return str(parser.value(name));
}

int runInfo(const QCommandLineParser& parser)
{
    // One database: a second one named was left unread without a word.
    const qsizetype named
        = commandArguments(parser).size() + (parser.isSet(QStringLiteral("db")) ? 1 : 0);
    if (named > 1)
        throw UsageError("info: name one database (got " + std::to_string(named) + ")");
    std::string path;
    if (parser.isSet(QStringLiteral("db")))
        path = str(parser.value(QStringLiteral("db")));
    else if (!commandArguments(parser).isEmpty())
        path = str(commandArguments(parser).first());
    else
        throw UsageError("info: name the database (iolens-cli info DB)");
    MeasurementDatabase db = MeasurementDatabase::open(path, true);
    std::cout << "database: " << path << "\nschema version: " << db.schemaVersion() << "\n";
    for (const DatasetInfo& d : db.datasets()) {
        std::cout << "dataset " << d.name << ": "
                  << countedNoun(static_cast<std::size_t>(d.measurementCount), "measurement")
                  << " of "
                  << countedNoun(static_cast<std::size_t>(d.configurationCount), "configuration");
        std::string splits;
        for (const std::string& s : db.splits(d.name))
            splits += (splits.empty() ? "" : ", ") + s;
        std::cout << " (splits: " << splits << ")\n";
        if (!d.system.empty())
            std::cout << "  system: " << d.system << "\n";
        if (!d.description.empty())
            std::cout << "  " << d.description << "\n";
        for (const ImportedFile& file : db.importedFiles(d.name))
            std::cout << "  imported " << file.importedRows << " rows from " << file.file
                      << (file.mapping.empty() ? "" : " through a column mapping")
                      << (file.skippedRows > 0
                                 ? ", skipped " + std::to_string(file.skippedRows) + " bad rows"
                                 : "")
                      << " (" << file.importedAt << ")\n";
    }
    for (const StoredModel& m : db.models())
        std::cout << "model " << m.name << ": " << m.technique << " for " << m.metric << " on "
                  << (m.dataset.empty() ? "all datasets" : m.dataset) << ", parameters "
                  << m.parameters << ", scores " << m.scores << "\n";
    for (const AppRunRecord& r : appRuns(db))
        std::cout << "application run " << r.id << ": " << r.application << ", " << r.clients
                  << " clients, " << formatNumber(r.throughputPerS) << " loops/s, " << r.measuredAt
                  << "\n";
    for (const TraceRecord& t : traces(db))
        std::cout << "trace " << t.name << ": " << t.requests << " requests (" << t.timedRequests
                  << " with response times), " << traceFormatName(t.format) << " from " << t.source
                  << ", " << t.importedAt << "\n";
    for (const TraceModelRecord& m : traceModels(db))
        std::cout << "trace model " << m.name << ": " << m.technique
                  << (m.withHit ? "" : " without hit") << " on " << m.trace
                  << ", median relative error "
                  << shareText(m.evaluation.value("median_relative_error", 0.0)) << "\n";
    return kOk;
}

int runExport(const QCommandLineParser& parser)
{
    MeasurementDatabase db
        = MeasurementDatabase::open(required(parser, QStringLiteral("db")), true);
    // Without a file, standard output, as a filter in a pipe expects.
    const std::string out
        = optional(parser, QStringLiteral("csv")).value_or(std::string(kStandardOutput));
    const MeasurementFilter filter {
        optional(parser, QStringLiteral("dataset")), optional(parser, QStringLiteral("split"))};
    db.requireSelection(filter);
    if (parser.isSet(QStringLiteral("per-host"))) {
        const auto hostRows = db.hostMeasurements(filter);
        writeOutput(out, hostMeasurementsToCsv(hostRows));
        std::cerr << "exported " << hostRows.size() << " per-host results to " << outputName(out)
                  << "\n";
        return kOk;
    }
    // The window's File > Export dataset as CSV writes through the same function.
    const int rows = out == kStandardOutput ? exportMeasurementsCsv(db, filter, std::cout)
                                            : exportMeasurementsCsv(db, filter, out);
    std::cerr << "exported " << countedNoun(static_cast<std::size_t>(rows), "measurement") << " to "
              << outputName(out) << "\n";
    return kOk;
}

int runTrain(const QCommandLineParser& parser)
{
    MeasurementDatabase db
        = MeasurementDatabase::open(required(parser, QStringLiteral("db")), false);
    TrainRequest request;
    request.technique = required(parser, QStringLiteral("technique"));
    const std::string metricText = required(parser, QStringLiteral("metric"));
    request.metric = metricNamed(metricText);
    request.params = paramValues(parser.values(QStringLiteral("param")));
    request.dataset = optional(parser, QStringLiteral("dataset"));
    notePooledDatasets(db, request.dataset, "train");
    request.split = optional(parser, QStringLiteral("split"));
    request.where = str(parser.value(QStringLiteral("where")));
    const std::string name = required(parser, QStringLiteral("name"));
    const TrainedModel model = trainModel(db, request);
    storeModel(db, model, name, request);
    std::cout << "model " << name << ": " << request.technique << " for " << metricText << ", "
              << countedNoun(static_cast<std::size_t>(model.report().rows), "configuration")
              << ", training R^2 " << formatNumber(model.report().rSquared) << "\n";
    for (const std::string& warning : model.report().warnings)
        std::cerr << "warning: " << warning << "\n";
    return kOk;
}

std::string percentText(double value)
{
    if (std::isnan(value))
        return "-";
    if (value >= 100.0)
        return "> 9999 %"; // a wild extrapolation: the digits say nothing
    std::ostringstream text;
    text << std::fixed << std::setprecision(1) << value * 100.0 << " %";
    return text.str();
}

// optimize --technique auto: the auto model's own selection among candidates by grouped CV is
// its parameter search, so it is trained once, stored, and its candidates' scores printed.
int runAutoSelection(MeasurementDatabase& db, const QCommandLineParser& parser,
    const TrainRequest& request, const std::string& name)
{
    if (parser.isSet(QStringLiteral("resume")))
        throw UsageError("optimize --technique auto: the auto model's selection is not an "
                         "optimizer run; there is nothing to --resume");
    if (parser.isSet(QStringLiteral("cv")) && parser.value(QStringLiteral("cv")) != "grouped")
        throw UsageError("optimize --technique auto: auto selects by grouped cross-validation; "
                         "--cv "
            + str(parser.value(QStringLiteral("cv"))) + " does not apply");
    for (const char* option : {"k", "n", "iterations", "folds", "seed"})
        if (parser.isSet(QString::fromLatin1(option)))
            std::cerr << "note: --" << option << " does not apply to technique auto; ignored\n";
    const TrainedModel model = trainModel(db, request);
    storeModel(db, model, name, request);
    const auto& autoModel = dynamic_cast<const AutoModel&>(model.regressor());
    const auto printChoice = [](const AutoModel& choice) {
        const int labelWidth = candidateLabelWidth(choice.candidates()) + 1;
        std::cout << "auto: candidates scored by grouped cross-validation, mean relative error "
                     "of held-out levels; chosen on the mean |log(predicted / measured)|\n"
                  << std::left << std::setw(labelWidth) << "candidate" << std::right
                  << std::setw(15) << "interpolation" << std::setw(15) << "extrapolation"
                  << std::setw(10) << "overall" << std::setw(11) << "log ratio"
                  << "\n";
        for (const CandidateScore& c : choice.candidates())
            std::cout << std::left << std::setw(labelWidth) << c.spec.label() << std::right
                      << std::setw(15) << percentText(c.interpolation) << std::setw(15)
                      << percentText(c.extrapolation) << std::setw(10) << percentText(c.overall)
                      << std::setw(11) << std::fixed << std::setprecision(3) << c.logRatio
                      << std::defaultfloat << (c.failure.empty() ? "" : "  failed: " + c.failure)
                      << "\n";
        std::cout << "chosen:";
        for (const auto& [spec, weight] : choice.chosen())
            std::cout << " " << spec.label() << " (weight " << formatNumber(weight) << ")";
        const CandidateScore& chosen = choice.chosenScore();
        std::cout << "\ngrouped CV of the chosen model: interpolation "
                  << percentText(chosen.interpolation) << ", extrapolation "
                  << percentText(chosen.extrapolation) << ", overall "
                  << percentText(chosen.overall) << "\n";
        const auto [without, best] = choice.smoothingLogRatios();
        if (!std::isnan(without))
            std::cout << "residual smoothing: " << choice.smoothing().label()
                      << " (held-out log ratio " << std::fixed << std::setprecision(3) << without
                      << " without, " << best << " with the best setting)" << std::defaultfloat
                      << "\n";
    };
    if (autoModel.composed()) {
        // A closed workload's rate: the choices are those of its two response-time models.
        std::cout << "auto: " << metricName(request.metric)
                  << " composed by Little's law from the read and write response-time models\n";
        for (const auto& [what, part] :
            {std::pair {"read response time", autoModel.readTimesModel()},
                std::pair {"write response time", autoModel.writeTimesModel()}})
            if (part) {
                std::cout << "\n" << what << ":\n";
                printChoice(*part);
            }
    } else {
        printChoice(autoModel);
    }
    std::cout << "model " << name << " stored\n";
    return kOk;
}

SearchCv searchCv(const QCommandLineParser& parser)
{
    const QString cv = parser.value(QStringLiteral("cv"));
    if (!parser.isSet(QStringLiteral("cv")) || cv == QStringLiteral("random"))
        return SearchCv::Random;
    if (cv == QStringLiteral("grouped"))
        return SearchCv::Grouped;
    throw UsageError("--cv expects random or grouped, got '" + str(cv) + "'");
}

int runOptimize(const QCommandLineParser& parser)
{
    MeasurementDatabase db
        = MeasurementDatabase::open(required(parser, QStringLiteral("db")), false);
    OptimizeRequest request;
    request.model.technique = required(parser, QStringLiteral("technique"));
    request.model.metric = metricNamed(required(parser, QStringLiteral("metric")));
    request.model.params = paramValues(parser.values(QStringLiteral("param")));
    request.model.dataset = optional(parser, QStringLiteral("dataset"));
    notePooledDatasets(db, request.model.dataset, "optimize");
    request.model.split = optional(parser, QStringLiteral("split"));
    request.model.where = str(parser.value(QStringLiteral("where")));
    request.settings.splits = wholeNumber(parser, "k", 4, 1);
    request.settings.explorations = wholeNumber(parser, "n", 5, 1);
    request.settings.maxIterations = wholeNumber(parser, "iterations", 10, 0);
    request.folds = wholeNumber(parser, "folds", 10, 2);
    request.seed = static_cast<std::uint64_t>(wholeNumber(parser, "seed", 1, 0));
    const std::string name = required(parser, QStringLiteral("name"));
    if (request.model.technique == AutoModel::kTechnique)
        return runAutoSelection(db, parser, request.model, name);
    request.cv = searchCv(parser);
    if (parser.isSet(QStringLiteral("resume")))
        request.resumeRun = wholeNumber(parser, "resume", 0, 1);

    // Ctrl-C stops after the batch in flight; every evaluated point is already stored.
    const StopSignals stopSignals;
    // The grouped cost is the mean |log(predicted / measured)| of held-out levels, not an RMSE.
    const std::string costName
        = request.cv == SearchCv::Grouped ? "grouped CV mean |log ratio|" : "CV-RMSE";
    const auto progress = [&costName](const OptimizerProgress& p) {
        std::cerr << "iteration " << p.iteration << ": " << p.evaluated
                  << " points evaluated, best " << costName << " " << formatNumber(p.bestCost)
                  << "\n";
    };
    const OptimizeOutcome outcome
        = optimizeModel(db, request, StopSignals::stopRequested(), progress);
    if (outcome.search.cancelled) {
        std::cerr << "cancelled; " << outcome.search.points.size()
                  << " points are stored. Resume with --resume " << outcome.runId
                  << (request.cv == SearchCv::Grouped ? " --cv grouped" : "") << "\n";
        return kFailure;
    }
    storeModel(db, *outcome.model, name, request.model);
    std::cout << "optimizer run " << outcome.runId << ": " << outcome.search.points.size()
              << " points in " << outcome.search.iterations << " iterations\nbest";
    for (const auto& [key, value] : outcome.model->parameters())
        std::cout << " " << key << "=" << formatNumber(value);
    const double best = outcome.search.best.cost;
    std::cout << "\n" << costName << " ";
    if (outcome.defaultsKept)
        std::cout << formatNumber(outcome.defaultCost)
                  << " at the default parameters, lower than the best point searched ("
                  << formatNumber(best)
                  << "): the model keeps them (raise -k, -n or --iterations to search further)";
    else
        std::cout << formatNumber(best) << " (default parameters "
                  << formatNumber(outcome.defaultCost) << ", "
                  << formatNumber(100.0 * (outcome.defaultCost - best) / outcome.defaultCost)
                  << " % lower)";
    std::cout << "\nmodel " << name << " stored\n";
    return kOk;
}

int runEvaluate(const QCommandLineParser& parser)
{
    MeasurementDatabase db = MeasurementDatabase::open(
        required(parser, QStringLiteral("db")), !parser.isSet(QStringLiteral("compare-default")));
    AssessmentRequest request;
    for (const QString& model : parser.values(QStringLiteral("model")))
        request.models.push_back(str(model));
    for (const QString& model : commandArguments(parser))
        request.models.push_back(str(model)); // --model A B C
    request.scenario = str(parser.value(QStringLiteral("scenario")));
    request.rule.readMinPct = numberOption(parser, "read-min-pct", 25.0);
    request.rule.writeMaxPct = numberOption(parser, "write-max-pct", 75.0);
    for (const auto& [option, value] : {std::pair {"--read-min-pct", request.rule.readMinPct},
             std::pair {"--write-max-pct", request.rule.writeMaxPct}})
        if (!(value >= 0.0 && value <= 100.0))
            throw ConfigError(std::string("evaluate: ") + option + " " + formatNumber(value)
                + ": a read share in 0..100");
    request.compareWithDefault = parser.isSet(QStringLiteral("compare-default"));
    std::string points;
    const nlohmann::json report = assessModels(db, request, points);
    const std::string out = required(parser, QStringLiteral("out"));
    writeTextFileAtomically(out, report.dump(2) + "\n");
    if (parser.isSet(QStringLiteral("points-csv")))
        writeTextFileAtomically(str(parser.value(QStringLiteral("points-csv"))), points);
    for (const auto& m : report.at("models")) {
        std::cout << m.at("model").get<std::string>() << " on "
                  << report.at("scenario").get<std::string>() << ": " << m.at("points").get<int>()
                  << " points, mean relative error "
                  << formatNumber(m.at("mean_relative_error").get<double>()) << ", p90 "
                  << formatNumber(m.at("relative_error_p90").get<double>());
        if (m.contains("default_parameters"))
            std::cout << ", vs default "
                      << formatNumber(
                             m.at("default_parameters").at("error_reduction_pct").get<double>())
                      << " % lower (p = "
                      << formatNumber(
                             m.at("default_parameters").at("paired_t_p_value").get<double>())
                      << ")";
        std::cout << "\n";
        if (m.contains("grouped")) {
            const auto& g = m.at("grouped");
            const auto figure = [&g](const char* key) {
                return g.at(key).is_null() ? std::string("-")
                                           : percentText(g.at(key).get<double>());
            };
            std::cout << "  grouped CV (levels left out): interpolation "
                      << figure("interpolation_mean_relative_error") << ", extrapolation "
                      << figure("extrapolation_mean_relative_error");
            if (!g.at("interval_coverage").is_null())
                std::cout << ", 80 % intervals cover " << figure("interval_coverage");
            std::cout << "\n";
        }
    }
    std::cout << "rule: " << request.rule.describe() << "\n";
    return kOk;
}

int runConservation(const QCommandLineParser& parser)
{
    MeasurementDatabase db
        = MeasurementDatabase::open(required(parser, QStringLiteral("db")), true);
    const MeasurementFilter filter {
        optional(parser, QStringLiteral("dataset")), optional(parser, QStringLiteral("split"))};
    db.requireSelection(filter);
    notePooledDatasets(db, filter.dataset, "conservation");
    const auto rows = aggregateRepetitions(db.measurements(filter));
    const ConservationCheck check = checkConservation(rows);
    writeTextFileAtomically(
        required(parser, QStringLiteral("out")), conservationJson(check).dump(2) + "\n");
    const auto brief = [](double value) {
        std::ostringstream text;
        text << std::setprecision(3) << value;
        return text.str();
    };
    std::cout << "request_kib: f_rw of each system configuration\n";
    std::map<double, std::vector<double>> costs;
    for (const auto& table : check.tables)
        for (const SizeCapacity& c : table.second)
            costs[c.requestKib].push_back(c.writeCost());
    for (const auto& [kib, values] : costs) {
        std::cout << brief(kib) << ":";
        for (double f : values)
            std::cout << " " << brief(f);
        std::cout << "\n";
    }
    std::cout << check.mixes.size() << " read/write mixes from " << check.measurementsUsed
              << " pure measurements: mean |C/T100r - 1| " << brief(check.meanCapacityDeviation)
              << ", mean relative error of the total IOPS " << brief(check.meanRelativeError)
              << "\n";
    if (check.mixesWithoutCapacity > 0)
        std::cout << check.mixesWithoutCapacity
                  << " mixes left out: their size lacks a 100 % read or write measurement\n";
    return kOk;
}

int runDescribe(const QCommandLineParser& parser)
{
    MeasurementDatabase db
        = MeasurementDatabase::open(required(parser, QStringLiteral("db")), true);
    const TrainedModel model = loadModel(db, required(parser, QStringLiteral("model")));
    std::cout << model.describe();
    return kOk;
}

std::vector<Command> commands()
{
    return {
        {QStringLiteral("info"), QStringLiteral("Summarise a database: datasets, splits, models."),
            {dbOption()},
            PositionalArguments {
                QStringLiteral("DB"), QStringLiteral("The measurement database (as --db)."), {}},
            runInfo},
        {QStringLiteral("import"),
            QStringLiteral("Import measurements from CSV or fio JSON (one transaction)."),
            importOptions(),
            PositionalArguments {QStringLiteral("[FILE...]"),
                QStringLiteral("Files to import: a .csv as --csv, a .json as --fio-json; after "
                               "--fio-json, more fio results."),
                {}},
            runImport},
        {QStringLiteral("export"), QStringLiteral("Export measurements as CSV."), exportOptions(),
            PositionalArguments {QStringLiteral("[CSV]"),
                QStringLiteral("Output CSV file (as --csv)."), QStringLiteral("csv")},
            runExport},
        {QStringLiteral("train"), QStringLiteral("Train a model and store it in the database."),
            trainOptions(), {}, runTrain},
        {QStringLiteral("optimize"),
            QStringLiteral(
                "Search a technique's parameters (ICPE'13 Algorithm 1) and store the best model."),
            optimizeOptions(), {}, runOptimize},
        {QStringLiteral("runs"),
            QStringLiteral("List the stored optimizer runs (to redraw or --resume): CSV."),
            runsOptions(), {}, runRuns},
        {QStringLiteral("evaluate"),
            QStringLiteral("Score stored models on a scenario: R^2, relative errors, CDF, t-test."),
            evaluateOptions(),
            PositionalArguments {QStringLiteral("[MODEL...]"),
                QStringLiteral("Stored models to score (as --model)."), {}},
            runEvaluate},
        {QStringLiteral("conservation"),
            QStringLiteral(
                "Ra and Lee's conservation check: f_rw per request size, C/T100r and the "
                "estimation error of every read/write mix."),
            conservationOptions(), {}, runConservation},
        {QStringLiteral("predict"),
            QStringLiteral(
                "Predict the configurations of a CSV with a stored model (a one-VM model "
                "answers vms = N for the workload spread over N VMs)."),
            predictOptions(),
            PositionalArguments {QStringLiteral("[CONFIGS]"),
                QStringLiteral("CSV with configuration columns (as --configs)."),
                QStringLiteral("configs")},
            runPredict},
        {QStringLiteral("describe"), QStringLiteral("Print what a stored model learned."),
            describeOptions(),
            PositionalArguments {QStringLiteral("[MODEL]"),
                QStringLiteral("Stored model name (as --model)."), QStringLiteral("model")},
            runDescribe},
        {QStringLiteral("model"),
            QStringLiteral("Move a stored model between databases: model export writes a model "
                           "file, model import stores one."),
            modelOptions(),
            PositionalArguments {QStringLiteral("export|import"),
                QStringLiteral("export: write the stored --model to --out; import: store the model "
                               "in --file."),
                {}},
            runModel},
        {QStringLiteral("stability"),
            QStringLiteral(
                "How far predictions move without a few configurations (SBCART Fig. 5)."),
            stabilityOptions(), {}, runStability},
        {QStringLiteral("insideout"),
            QStringLiteral(
                "Inside-Out: predict end-to-end performance from low-level node metrics."),
            insideOutOptions(), {}, runInsideOut},
        {QStringLiteral("headroom"),
            QStringLiteral("Capacity planning: how many VMs, how large a file set, how many writes "
                           "keep the limits (SLA), per technique."),
            headroomOptions(), {}, runHeadroom},
        {QStringLiteral("simulate"),
            QStringLiteral("Application what-if (CBSE'14): simulate a file server, mail server or "
                           "your application on the storage models, per client count."),
            simulateOptions(), {}, runSimulate},
        {QStringLiteral("loadgen"),
            QStringLiteral("Run an application (file server, mail server, yours) against a "
                           "directory with real system calls and store its response times."),
            loadgenOptions(), {}, runLoadgen},
        {QStringLiteral("trace-features"),
            QStringLiteral("Per-request features of an I/O trace (Wang et al., SBCART): time and "
                           "block differences, size, direction, sequentiality, LRU cache hit."),
            traceFeaturesOptions(), {}, runTraceFeatures},
        {QStringLiteral("trace-evaluate"),
            QStringLiteral("Per-request CART / SBCART on a trace without and with the cache-hit "
                           "feature (SBCART Figure 4)."),
            traceEvaluateOptions(), {}, runTraceEvaluate},
        {QStringLiteral("trace-import"),
            QStringLiteral("Store an I/O trace in the database (spc, msr, blkparse, fio-lat, "
                           "disksim), streamed in one transaction."),
            traceImportOptions(), {}, runTraceImport},
        {QStringLiteral("trace-record"),
            QStringLiteral("Record a trace with fio's per-I/O latency log, optionally in a memory "
                           "cgroup smaller than the working set, and store it."),
            traceRecordOptions(), {}, runTraceRecord},
        {QStringLiteral("trace-replay"),
            QStringLiteral("Replay a trace without response times (SPC) with fio's read_iolog and "
                           "store it with the response times measured here."),
            traceReplayOptions(), {}, runTraceReplay},
        {QStringLiteral("trace-train"),
            QStringLiteral("Train a per-request CART / SBCART on a stored trace and store it "
                           "with its test figures."),
            traceTrainOptions(), {}, runTraceTrain},
        {QStringLiteral("measure"),
            QStringLiteral(
                "Measure your own storage with fio from a plan (resumes; Ctrl-C stops)."),
            measureOptions(), {}, runMeasure},
#ifdef IOLENS_CLI_RENDER
        {QString::fromLatin1(kRenderCommand),
            QStringLiteral(
                "Draw a view of the window (cdf, surface, conservation, ...) into a PNG, "
                "SVG or PDF, headless."),
            renderOptions(), {}, runRender},
        {QString::fromLatin1(kEvidenceCommand),
            QStringLiteral("Export the evidence pack headless: every view as PNG and PDF, the "
                           "scenario, the models and the SHA-256 of the data and of every file."),
            evidenceOptions(), {}, runEvidence},
#endif
    };
}

QString overview()
{
    QString text = QStringLiteral("Commands:\n");
    for (const Command& c : commands())
        text += QStringLiteral("  %1  %2\n").arg(c.name, -9).arg(c.summary);
    return text + QStringLiteral("Run 'iolens-cli COMMAND --help' for a command's options.\n");
}

/// "--db" for a long option name, "-h" for a one-letter one.
std::string dashed(const std::string& name)
{
    return (name.size() == 1 ? "-" : "--") + name;
}

/// An option the command does not have, as a user who guessed its name needs to hear it: the one
/// they most likely meant ("--techniqe": --technique), or else the options there are.
/// QCommandLineParser's own "Unknown option 'csv'." names neither the command nor a way on.
std::string unknownOptionMessage(const Command& command, const QString& typed)
{
    std::vector<std::string> names {"help", "version"};
    std::string listed;
    for (const QCommandLineOption& option : command.options) {
        for (const QString& name : option.names())
            names.push_back(str(name));
        listed += (listed.empty() ? "" : ", ") + dashed(str(option.names().constLast()));
    }
    const std::string message = str(command.name) + ": unknown option " + dashed(str(typed));
    if (const auto meant = closestName(str(typed), names))
        return message + " (did you mean " + dashed(*meant) + "?)";
    return message + " (its options: " + listed + "; see 'iolens-cli " + str(command.name)
        + " --help')";
}

std::string unknownCommandMessage(const std::vector<Command>& all, const QString& typed)
{
    std::vector<std::string> names;
    names.reserve(all.size());
    for (const Command& c : all)
        names.push_back(str(c.name));
    std::string message = "unknown command '" + str(typed) + "'";
    if (const auto meant = closestName(str(typed), names))
        message += " (did you mean '" + *meant + "'?)";
    return message + "\n" + str(overview());
}

/// `predict --db x --model m q.csv` as `--configs q.csv`: the command's one argument parsed again
/// as the option it stands for. Users name the file a command works on without its option, as
/// `import` and `evaluate` take theirs; before session 66 these three refused it.
void standForOption(QCommandLineParser& parser, const QStringList& args, const Command& command,
    const QStringList& rest)
{
    const QString& option = command.positional.option;
    if (rest.size() > 1)
        throw UsageError(str(command.name) + ": unexpected argument '" + str(rest.at(1)) + "' (one "
            + str(command.positional.syntax) + " at most)");
    if (parser.isSet(option))
        throw UsageError(str(command.name) + ": '" + str(rest.first()) + "' and --" + str(option)
            + " both given: name the " + str(option) + " once");
    if (!parser.parse(args + QStringList {QStringLiteral("--") + option, rest.first()}))
        throw UsageError(str(parser.errorText()));
}

int runParsed(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("iolens-cli: storage performance models from measurements.\n\n")
        + overview());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("The command to run."));
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    const auto all = commands();
    const QStringList& args = arguments;
    // Find the command first, then parse again with its options (QCommandLineParser's
    // documented pattern for sub-commands).
    parser.parse(args);
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty()) {
        if (parser.isSet(QStringLiteral("version")))
            parser.showVersion();
        if (parser.isSet(QStringLiteral("help")))
            parser.showHelp(kOk);
        throw UsageError("no command given\n" + str(overview()));
    }
    const auto it = std::find_if(
        all.begin(), all.end(), [&](const Command& c) { return c.name == positional.first(); });
    if (it == all.end())
        throw UsageError(unknownCommandMessage(all, positional.first()));
    parser.clearPositionalArguments();
    parser.setApplicationDescription(it->summary);
    parser.addPositionalArgument(it->name, it->summary, it->name);
    if (!it->positional.syntax.isEmpty()) {
        // --help lists the arguments by their name in the usage line ("[MODEL...]" as MODEL).
        QString name = it->positional.syntax;
        name.remove(QLatin1Char('[')).remove(QLatin1Char(']')).remove(QStringLiteral("..."));
        parser.addPositionalArgument(name, it->positional.help, it->positional.syntax);
    }
    parser.addOptions(QList<QCommandLineOption>(it->options.begin(), it->options.end()));
    if (!parser.parse(args)) {
        if (!parser.unknownOptionNames().isEmpty())
            throw UsageError(unknownOptionMessage(*it, parser.unknownOptionNames().constFirst()));
        throw UsageError(str(parser.errorText()));
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(kOk);
    QStringList rest = parser.positionalArguments();
    rest.removeFirst();
    if (it->positional.syntax.isEmpty() && !rest.isEmpty())
        throw UsageError(str(it->name) + ": unexpected argument '" + str(rest.first()) + "'");
    if (!it->positional.option.isEmpty() && !rest.isEmpty())
        standForOption(parser, args, *it, rest);
    refuseOutputOverInput(parser, it->name);
    return it->run(parser);
}

} // namespace

int runCommand(const QStringList& arguments)
{
    try {
        return runParsed(arguments);
    } catch (const InputError& e) {
        std::cerr << "iolens-cli: " << e.what() << "\n";
        return kBadInput;
    } catch (const std::exception& e) {
        std::cerr << "iolens-cli: " << e.what() << "\n";
        return kFailure;
    }
}

} // namespace iolens::cli

// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/simulate_command.hpp"

#include "appsim/application_file.hpp"
#include "appsim/application_simulation.hpp"
#include "appsim/calibration.hpp"
#include "appsim/client_sweep.hpp"
#include "cli/cli_options.hpp"
#include "common/error.hpp"
#include "common/text_file.hpp"
#include "data/csv_table.hpp"
#include "data/scenario_text.hpp"
#include "store/app_runs.hpp"
#include "store/measurement_database.hpp"
#include "workflow/model_training.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace iolens::cli {

namespace {

using namespace iolens::core;

std::string columnName(std::size_t index, const std::string& name)
{
    std::string column = "op_" + std::to_string(index + 1) + "_";
    for (char c : name)
        column += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return column + "_ms";
}

struct StorageChoice {
    std::unique_ptr<StorageLatency> latency;
    std::string description;
};

// The stored models named by --model, as the read and the write model by their metrics.
StorageChoice modelStorage(
    MeasurementDatabase& db, const QCommandLineParser& parser, const Application& app)
{
    TrainRequest selection;
    if (parser.isSet(QStringLiteral("dataset")))
        selection.dataset = optionText(parser, "dataset");
    const auto rows = selectMeasurements(db, selection);
    Configuration base = rows.front().config;
    // The file set the application works on, unless the scenario says otherwise.
    base.filesetBytes
        = std::max<std::int64_t>(1 << 20, std::llround(app.fileSet.totalBytes() / 1048576.0) << 20);
    base.vms = 1;
    if (parser.isSet(QStringLiteral("scenario")))
        base = parseScenarioText(optionText(parser, "scenario"), base);

    std::optional<TrainedModel> read;
    std::optional<TrainedModel> write;
    std::string description;
    for (const QString& name : parser.values(QStringLiteral("model"))) {
        TrainedModel model = loadModel(db, name.toStdString());
        if (model.metric() == Metric::RtReadMs && !read)
            read = std::move(model);
        else if (model.metric() == Metric::RtWriteMs && !write)
            write = std::move(model);
        else
            throw ConfigError("--model " + name.toStdString() + ": a model of "
                + std::string(metricName(model.metric()))
                + "; give one rt_read_ms and at most one rt_write_ms model");
        description += (description.empty() ? "" : " and ") + name.toStdString();
    }
    if (!read && !write) {
        for (const Metric metric : {Metric::RtReadMs, Metric::RtWriteMs}) {
            TrainRequest request = selection;
            request.technique = "auto";
            request.metric = metric;
            (metric == Metric::RtReadMs ? read : write) = trainModel(db, request);
        }
        description = "auto models trained on the database's response times";
    }
    if (!read || !write)
        std::cerr << "simulate: one model answers for reads and writes alike (--model "
                  << description << ")\n";
    TrainedModel readModel = read ? *read : *write;
    TrainedModel writeModel = write ? *write : *read;
    const std::string sizes = optionText(parser, "request-size");
    if (!sizes.empty() && sizes != "own" && sizes != "mean")
        throw ConfigError("--request-size '" + sizes + "': use own or mean");
    return {std::make_unique<ModelStorageLatency>(std::move(readModel), std::move(writeModel), base,
                sizes == "mean" ? RequestSizeSource::Mean : RequestSizeSource::Own),
        description + " at " + scenarioText(base)};
}

// The latest measured run of the application at each client count.
std::map<int, AppRunRecord> measuredRuns(MeasurementDatabase* db, const Application& app)
{
    std::map<int, AppRunRecord> runs;
    if (db != nullptr)
        for (AppRunRecord& run : appRuns(*db, app.name))
            runs[run.clients] = std::move(run);
    return runs;
}

// The file itself is written (through a temporary beside it) only after the simulation, so that
// an interrupted run leaves nothing behind; its folder can be checked before.
void checkOutputFolder(const std::string& path)
{
    const std::filesystem::path file(path);
    if (std::filesystem::is_directory(file))
        throw ConfigError("--out '" + path + "': a folder, not a file");
    const std::filesystem::path folder = file.has_parent_path() ? file.parent_path() : ".";
    if (!std::filesystem::is_directory(folder))
        throw ConfigError("--out '" + path + "': no folder '" + folder.string() + "'");
}

std::string optionalNumber(const std::optional<double>& value)
{
    return value ? formatNumber(*value) : "";
}

} // namespace

std::vector<QCommandLineOption> simulateOptions()
{
    return {applicationOption(),
        valueOption("db", "Measurement database with the storage models (SQLite).", "DB"),
        valueOption("model",
            "Stored model for the storage, repeatable: one rt_read_ms, one rt_write_ms "
            "(default: train auto models for both).",
            "NAME"),
        valueOption(
            "storage-delay-ms", "Delay every storage request by this constant instead.", "MS"),
        valueOption("clients", "Client counts, e.g. 1,2,4,8 (default: the application's).", "LIST"),
        valueOption("seed", "Random seed (default 1).", "N"),
        valueOption("precision",
            "Relative half-width of the 99 % intervals to stop at (default 0.03).", "SHARE"),
        valueOption("memory-length",
            "Recent requests that define the storage's workload state (default 100).", "N"),
        valueOption("scenario",
            "Storage configuration the model is asked about, e.g. \"scheduler=bfq,fileset=4GiB\" "
            "(default: the application's file set, the first measured configuration's rest).",
            "TEXT"),
        valueOption(
            "dataset", "Dataset name, for the scenario's defaults and auto models.", "NAME"),
        valueOption("calibrate-clients",
            "Fit the CPU and delay demands and the memory length to the database's measured run "
            "(iolens-cli loadgen) at this client count first.",
            "N"),
        valueOption("request-size",
            "own: each request at its own size and pattern (default); mean: at the mean size and "
            "majority pattern of the remembered requests of its direction (CBSE'14 4.2).",
            "own|mean"),
        valueOption("cpu-cores",
            "CPU cores the application runs on (default: the definition's, 1 for the built-ins).",
            "N"),
        valueOption("sla-ms",
            "Print how many clients keep the loop's response time within this limit.", "MS"),
        valueOption("out", "Write the results as CSV.", "FILE")};
}

int runSimulate(const QCommandLineParser& parser)
{
    Application app = applicationFromArgument(requiredText(parser, "app", "simulate"));
    const bool constant = parser.isSet(QStringLiteral("storage-delay-ms"));
    if (!constant && !parser.isSet(QStringLiteral("db")))
        throw ConfigError("simulate: give --db DB (its models) or --storage-delay-ms X");
    // Options of the models' storage, which a constant delay would silently leave unused.
    if (constant)
        for (const char* modelOption : {"model", "request-size", "dataset"})
            if (parser.isSet(QString::fromLatin1(modelOption)))
                throw ConfigError(std::string("simulate: --") + modelOption
                    + " applies to the models of --db, not to --storage-delay-ms");
    // Every option is checked before the storage models are trained and the clients simulated,
    // which can take minutes: --sla-ms and --out are used only after that.
    if (parser.isSet(QStringLiteral("cpu-cores")))
        app.cpuCores = wholeNumber(parser, "cpu-cores", 1, 1);
    SimulationOptions options;
    options.seed = static_cast<std::uint64_t>(wholeNumber(parser, "seed", 1, 0));
    options.precision = numberOption(parser, "precision", 0.03);
    if (!(options.precision > 0.0 && options.precision < 1.0))
        throw ConfigError("--precision: expected a share in (0, 1) such as 0.03");
    options.memoryLength = wholeNumber(parser, "memory-length", 100, 1);
    const std::vector<int> counts = parser.isSet(QStringLiteral("clients"))
        ? wholeNumberList(optionText(parser, "clients"), "--clients")
        : std::vector<int> {app.defaultClients};
    std::optional<double> slaMs;
    if (parser.isSet(QStringLiteral("sla-ms"))) {
        slaMs = numberOption(parser, "sla-ms", 0.0);
        if (!(*slaMs > 0.0))
            throw ConfigError("--sla-ms: expected a response time limit > 0 ms, got '"
                + optionText(parser, "sla-ms") + "'");
    }
    if (parser.isSet(QStringLiteral("out")))
        checkOutputFolder(optionText(parser, "out"));
    const std::optional<int> calibrateAt = parser.isSet(QStringLiteral("calibrate-clients"))
        ? std::optional<int>(wholeNumber(parser, "calibrate-clients", 1, 1))
        : std::nullopt;
    std::optional<MeasurementDatabase> db;
    if (parser.isSet(QStringLiteral("db")))
        db = MeasurementDatabase::open(requiredText(parser, "db", "simulate"), true);
    StorageChoice storage;
    if (constant) {
        const double ms = numberOption(parser, "storage-delay-ms", 0.0);
        if (!(ms >= 0.0))
            throw ConfigError("--storage-delay-ms: expected a delay >= 0");
        storage = {std::make_unique<ConstantStorageLatency>(ms),
            "a constant " + formatNumber(ms) + " ms per request"};
    } else {
        storage = modelStorage(*db, parser, app);
    }
    const std::map<int, AppRunRecord> measured = measuredRuns(db ? &*db : nullptr, app);

    std::cout << "Application " << app.name << ": " << app.operations.size() << " operations ("
              << app.reads() << " reads, " << app.writes()
              << " writes) per loop; storage: " << storage.description << "\n";
    if (calibrateAt) {
        const int at = *calibrateAt;
        const auto run = measured.find(at);
        if (run == measured.end())
            throw ConfigError("--calibrate-clients " + std::to_string(at) + ": no measured run of '"
                + app.name + "' at " + std::to_string(at)
                + " clients in the database (iolens-cli loadgen)");
        std::vector<int> lengths {1, 4, 16, 64, 256};
        if (parser.isSet(QStringLiteral("memory-length")))
            lengths = {options.memoryLength};
        const Calibration calibration
            = calibrate(app, run->second, *storage.latency, options, lengths);
        app = calibration.application;
        options.memoryLength = calibration.memoryLength;
        std::cout << "calibrated at " << at << " clients (run " << run->second.id
                  << "): memory length " << calibration.memoryLength << ", err_IO "
                  << shareText(calibration.atCalibration.errIo) << ", err_E2E "
                  << shareText(calibration.atCalibration.errE2e) << "\n";
        for (const Operation& op : app.operations)
            if (op.kind == OperationKind::Cpu || op.kind == OperationKind::Delay)
                std::cout << "  " << op.name << ": "
                          << (op.kind == OperationKind::Cpu ? "CPU " : "delay ")
                          << formatNumber(op.amount.mean()) << " ms"
                          << (op.waitMs > 0.0 ? " + wait " + formatNumber(op.waitMs) + " ms" : "")
                          << "\n";
    }
    std::vector<std::string> header {"clients", "throughput_per_s", "throughput_ci_per_s",
        "response_time_ms", "response_time_ci_ms", "io_response_time_ms", "cpu_utilization",
        "delay_busy", "storage_busy", "loops", "simulated_s", "precision_reached",
        "measured_throughput_per_s", "measured_response_time_ms", "err_io", "err_e2e"};
    for (std::size_t i = 0; i < app.operations.size(); ++i)
        header.push_back(columnName(i, app.operations[i].name));
    for (std::size_t i = 0; i < app.queues.size(); ++i)
        header.push_back("queue_" + std::to_string(i + 1) + "_utilization");
    std::string csv = formatCsvLine(header);
    std::vector<SimulationResult> sweep;
    for (const int clients : counts) {
        options.clients = clients;
        const SimulationResult r = simulateApplication(app, *storage.latency, options);
        sweep.push_back(r);
        const auto run = measured.find(clients);
        const PredictionError error
            = run != measured.end() ? predictionError(r, run->second) : PredictionError {};
        std::cout << clients << " clients: " << formatNumber(r.throughputPerS.mean) << " ± "
                  << formatNumber(r.throughputPerS.halfWidth) << " loops/s, response time "
                  << formatNumber(r.responseTimeMs.mean) << " ± "
                  << formatNumber(r.responseTimeMs.halfWidth) << " ms, I/O "
                  << formatNumber(r.ioResponseTimeMs) << " ms, CPU "
                  << formatNumber(100.0 * r.cpuUtilization) << " %"
                  << (r.precisionReached ? "" : " (precision not reached within the caps)");
        if (run != measured.end())
            std::cout << "; measured " << formatNumber(run->second.throughputPerS)
                      << " loops/s, err_IO " << shareText(error.errIo) << ", err_E2E "
                      << shareText(error.errE2e);
        std::cout << "\n";
        std::vector<std::string> row {std::to_string(clients), formatNumber(r.throughputPerS.mean),
            formatNumber(r.throughputPerS.halfWidth), formatNumber(r.responseTimeMs.mean),
            formatNumber(r.responseTimeMs.halfWidth), formatNumber(r.ioResponseTimeMs),
            formatNumber(r.cpuUtilization), formatNumber(r.delayBusy), formatNumber(r.storageBusy),
            std::to_string(r.loopsKept), formatNumber(r.simulatedSeconds),
            r.precisionReached ? "1" : "0",
            run != measured.end() ? formatNumber(run->second.throughputPerS) : "",
            run != measured.end() ? optionalNumber(run->second.responseTimeMs) : "",
            optionalNumber(error.errIo), optionalNumber(error.errE2e)};
        for (const OperationTime& op : r.operations)
            row.push_back(formatNumber(op.responseTimeMs));
        for (const double utilization : r.queueUtilization)
            row.push_back(formatNumber(utilization));
        csv += formatCsvLine(row);
    }
    if (slaMs) {
        const double limit = *slaMs;
        std::sort(sweep.begin(), sweep.end(),
            [](const auto& a, const auto& b) { return a.clients < b.clients; });
        const ClientHeadroom headroom = clientHeadroom(sweep, limit);
        std::cout << "SLA response time <= " << formatNumber(limit) << " ms: ";
        if (!headroom.meetsAtFewest)
            std::cout << "broken already at " << sweep.front().clients << " clients\n";
        else
            std::cout << (headroom.openEnded ? "at least " : "up to ") << *headroom.largestClients
                      << " clients\n";
    }
    if (parser.isSet(QStringLiteral("out")))
        writeTextFileAtomically(optionText(parser, "out"), csv);
    return 0;
}

} // namespace iolens::cli

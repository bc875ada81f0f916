// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/headroom_command.hpp"

#include "cli/cli_options.hpp"
#include "cli/dataset_note.hpp"
#include "common/error.hpp"
#include "common/text_file.hpp"
#include "data/csv_table.hpp"
#include "data/scenario_text.hpp"
#include "models/regressor_registry.hpp"
#include "store/measurement_database.hpp"
#include "whatif/headroom.hpp"
#include "workflow/model_training.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

namespace iolens::cli {

namespace {

using namespace iolens::core;

std::string unitOf(HeadroomFactor factor)
{
    switch (factor) {
    case HeadroomFactor::Vms:
        return "VMs";
    case HeadroomFactor::FilesetBytes:
        return "MiB";
    case HeadroomFactor::WriteShare:
        return "% writes";
    case HeadroomFactor::Threads:
        return "threads";
    }
    return {};
}

std::vector<std::string> csvRow(const std::string& technique, const HeadroomAnswer& answer)
{
    return {technique, std::string(headroomFactorName(answer.factor)),
        answer.error.empty() ? (answer.meetsNow ? "1" : "0") : "",
        answer.largest ? formatNumber(*answer.largest) : "", unitOf(answer.factor),
        answer.openEnded ? "1" : "0", answer.largest ? formatNumber(100.0 * answer.margin) : "",
        answer.binding ? slaLimitText(*answer.binding) : "", answer.error};
}

// "8 VMs", "3.40 GiB", "62.5 % writes": the CSV keeps the exact value.
std::string amount(HeadroomFactor factor, double value)
{
    char text[32];
    if (factor == HeadroomFactor::FilesetBytes && value >= 1024.0)
        std::snprintf(text, sizeof text, "%.2f GiB", value / 1024.0);
    else if (factor == HeadroomFactor::FilesetBytes)
        std::snprintf(text, sizeof text, "%.0f MiB", value);
    else if (factor == HeadroomFactor::WriteShare)
        std::snprintf(text, sizeof text, "%.1f %% writes", value);
    else if (factor == HeadroomFactor::Threads)
        std::snprintf(text, sizeof text, "%.0f threads", value);
    else
        std::snprintf(text, sizeof text, "%.0f VMs", value);
    return text;
}

std::string sentence(const std::string& technique, const HeadroomAnswer& answer)
{
    const std::string what
        = technique + ", " + std::string(headroomFactorName(answer.factor)) + ": ";
    if (!answer.error.empty())
        return what + "no answer (" + answer.error + ")";
    if (!answer.meetsNow)
        return what + "already breaks " + slaLimitText(*answer.binding) + " at the scenario";
    std::string text = what + (answer.openEnded ? "at least " : "up to ")
        + amount(answer.factor, *answer.largest);
    // No limit constrains the end point (a read limit at 100 % writes): no margin to give.
    if (std::isfinite(answer.margin))
        text += ", margin " + formatNumber(std::round(1000.0 * answer.margin) / 10.0) + " %";
    else
        text += ", where no limit applies";
    if (answer.binding)
        text += ", then " + slaLimitText(*answer.binding) + " breaks";
    else
        text += " (the end of the range iolens sweeps)";
    return text;
}

} // namespace

std::vector<QCommandLineOption> headroomOptions()
{
    return {valueOption("db", "Measurement database (SQLite).", "DB"),
        valueOption("scenario",
            "Scenario, e.g. \"request=16KiB,read=70,fileset=4GiB,scheduler=bfq,"
            "pattern=random,vms=1\"; factors not named keep the first measured "
            "configuration's values.",
            "TEXT"),
        valueOption(
            "limit", "Limit, repeatable: rt_read_ms<=5, tp_write_mbs>=200, ...", "METRIC<=VALUE"),
        valueOption("technique",
            "Technique, repeatable (default the Capacity tab's: auto, then lm mars cart m5 "
            "cubist).",
            "NAME"),
        valueOption("factor",
            "vms, fileset, write-share or threads, repeatable (default all that apply: threads "
            "where the data measured several thread counts).",
            "NAME"),
        valueOption("dataset", "Dataset name.", "NAME"),
        valueOption("out", "Write the answers as CSV.", "FILE")};
}

int runHeadroom(const QCommandLineParser& parser)
{
    MeasurementDatabase db
        = MeasurementDatabase::open(requiredText(parser, "db", "headroom"), true);
    std::vector<SlaLimit> limits;
    for (const QString& text : parser.values(QStringLiteral("limit")))
        limits.push_back(parseSlaLimit(text.toStdString()));
    if (limits.empty())
        throw ConfigError("headroom: give at least one --limit, e.g. rt_read_ms<=5");
    std::vector<HeadroomFactor> factors;
    for (const QString& text : parser.values(QStringLiteral("factor"))) {
        const auto factor = parseHeadroomFactor(text.toStdString());
        if (!factor)
            throw ConfigError(
                "--factor '" + text.toStdString() + "': use vms, fileset, write-share or threads");
        factors.push_back(*factor);
    }
    std::vector<std::string> techniques;
    for (const QString& text : parser.values(QStringLiteral("technique")))
        techniques.push_back(text.toStdString());
    // The Capacity tab's models, the recommended one first, so that the window and the command
    // line answer alike (before session 67 the paper's five alone).
    if (techniques.empty())
        techniques = defaultTechniques();

    TrainRequest selection;
    if (parser.isSet(QStringLiteral("dataset")))
        selection.dataset = parser.value(QStringLiteral("dataset")).toStdString();
    notePooledDatasets(db, selection.dataset, "headroom");
    const std::vector<AggregatedMeasurement> rows = selectMeasurements(db, selection);
    if (rows.empty())
        throw DataError("headroom: the selection has no measurements");
    const Configuration scenario
        = parseScenarioText(requiredText(parser, "scenario", "headroom"), rows.front().config);
    // As a CSV row of predict or import: the threads are the workload's in all, spread over its
    // VMs, and a VM without one runs nothing.
    if (scenario.vms > scenario.threads)
        throw ConfigError("headroom: --scenario: " + std::to_string(scenario.vms) + " VMs but "
            + std::to_string(scenario.threads) + " threads in all: each VM runs at least one");
    std::vector<Configuration> configs;
    configs.reserve(rows.size());
    for (const auto& row : rows)
        configs.push_back(row.config);
    const FactorDomain domain = factorDomain(configs);
    if (factors.empty())
        for (HeadroomFactor factor : kHeadroomFactors)
            if (headroomApplies(factor, domain))
                factors.push_back(factor);

    std::string csv = formatCsvLine({"technique", "factor", "meets_now", "largest", "unit",
        "open_ended", "margin_pct", "binding", "error"});
    std::cout << "Scenario " << scenarioText(scenario) << "\n";
    for (const std::string& technique : techniques) {
        std::vector<TrainedModel> models;
        for (const SlaLimit& limit : limits) {
            TrainRequest request = selection;
            request.technique = technique;
            request.metric = limit.metric;
            models.push_back(trainModel(db, request));
        }
        // Asked anyway, every row said "no answer", exit 0.
        if (const auto untrained = models.front().schema().firstUntrainedLabel({scenario}))
            throw ConfigError("headroom: --scenario: " + untrained->second);
        std::vector<const TrainedModel*> pointers;
        pointers.reserve(models.size());
        for (const TrainedModel& model : models)
            pointers.push_back(&model);
        for (HeadroomFactor factor : factors) {
            const HeadroomAnswer answer = findHeadroom(pointers, scenario, factor, limits, domain);
            std::cout << sentence(technique, answer) << "\n";
            csv += formatCsvLine(csvRow(technique, answer));
        }
    }
    if (parser.isSet(QStringLiteral("out")))
        writeTextFileAtomically(parser.value(QStringLiteral("out")).toStdString(), csv);
    return 0;
}

} // namespace iolens::cli

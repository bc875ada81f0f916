// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/command_options.hpp"

#include "cli/cli_options.hpp"
#include "models/regressor_registry.hpp"

namespace iolens::cli {

namespace {

QCommandLineOption datasetOption()
{
    return valueOption("dataset", "Dataset name.", "NAME");
}

QCommandLineOption splitOption()
{
    return valueOption("split", "Split label.", "NAME");
}

QCommandLineOption modelOption()
{
    return valueOption("model", "Stored model name.", "MODEL");
}

QCommandLineOption whereOption()
{
    return valueOption("where",
        "Only configurations matching, e.g. \"request_kib<=32,pattern=random\".", "FILTER");
}

QCommandLineOption modelNameOption()
{
    return valueOption("name", "Name of the stored model.", "MODEL");
}

} // namespace

QCommandLineOption dbOption()
{
    return valueOption("db", "Measurement database (SQLite).", "DB");
}

std::vector<QCommandLineOption> importOptions()
{
    return {dbOption(), valueOption("csv", "CSV file in the interchange format.", "FILE"),
        valueOption("fio-json", "fio --output-format=json result(s).", "FILE"), datasetOption(),
        splitOption(), valueOption("description", "Description of a new dataset.", "TEXT"),
        valueOption("system", "System under study (new dataset).", "TEXT"),
        valueOption("scheduler",
            "I/O scheduler of fio runs (default: from the file name, else none).", "NAME"),
        valueOption("fileset",
            "File-set size of fio runs whose options give none (a whole device: 64M, 2g, 512GiB).",
            "SIZE"),
        valueOption("mapping",
            "Read --csv through this column mapping (JSON: other column names and units).",
            "MAPPING.json"),
        valueOption("propose-mapping",
            "Write a proposed column mapping of the --csv file here, to check and use with "
            "--mapping (imports nothing).",
            "OUT.json"),
        QCommandLineOption(QStringLiteral("skip-bad-rows"),
            QStringLiteral("Import the good rows of --csv and skip the refused ones (each is "
                           "reported, the count recorded with the dataset)."))};
}

std::vector<QCommandLineOption> exportOptions()
{
    return {dbOption(),
        valueOption("csv", "Output CSV file (- or left out: standard output).", "OUT"),
        datasetOption(), splitOption(),
        QCommandLineOption(QStringLiteral("per-host"),
            QStringLiteral("Export each host's own result of multi-host runs "
                           "(measure with \"hosts\") instead of the "
                           "aggregates."))};
}

// The techniques by name, as the registry knows them: `train --help` is where a user looks.
QCommandLineOption techniqueOption()
{
    QStringList names;
    for (const std::string& name : core::techniqueNames())
        names << QString::fromStdString(name);
    return {QStringLiteral("technique"),
        QStringLiteral("Regression technique: %1.").arg(names.join(QStringLiteral(", "))),
        QStringLiteral("NAME")};
}

std::vector<QCommandLineOption> trainOptions()
{
    return {dbOption(), techniqueOption(),
        valueOption("metric", "Metric to model (rt_read_ms, ...).", "METRIC"),
        valueOption(
            "param", "Technique parameter, repeatable (log_response=0|1 too).", "NAME=VALUE"),
        datasetOption(), splitOption(), whereOption(), modelNameOption()};
}

std::vector<QCommandLineOption> optimizeOptions()
{
    return {dbOption(), techniqueOption(), valueOption("metric", "Metric to model.", "METRIC"),
        valueOption("param", "Fixed parameter, repeatable.", "NAME=VALUE"), datasetOption(),
        splitOption(), whereOption(), valueOption("k", "Splits per parameter (default 4).", "K"),
        valueOption("n", "Explorations (default 5).", "N"),
        valueOption("iterations", "Iterations (default 10).", "I"),
        valueOption("folds", "Cross-validation folds (default 10).", "F"),
        valueOption("seed", "Fold seed (default 1).", "S"),
        valueOption("resume", "Continue a stored optimizer run.", "RUN"), modelNameOption(),
        valueOption("cv",
            "Cost: random (the paper's k-fold RMSE, default) or grouped (leave-level-out, "
            "predicting unmeasured levels).",
            "random|grouped")};
}

std::vector<QCommandLineOption> evaluateOptions()
{
    return {dbOption(), modelOption(),
        valueOption("scenario",
            "cv[=K], grouped, interpolation, extrapolation, multi-vm, split=NAME, "
            "dataset=NAME and/or a filter such as request_kib>32 (default: all).",
            "SPEC"),
        valueOption("out", "Report JSON file.", "OUT"),
        valueOption("points-csv", "Per-point errors as CSV.", "FILE"),
        QCommandLineOption(QStringLiteral("compare-default"),
            QStringLiteral("Also train each technique with default parameters "
                           "and compare.")),
        valueOption(
            "read-min-pct", "Score read metrics where read_pct >= this (default 25).", "PCT"),
        valueOption(
            "write-max-pct", "Score write metrics where read_pct <= this (default 75).", "PCT")};
}

std::vector<QCommandLineOption> conservationOptions()
{
    return {
        dbOption(), datasetOption(), splitOption(), valueOption("out", "Report JSON file.", "OUT")};
}

std::vector<QCommandLineOption> predictOptions()
{
    return {dbOption(), modelOption(),
        valueOption("configs",
            "CSV with configuration columns (those of factors the model holds fixed may be left "
            "out).",
            "FILE"),
        valueOption("out", "Output CSV (adds 'predicted'; - or left out: standard output).", "OUT"),
        valueOption("interval",
            "Also 'lower' and 'upper' of a prediction interval at this level, in (0, 1) (technique "
            "auto only).",
            "LEVEL")};
}

std::vector<QCommandLineOption> describeOptions()
{
    return {dbOption(), modelOption()};
}

} // namespace iolens::cli

// SPDX-License-Identifier: GPL-3.0-or-later
// How well each technique predicts configurations nobody measured, on the shared datasets:
// grouped (leave-level-out) cross-validation over every numeric factor with three or more
// levels, mean relative error (ICPE'13 Table 4 rule) of the held-out inner levels
// (interpolation) and outer levels (extrapolation), for each plain technique on the log and the
// raw scale and for `auto`. `auto` is refitted inside every fold (its own model selection
// included), so its figures and the coverage of its 80 % intervals are out-of-sample.
//
//   grouped_cv_report                 a Markdown table per dataset on stdout
//   grouped_cv_report --points FILE   also every held-out prediction of `auto` as CSV, with
//                                     its interval, to see which configurations its mean
//                                     relative error and its misses come from
//   grouped_cv_report --csv FILE      the same table for the measurements of FILE (interchange
//                                     format) instead of the shared datasets: another system
//
// At the end, whole levels of fio-local are held out of training and predicted by `auto`
// trained on the rest, as a new system's unmeasured configurations would be; then runs measured
// off the grids (tests/data/measured/); then each tiered stack trained with only two levels of
// one factor.
//
// The last row of each table is the floor: what a model that knew every configuration's true mean
// would still score, because most held-out values are a single run (see repeatNoise).
#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "models/auto_model.hpp"
#include "models/regressor_registry.hpp"
#include "models/trained_model.hpp"
#include "support/test_data.hpp"
#include "validation/grouped_cv.hpp"
#include "validation/model_evaluation.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <numeric>
#include <string>

using namespace iolens::core;

namespace {

std::string percent(double value)
{
    if (std::isnan(value))
        return "–";
    char text[16];
    std::snprintf(text, sizeof text, "%.0f %%", value * 100.0);
    return text;
}

/// Where `auto`'s held-out points go (--points), and the dataset being reported.
FILE* g_points = nullptr;

/// Parameters of every auto model the report fits (--param NAME=VALUE), defaults otherwise.
ParamValues g_autoParams;

AutoModel autoModel()
{
    AutoModel model;
    model.setParameters(g_autoParams);
    return model;
}
std::string g_dataset;

/// Share of held-out points inside their fold model's interval: all, interpolation levels,
/// extrapolation levels.
struct Coverage {
    double all = std::nan("");
    double interpolation = std::nan("");
    double extrapolation = std::nan("");
};

Coverage coverageOf(const GroupedCvResult& cv)
{
    int inside[2] = {0, 0}, total[2] = {0, 0};
    for (const HeldOutPoint& p : cv.points) {
        if (std::isnan(p.lower))
            continue;
        const int kind = cv.levels[static_cast<std::size_t>(p.level)].extrapolation ? 1 : 0;
        inside[kind] += p.measured >= p.lower && p.measured <= p.upper ? 1 : 0;
        ++total[kind];
    }
    const auto share = [](int n, int d) { return d ? static_cast<double>(n) / d : std::nan(""); };
    return {cv.modelIntervalCoverage, share(inside[0], total[0]), share(inside[1], total[1])};
}

std::string cell(const Regressor& model, const Dataset& data, const GroupedCvOptions& options,
    Coverage* coverage = nullptr, FILE* points = nullptr)
{
    try {
        const GroupedCvResult cv = groupedCrossValidate(model, data, options);
        if (points)
            for (const auto& p : cv.points) {
                const auto& c = data.configs[static_cast<std::size_t>(p.row)];
                const auto& l = cv.levels[static_cast<std::size_t>(p.level)];
                std::fprintf(points, "%s,%s,%s,%lld,%lld,%s,%g,%d,%s,%g,%d,%.9g,%.9g,%.9g,%.9g\n",
                    g_dataset.c_str(), std::string(metricName(*options.metric)).c_str(),
                    c.scheduler.c_str(), static_cast<long long>(c.filesetBytes),
                    static_cast<long long>(c.requestBytes),
                    std::string(patternName(c.pattern)).c_str(), c.readPct, c.threads,
                    std::string(factorColumnName(l.factor)).c_str(), l.level, int(l.extrapolation),
                    p.measured, p.predicted, p.lower, p.upper);
            }
        if (coverage)
            *coverage = coverageOf(cv);
        return percent(cv.interpolationError) + " / " + percent(cv.extrapolationError);
    } catch (const Error&) {
        return "n/a";
    }
}

/// The mean relative error (Table 4 rule) of a model that predicts every configuration's true
/// mean, estimated from the configurations that were run more than once: each run v against
/// the mean m of the others, |m - v| / v, times sqrt((n - 1) / n) because m carries noise too
/// (its variance is that of a run over n - 1, for independent runs). Most held-out values are a
/// single run, so no model can score below this on them. "–" without repeated configurations.
std::string repeatNoise(const std::vector<Measurement>& runs, Metric metric)
{
    const RelativeErrorRule rule;
    std::map<Configuration, std::vector<double>> byConfig;
    for (const Measurement& run : runs)
        if (const auto value = run.value(metric); value && rule.admits(metric, run.config))
            byConfig[run.config].push_back(*value);
    double sum = 0.0;
    int count = 0, repeated = 0;
    for (const auto& [config, values] : byConfig) {
        if (values.size() < 2)
            continue;
        ++repeated;
        const auto n = static_cast<double>(values.size());
        const double total = std::accumulate(values.begin(), values.end(), 0.0);
        for (double v : values) {
            const double others = (total - v) / (n - 1.0);
            sum += std::fabs(others - v) / v * std::sqrt((n - 1.0) / n);
            ++count;
        }
    }
    if (!count)
        return "–";
    char text[48];
    std::snprintf(text, sizeof text, "%.1f %% (%d configs)", 100.0 * sum / count, repeated);
    return text;
}

void report(const char* name, const std::string& path)
{
    g_dataset = name;
    const std::vector<Measurement> runs = readMeasurementsCsv(path);
    const auto rows = aggregateRepetitions(runs);
    std::printf("\n%s (%zu configurations), interpolation / extrapolation\n\n", name, rows.size());
    std::printf("| model |");
    for (Metric metric : kCoreMetrics)
        std::printf(" %s |", std::string(metricName(metric)).c_str());
    std::printf("\n|---|---|---|---|---|\n");
    // Per metric: y on the raw scale and on the log scale, as TrainedModel fits with
    // log_response=0 and 1.
    std::vector<Dataset> raw, logs;
    for (Metric metric : kCoreMetrics) {
        raw.push_back(buildDataset(rows, metric));
        logs.push_back(raw.back());
        logs.back().y = logs.back().y.array().log();
    }
    const auto optionsFor = [](Metric metric, bool logResponse) {
        GroupedCvOptions options;
        options.metric = metric;
        options.logResponse = logResponse;
        options.intervalLevel = 0.8;
        return options;
    };
    // The techniques exactly as `train` fits them (no derived features, no clamping).
    for (const char* technique : {"lm", "mars", "cart", "m5", "cubist"})
        for (bool logResponse : {true, false}) {
            const auto model = createRegressor(technique);
            std::printf("| %s %s |", technique, logResponse ? "log" : "raw");
            for (std::size_t m = 0; m < kCoreMetrics.size(); ++m)
                std::printf(" %s |",
                    cell(*model, logResponse ? logs[m] : raw[m],
                        optionsFor(kCoreMetrics[m], logResponse))
                        .c_str());
            std::printf("\n");
            std::fflush(stdout);
        }
    std::vector<Coverage> coverage(kCoreMetrics.size());
    std::printf("| **auto** |");
    for (std::size_t m = 0; m < kCoreMetrics.size(); ++m) {
        std::printf(" %s |",
            cell(autoModel(), logs[m], optionsFor(kCoreMetrics[m], true), &coverage[m], g_points)
                .c_str());
        std::fflush(stdout);
    }
    std::printf("\n| auto 80 %% interval coverage (interpolation / extrapolation) |");
    for (const Coverage& c : coverage)
        std::printf(" %s (%s / %s) |", percent(c.all).c_str(), percent(c.interpolation).c_str(),
            percent(c.extrapolation).c_str());
    std::printf("\n| floor: one run against its configuration's true mean |");
    for (Metric metric : kCoreMetrics)
        std::printf(" %s |", repeatNoise(runs, metric).c_str());
    std::printf("\n\n");
    for (std::size_t m = 0; m < kCoreMetrics.size(); ++m) {
        AutoModel full = autoModel();
        const auto start = std::chrono::steady_clock::now();
        full.fit(logs[m]);
        const double fitSeconds
            = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::string chosen;
        for (const auto& [spec, weight] : full.chosen())
            chosen += (chosen.empty() ? "" : " + ") + spec.label() + " (" + percent(weight) + ")";
        if (full.composed()) {
            std::printf("- %s: auto fit %.2f s, composed by Little's law from the response-time "
                        "models above\n",
                std::string(metricName(kCoreMetrics[m])).c_str(), fitSeconds);
            continue;
        }
        const auto calibration = [](const LevelCalibration& interval) {
            char text[96];
            std::snprintf(text, sizeof text, "%s, so %.3f", percent(interval.coverage()).c_str(),
                interval.calibratedLevel(0.8));
            return std::string(text);
        };
        std::printf("- %s: auto fit %.2f s, chooses %s; its own estimate of its error (the "
                    "selection re-run with each level left out, every row scored): %s; on that "
                    "grouped CV, uncalibrated 80 %% bands (quantiles, at least the runs' noise) "
                    "cover (interpolated levels) %s "
                    "quantiles; (extrapolated levels) %s quantiles\n",
            std::string(metricName(kCoreMetrics[m])).c_str(), fitSeconds, chosen.c_str(),
            (percent(full.selectionScore().interpolation) + " / "
                + percent(full.selectionScore().extrapolation))
                .c_str(),
            calibration(full.insideInterval()).c_str(), calibration(full.beyondInterval()).c_str());
    }
}

/// Mean relative error (Table 4 rule) and 80 % interval coverage of `auto` trained on `train`
/// over the runs of `test` of each kind (kindOf: 0 interpolation, 1 extrapolation, -1 not
/// asked), for `metric`; `withTimes` false models a rate on its own (no Little's-law
/// composition). A run the model's schema cannot represent is not asked.
struct HeldOutScore {
    double error[2] = {0.0, 0.0};
    int inside[2] = {0, 0};
    int count[2] = {0, 0};
};

HeldOutScore heldOutScore(const std::vector<AggregatedMeasurement>& train,
    const std::vector<Measurement>& test, Metric metric, bool withTimes,
    const std::function<int(const Measurement&)>& kindOf)
{
    Dataset data
        = buildDataset(train, metric, withTimes ? RateSchema::WithTimes : RateSchema::OwnRows);
    if (!withTimes) {
        data.readTimes.reset();
        data.writeTimes.reset();
    }
    data.y = data.y.array().log();
    AutoModel model = autoModel();
    model.fit(data);
    const RelativeErrorRule rule;
    HeldOutScore score;
    for (const Measurement& run : test) {
        const int kind = kindOf(run);
        const auto value = run.value(metric);
        if (kind < 0 || !value || !(*value > 0.0) || !rule.admits(metric, run.config)
            || !data.schema.represents(run.config))
            continue;
        const Eigen::MatrixXd x = data.schema.encode({run.config});
        const double predicted = std::exp(model.predict(x)(0));
        const auto interval = model.predictInterval(x, 0.8);
        score.error[kind] += std::abs(predicted - *value) / *value;
        score.inside[kind]
            += *value >= std::exp(interval->first(0)) && *value <= std::exp(interval->second(0));
        ++score.count[kind];
    }
    return score;
}

/// "mean relative error (coverage)" of the runs of one kind, "–" without any.
std::string scoreCell(const HeldOutScore& score, int kind)
{
    if (!score.count[kind])
        return "–";
    const double n = score.count[kind];
    char text[48];
    std::snprintf(text, sizeof text, "%.1f %% (%s)", 100.0 * score.error[kind] / n,
        percent(score.inside[kind] / n).c_str());
    return text;
}

/// One hold-out of whole factor levels, as a new system's held-out configurations would be:
/// `auto` trained on every run whose configuration `heldOut` rejects, asked for the grid runs it
/// accepts (single runs, not means), per metric the mean relative error (Table 4 rule) and the
/// share inside their 80 % intervals.
struct HoldOut {
    const char* name;
    std::function<bool(const Configuration&)> heldOut;
};

void holdOutRow(const std::vector<Measurement>& runs, const HoldOut& hold)
{
    std::vector<Measurement> train;
    for (const Measurement& run : runs)
        if (!hold.heldOut(run.config))
            train.push_back(run);
    const auto rows = aggregateRepetitions(train);
    std::printf("| %s |", hold.name);
    for (Metric metric : kCoreMetrics) {
        const HeldOutScore score
            = heldOutScore(rows, runs, metric, true, [&](const Measurement& run) {
                  return run.split == "grid" && hold.heldOut(run.config) ? 0 : -1;
              });
        std::printf(" %s |", scoreCell(score, 0).c_str());
        std::fflush(stdout);
    }
    std::printf("\n");
}

/// Whole levels of fio-local held out from training and predicted, with `auto`.
void holdOutReport(const std::string& path)
{
    const std::vector<Measurement> runs = readMeasurementsCsv(path);
    std::printf("\nfio-local, whole levels held out of training and predicted by `auto`: mean "
                "relative error (80 %% interval coverage)\n\n| held out |");
    for (Metric metric : kCoreMetrics)
        std::printf(" %s |", std::string(metricName(metric)).c_str());
    std::printf("\n|---|---|---|---|---|\n");
    const auto kib = [](const Configuration& c) { return c.requestBytes / 1024; };
    const HoldOut holds[] = {
        {"8 KiB requests and 50 % reads (interpolation)",
            [&](const Configuration& c) { return kib(c) == 8 || c.readPct == 50.0; }},
        {"64 KiB requests (extrapolation)", [&](const Configuration& c) { return kib(c) == 64; }},
        {"4 KiB requests and 100 % reads (extrapolation)",
            [&](const Configuration& c) { return kib(c) == 4 || c.readPct == 100.0; }},
    };
    for (const HoldOut& hold : holds)
        holdOutRow(runs, hold);
}

/// Table rows of heldOutScore for every metric, `auto` as trained and (rates only) on its own.
void heldOutRows(const char* name, const std::vector<AggregatedMeasurement>& train,
    const std::vector<Measurement>& test, const std::function<int(const Measurement&)>& kindOf,
    const std::vector<int>& kinds)
{
    static const char* const kKind[] = {"interpolation", "extrapolation"};
    for (bool withTimes : {true, false}) {
        std::vector<HeldOutScore> scores;
        for (Metric metric : kCoreMetrics)
            scores.push_back(isRateMetric(metric) || withTimes
                    ? heldOutScore(train, test, metric, withTimes, kindOf)
                    : HeldOutScore {});
        for (int kind : kinds) {
            std::printf("| %s, %s, %s |", name, kKind[kind],
                withTimes ? "`auto`" : "rates modelled on their own");
            for (const HeldOutScore& s : scores)
                std::printf(" %s |", scoreCell(s, kind).c_str());
            std::printf("\n");
            std::fflush(stdout);
        }
    }
}

/// A held-out run's kind by its split: 0 interpolation ("interp"), 1 extrapolation ("extrap"),
/// -1 not asked.
int splitKind(const Measurement& run)
{
    return run.split == "interp" ? 0 : run.split == "extrap" ? 1 : -1;
}

/// A measured system's grid and repeat runs trained on, the runs `kindOf` classifies predicted
/// (a row for each kind it finds, by default each of the two held-out splits).
void offGridRows(const std::string& label, const std::string& path,
    const std::function<int(const Measurement&)>& kindOf = splitKind)
{
    const std::vector<Measurement> runs = readMeasurementsCsv(path);
    std::vector<Measurement> grid;
    std::vector<int> kinds;
    for (const Measurement& run : runs) {
        if (run.split == "grid" || run.split == "repeat")
            grid.push_back(run);
        const int kind = kindOf(run);
        if (kind >= 0 && std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
            kinds.push_back(kind);
    }
    std::sort(kinds.begin(), kinds.end());
    heldOutRows(label.c_str(), aggregateRepetitions(grid), runs, kindOf, kinds);
}

/// A measured system's off-grid runs in two sets of rows: those `apart` rejects, and those it
/// accepts (runs that answer to another rule, or lie farther out).
void offGridRowsApart(const char* file, const std::string& label, const std::string& apartLabel,
    const std::function<bool(const Measurement&)>& apart)
{
    const std::string path = iolens::test::sourcePath(std::string("tests/data/measured/") + file);
    offGridRows(
        label, path, [&](const Measurement& run) { return apart(run) ? -1 : splitKind(run); });
    offGridRows(
        apartLabel, path, [&](const Measurement& run) { return apart(run) ? splitKind(run) : -1; });
}

/// The volume capped at 2,000 IOPS and 64 MiB/s each way, its runs beyond the grid's request
/// sizes and beyond its thread counts in two rows, as the two extrapolations answer to
/// different rules.
void cappedVolumeRows()
{
    offGridRowsApart("capped-volume.csv",
        "volume capped at 2,000 IOPS and 64 MiB/s, off-grid runs (requests 128-256 KiB beyond)",
        "volume capped at 2,000 IOPS and 64 MiB/s, 32 and 64 threads",
        [](const Measurement& run) { return run.config.threads > 16; });
}

/// fio-local's stack measured on the development VM to 1 MiB requests: one size beyond the grid
/// (2 and 128 KiB) and the runs two to four sizes beyond it (256 KiB-1 MiB) in two rows, as the
/// second meets the device's bandwidth, which no size of the grid reached.
void localRequestSweepRows()
{
    offGridRowsApart("local-request-sweep.csv",
        "fio-local's stack on the development VM, off-grid runs (requests 2 and 128 KiB beyond)",
        "fio-local's stack on the development VM, requests 256 KiB-1 MiB",
        [](const Measurement& run) { return run.config.requestBytes > (128 << 10); });
}

/// Held-out configurations measured apart from the grid: systems the models were not built on
/// (tests/data/measured/), and read shares left out of fio-local.
void measuredHoldOutReport(const std::string& localPath)
{
    std::printf("\nConfigurations held out of training, predicted: mean relative error (80 %% "
                "interval coverage)\n\n| held out |");
    for (Metric metric : kCoreMetrics)
        std::printf(" %s |", std::string(metricName(metric)).c_str());
    std::printf("\n|---|---|---|---|---|\n");
    offGridRows("512 MiB-cache tiered stack, off-grid runs",
        iolens::test::sourcePath("tests/data/measured/tiered-512m-cache.csv"));
    offGridRows("2 GiB page cache over the development VM's disk, off-grid runs",
        iolens::test::sourcePath("tests/data/measured/pagecache-2g.csv"));
    offGridRows("thread sweep on the development VM's disk, off-grid runs",
        iolens::test::sourcePath("tests/data/measured/threads-local-disk.csv"));
    offGridRows("thread sweep on a second machine's disk (64-256 threads)",
        iolens::test::sourcePath("tests/data/measured/threads-second-disk.csv"));
    cappedVolumeRows();
    localRequestSweepRows();
    offGridRows("volume capped at 4,000 IOPS and 512 MiB/s, off-grid runs (requests 2 KiB-1 MiB "
                "beyond)",
        iolens::test::sourcePath("tests/data/measured/iops-bound-volume.csv"));
    const std::vector<Measurement> local = readMeasurementsCsv(localPath);
    const auto quarter
        = [](const Configuration& c) { return c.readPct == 25.0 || c.readPct == 75.0; };
    std::vector<Measurement> train;
    for (const Measurement& run : local)
        if (!quarter(run.config))
            train.push_back(run);
    heldOutRows("fio-local, 25 and 75 % reads", aggregateRepetitions(train), local,
        [&](const Measurement& run) { return run.split == "grid" && quarter(run.config) ? 0 : -1; },
        {0});
}

/// A factor's largest level, and the runs measured beyond it, left out of training, so two of its
/// levels remain: what a first measurement of two request sizes or file sets asks of the next,
/// where no grouped CV can judge a candidate's shape along that factor.
void twoLevelRow(const char* name, const std::string& path, Factor factor, double largest)
{
    const std::vector<Measurement> runs = readMeasurementsCsv(path);
    const auto beyond
        = [&](const Measurement& run) { return numericValue(run.config, factor) >= largest; };
    std::vector<Measurement> train;
    for (const Measurement& run : runs)
        if ((run.split == "grid" || run.split == "repeat") && !beyond(run))
            train.push_back(run);
    const auto rows = aggregateRepetitions(train);
    std::printf("| %s |", name);
    for (Metric metric : kCoreMetrics) {
        const HeldOutScore score
            = heldOutScore(rows, runs, metric, true, [&](const Measurement& run) {
                  return (run.split == "grid" || run.split == "extrap") && beyond(run) ? 1 : -1;
              });
        std::printf(" %s |", scoreCell(score, 1).c_str());
        std::fflush(stdout);
    }
    std::printf("\n");
}

void twoLevelReport()
{
    std::printf("\nTwo levels left: `auto` trained without a factor's largest level, asked for it "
                "and for the runs beyond it: mean relative error (80 %% interval coverage)\n\n"
                "| trained without |");
    for (Metric metric : kCoreMetrics)
        std::printf(" %s |", std::string(metricName(metric)).c_str());
    std::printf("\n|---|---|---|---|---|\n");
    const std::string tiered = iolens::test::tieredCsvPath();
    const std::string third = iolens::test::sourcePath("tests/data/measured/tiered-512m-cache.csv");
    twoLevelRow("fio-tiered, 4 GiB file sets (256 MiB and 1 GiB left)", tiered,
        Factor::FilesetBytes, 4096.0);
    twoLevelRow(
        "fio-tiered, 64 KiB requests (4 and 16 KiB left)", tiered, Factor::RequestBytes, 64.0);
    twoLevelRow("512 MiB-cache tiered stack, 2 GiB file sets and beyond (128 and 512 MiB left)",
        third, Factor::FilesetBytes, 2048.0);
    twoLevelRow("512 MiB-cache tiered stack, 64 KiB requests and beyond (4 and 16 KiB left)", third,
        Factor::RequestBytes, 64.0);
    twoLevelRow("the VM's disk at 4 threads, 128 and 256 KiB requests (4 and 64 KiB left)",
        iolens::test::sourcePath("tests/data/measured/vm-disk-request-sizes.csv"),
        Factor::RequestBytes, 128.0);
}

} // namespace

int main(int argc, char** argv)
{
    std::string csv;
    for (int i = 1; i < argc; i += 2) {
        const std::string option = argv[i];
        if (i + 1 >= argc || (option != "--points" && option != "--csv" && option != "--param")) {
            std::fprintf(stderr,
                "usage: grouped_cv_report [--points FILE] [--csv FILE] "
                "[--param NAME=VALUE (of auto)]...\n");
            return 2;
        }
        if (option == "--param") {
            const std::string assignment = argv[i + 1];
            const auto equals = assignment.find('=');
            char* end = nullptr;
            const double value = equals == std::string::npos
                ? 0.0
                : std::strtod(assignment.c_str() + equals + 1, &end);
            if (equals == std::string::npos || end == assignment.c_str() + equals + 1 || *end) {
                std::fprintf(stderr, "grouped_cv_report: --param %s: expected NAME=VALUE\n",
                    assignment.c_str());
                return 2;
            }
            g_autoParams[assignment.substr(0, equals)] = value;
            continue;
        }
        if (option == "--csv") {
            csv = argv[i + 1];
            continue;
        }
        g_points = std::fopen(argv[i + 1], "w");
        if (!g_points) {
            std::fprintf(stderr, "grouped_cv_report: cannot write %s\n", argv[i + 1]);
            return 2;
        }
        std::fprintf(g_points,
            "dataset,metric,scheduler,fileset_bytes,request_bytes,pattern,"
            "read_pct,threads,held_out_factor,held_out_level,extrapolation,"
            "log_measured,log_predicted,log_lower,log_upper\n");
    }
    try {
        if (!csv.empty()) {
            report(csv.c_str(), csv);
        } else {
            report("fio-tiered", iolens::test::tieredCsvPath());
            report("fio-local", iolens::test::localCsvPath());
            holdOutReport(iolens::test::localCsvPath());
            measuredHoldOutReport(iolens::test::localCsvPath());
            twoLevelReport();
        }
    } catch (const Error& e) {
        std::fprintf(stderr, "grouped_cv_report: %s\n", e.what());
        return 2;
    }
    if (g_points)
        std::fclose(g_points);
    return 0;
}

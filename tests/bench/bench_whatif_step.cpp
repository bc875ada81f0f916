// SPDX-License-Identifier: GPL-3.0-or-later
// The core work of one slider step in the window, on the shared fio-tiered dataset: the window's
// default models (auto, the recommended model, then lm, MARS, CART, M5 and Cubist, for the four
// core metrics: 24 models trained once before the timing) predict the scenario, auto with its
// 80 % interval, and the profiler sweeps 7 factors over 200 points with every model, with the
// spread band, auto's interval band and the distance to data along each sweep. That is more than
// the window does (its profiler shows one metric at a time). Goal: < 5 ms per step.
// windowStep/... is the window's own step since session 67: the same panel, and the profiler's
// step (core::sweepFactors, as ProfilerView calls it) for one metric, another in each step (so
// the time is the mean over the four), the sweeps in parallel, one factor per thread; timed as
// wall time. windowStepSerial/... is the same on one thread, for the ratio; windowDrag/defaults
// pauses 30 ms after each step, as a drag does, and counts the process's CPU time per step.
// sliderStep/paper is the same step with MARS, CART, M5 and Cubist only, for the ratio, and
// sliderStep/defaultsUnsmoothed without auto's residual smoothing;
// sliderStep/large the default models on a database of 100,000 configurations, trained on the
// window's sample of 5,000, the distance to data over all 100,000; sliderStep/thirdSystem and
// thirdSystemWriters the default models on another tiered stack's grid, auto's thread shares
// off and the writers' share alone on; thirdSystemReaders the defaults there (both shares on);
// sliderStep/twoFileSets the default models on fio-tiered without its 1 GiB file sets, where auto
// averages the candidates its grouped CV cannot tell apart, and twoFileSetsPicked the same with
// tie_average=0, for the cost of those averages; sliderStep/local and localPicked the same pair on
// fio-local, where auto's read time averages four tied cache sizes beyond 1 GiB;
// sliderStep/pageCache the defaults on the 2 GiB page cache over the development VM's disk;
// sliderStep/threadSweep and threadSweepUnbounded the defaults on the development VM's thread
// sweep, with and without auto's operational bounds beyond its thread counts;
// thirdSystemReadersUnbounded and localUnbounded those two without auto's request bound (every
// sweep of the request size runs past the sizes measured, where the bound asks the chosen
// model again at the largest), for its cost.
//
//   bench_whatif_step [--benchmark_filter=...] [--benchmark_repetitions=5]
#include "data/measurement_csv.hpp"
#include "data/training_sample.hpp"
#include "models/regressor_registry.hpp"
#include "support/large_measurements.hpp"
#include "support/test_data.hpp"
#include "whatif/data_distance.hpp"
#include "whatif/factor_sweeps.hpp"
#include "whatif/profile.hpp"

#include <benchmark/benchmark.h>
#include <omp.h>

#include <array>
#include <chrono>
#include <ctime>
#include <string>
#include <thread>

using namespace iolens::core;

namespace {

struct StepFixture {
    std::vector<AggregatedMeasurement> rows;
    std::vector<Configuration> configs;
    std::vector<TrainedModel> models;
    std::vector<const TrainedModel*> pointers;
    FactorDomain domain;
    MeasuredSpace space;

    /// `runs` measured; the models trained on `trainingRuns` (the window's sample on a large
    /// database), the distances and domain over every measured configuration.
    StepFixture(const std::vector<std::string>& techniques, const std::vector<Measurement>& runs,
        const std::vector<Measurement>& trainingRuns, const ParamValues& autoParams = {})
        : rows(aggregateRepetitions(runs))
    {
        for (const AggregatedMeasurement& row : rows)
            configs.push_back(row.config);
        domain = factorDomain(configs);
        space = MeasuredSpace(configs);
        const std::vector<AggregatedMeasurement> training = aggregateRepetitions(trainingRuns);
        for (const std::string& technique : techniques)
            for (Metric metric : kCoreMetrics) {
                auto regressor = createRegressor(technique);
                if (technique == "auto")
                    regressor->setParameters(autoParams);
                models.push_back(TrainedModel::train(
                    std::move(regressor), training, TrainingOptions {metric, true}));
            }
        for (const TrainedModel& model : models)
            pointers.push_back(&model);
    }
};

const std::vector<Measurement>& tieredRuns()
{
    static const std::vector<Measurement> runs = readMeasurementsCsv(iolens::test::tieredCsvPath());
    return runs;
}

const StepFixture& fixture()
{
    static const StepFixture f(defaultTechniques(), tieredRuns(), tieredRuns());
    return f;
}

/// The same without auto's residual smoothing, for its cost.
const StepFixture& unsmoothedFixture()
{
    static const StepFixture f(
        defaultTechniques(), tieredRuns(), tieredRuns(), {{"residual_smoothing", 0.0}});
    return f;
}

const StepFixture& paperFixture()
{
    static const StepFixture f({"mars", "cart", "m5", "cubist"}, tieredRuns(), tieredRuns());
    return f;
}

/// The grid and repeat runs of `file` in tests/data/measured/.
std::vector<Measurement> gridRuns(const std::string& file)
{
    std::vector<Measurement> grid;
    for (const Measurement& run :
        readMeasurementsCsv(iolens::test::sourcePath("tests/data/measured/" + file)))
        if (run.split == "grid" || run.split == "repeat")
            grid.push_back(run);
    return grid;
}

/// The grid of the 512 MiB-cache tiered stack (tests/data/measured), default models, auto's
/// thread shares off and the writers' share alone on: there auto chooses a "writers" candidate
/// for the write time, whose answer is solved for (writer_share.hpp), so the pair gives its cost.
const std::vector<Measurement>& thirdSystemGrid()
{
    static const std::vector<Measurement> runs = gridRuns("tiered-512m-cache.csv");
    return runs;
}

const StepFixture& thirdSystemFixture()
{
    static const StepFixture f(defaultTechniques(), thirdSystemGrid(), thirdSystemGrid(),
        {{"writer_share", 0.0}, {"reader_share", 0.0}});
    return f;
}

const StepFixture& thirdSystemWritersFixture()
{
    static const StepFixture f(
        defaultTechniques(), thirdSystemGrid(), thirdSystemGrid(), {{"reader_share", 0.0}});
    return f;
}

/// The defaults there, the readers' share on as well: auto chooses "readers" candidates for
/// the read time, solved per configuration like the writers'.
const StepFixture& thirdSystemReadersFixture()
{
    static const StepFixture f(defaultTechniques(), thirdSystemGrid(), thirdSystemGrid());
    return f;
}

const StepFixture& thirdSystemReadersUnboundedFixture()
{
    static const StepFixture f(
        defaultTechniques(), thirdSystemGrid(), thirdSystemGrid(), {{"request_bound", 0.0}});
    return f;
}

/// The grid of the 2 GiB page cache over the development VM's disk (tests/data/measured),
/// measured after every choice of auto: the default models on a system none was made on.
const StepFixture& pageCacheFixture()
{
    static const std::vector<Measurement> runs = gridRuns("pagecache-2g.csv");
    static const StepFixture f(defaultTechniques(), runs, runs);
    return f;
}

/// The development VM's thread sweep (1-64 threads): the profiler's thread sweep runs past 64,
/// where auto's response times follow the operational bounds (thread_saturation.hpp); and
/// threadSweepUnbounded the same without them, for their cost.
const std::vector<Measurement>& threadSweepGrid()
{
    static const std::vector<Measurement> runs = gridRuns("threads-local-disk.csv");
    return runs;
}

const StepFixture& threadSweepFixture()
{
    static const StepFixture f(defaultTechniques(), threadSweepGrid(), threadSweepGrid());
    return f;
}

const StepFixture& threadSweepUnboundedFixture()
{
    static const StepFixture f(
        defaultTechniques(), threadSweepGrid(), threadSweepGrid(), {{"thread_saturation", 0.0}});
    return f;
}

/// fio-tiered with its file sets at two levels (256 MiB and 4 GiB): every cache size between
/// them fits the same, so auto's choice for the read time is an average of tied candidates.
const std::vector<Measurement>& twoFileSetRuns()
{
    static const std::vector<Measurement> runs = [] {
        std::vector<Measurement> kept;
        for (const Measurement& run : tieredRuns())
            if (run.config.filesetBytes != std::int64_t {1} << 30)
                kept.push_back(run);
        return kept;
    }();
    return runs;
}

const StepFixture& twoFileSetsFixture()
{
    static const StepFixture f(defaultTechniques(), twoFileSetRuns(), twoFileSetRuns());
    return f;
}

const StepFixture& twoFileSetsPickedFixture()
{
    static const StepFixture f(
        defaultTechniques(), twoFileSetRuns(), twoFileSetRuns(), {{"tie_average", 0.0}});
    return f;
}

const std::vector<Measurement>& localRuns()
{
    static const std::vector<Measurement> runs = readMeasurementsCsv(iolens::test::localCsvPath());
    return runs;
}

const StepFixture& localFixture()
{
    static const StepFixture f(defaultTechniques(), localRuns(), localRuns());
    return f;
}

const StepFixture& localUnboundedFixture()
{
    static const StepFixture f(
        defaultTechniques(), localRuns(), localRuns(), {{"request_bound", 0.0}});
    return f;
}

const StepFixture& localPickedFixture()
{
    static const StepFixture f(
        defaultTechniques(), localRuns(), localRuns(), {{"tie_average", 0.0}});
    return f;
}

/// The window on a database of 100,000 configurations (test::largeMeasurements): its default
/// models trained on the seeded sample of 5,000 it trains on, the distances to all 100,000.
const StepFixture& largeFixture()
{
    static const std::vector<Measurement> runs = iolens::test::largeMeasurements(100000, 1);
    static const StepFixture f(defaultTechniques(), runs, sampleConfigurations(runs, 5000, 1).runs);
    return f;
}

constexpr std::array kSweptFactors {Factor::RequestBytes, Factor::ReadPct, Factor::FilesetBytes,
    Factor::Scheduler, Factor::Pattern, Factor::Vms, Factor::Threads};

// A scenario between the measured points (50 % reads, 8 KiB, 2 GiB), as a slider leaves it.
Configuration scenario(int step, const StepFixture& f = fixture())
{
    Configuration c = f.configs.front();
    c.readPct = 50.0;
    c.requestBytes = (step % 2 == 0 ? 8 : 12) * 1024;
    c.filesetBytes = std::int64_t {2} * 1024 * 1024 * 1024;
    return c;
}

/// The prediction panel's part of a step: every model at the scenario, auto with its 80 %
/// interval (a sum, so nothing is optimised away).
double panel(const StepFixture& f, const Configuration& s)
{
    double sum = 0.0;
    for (const TrainedModel* model : f.pointers) {
        sum += model->predict(s);
        if (const auto interval = model->predictInterval({s}, 0.8))
            sum += interval->first(0) + interval->second(0);
    }
    return sum;
}

void sliderStep(benchmark::State& state, const StepFixture& (*which)())
{
    const StepFixture& f = which();
    SweepOptions options;
    options.points = 200;
    // Kept across steps as the window keeps them, so buffers are reused.
    std::array<Profile, kSweptFactors.size()> profiles;
    std::array<SpreadBand, kSweptFactors.size()> bands;
    std::array<SpreadBand, kSweptFactors.size()> intervals;
    std::array<std::vector<double>, kSweptFactors.size()> distances;
    int step = 0;
    for (auto _ : state) {
        const Configuration s = scenario(step++, f);
        const double sum = panel(f, s);
        ScenarioDistances around(f.space, s);
        for (std::size_t k = 0; k < kSweptFactors.size(); ++k) {
            profile(f.pointers, s, kSweptFactors[k], f.domain, options, profiles[k]);
            spread(profiles[k], bands[k]);
            for (const TrainedModel* model : f.pointers)
                if (model->regressor().technique() == "auto")
                    intervalBand(*model, profiles[k], 0.8, intervals[k]);
            around.sweep(profiles[k].grid, distances[k]);
        }
        benchmark::DoNotOptimize(sum);
        benchmark::DoNotOptimize(profiles);
        benchmark::DoNotOptimize(intervals);
    }
}
BENCHMARK_CAPTURE(sliderStep, defaults, &fixture)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, defaultsUnsmoothed, &unsmoothedFixture)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, paper, &paperFixture)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, large, &largeFixture)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, thirdSystem, &thirdSystemFixture)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, thirdSystemWriters, &thirdSystemWritersFixture)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, thirdSystemReaders, &thirdSystemReadersFixture)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, thirdSystemReadersUnbounded, &thirdSystemReadersUnboundedFixture)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, pageCache, &pageCacheFixture)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, threadSweep, &threadSweepFixture)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, threadSweepUnbounded, &threadSweepUnboundedFixture)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, twoFileSets, &twoFileSetsFixture)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, twoFileSetsPicked, &twoFileSetsPickedFixture)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, local, &localFixture)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, localPicked, &localPickedFixture)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sliderStep, localUnbounded, &localUnboundedFixture)
    ->Unit(benchmark::kMillisecond);

// A scenario of the request slider for windowStep: five sizes in turn (8-12 KiB), as the metric
// shown changes every step (of four), so that no pair of scenario and metric repeats while a
// model still remembers its sweep (LastPrediction).
Configuration windowScenario(int step, const StepFixture& f)
{
    Configuration c = scenario(0, f);
    c.requestBytes = (8 + step % 5) * 1024;
    return c;
}

/// `serial`: the sweeps on one thread (omp_set_num_threads(1) for the loop); `pause`: a drag's
/// pause after each step (not timed), with the process's CPU time per step (all its threads, the
/// pauses included) as the counter process_cpu_ms: run it with OMP_WAIT_POLICY=active and
/// passive (the window's, app/gui/main.cpp) to see what OpenMP's waiting threads cost.
void window(benchmark::State& state, const StepFixture& f, bool serial,
    std::chrono::milliseconds pause = std::chrono::milliseconds(0))
{
    // Per metric, its models with auto (the window's first) first, as the profiler takes them.
    std::vector<std::vector<const TrainedModel*>> byMetric;
    for (Metric metric : kCoreMetrics) {
        byMetric.emplace_back();
        for (const TrainedModel* model : f.pointers)
            if (model->metric() == metric)
                byMetric.back().push_back(model);
    }
    // Kept across steps as the window keeps them, so buffers are reused.
    std::vector<std::vector<FactorSweep>> sweeps(byMetric.size());
    std::vector<std::vector<FactorSweep*>> pointers(byMetric.size());
    for (std::size_t m = 0; m < byMetric.size(); ++m) {
        sweeps[m].resize(kSweptFactors.size());
        for (std::size_t k = 0; k < kSweptFactors.size(); ++k) {
            sweeps[m][k].factor = kSweptFactors[k];
            pointers[m].push_back(&sweeps[m][k]);
        }
    }
    const int threads = omp_get_max_threads();
    if (serial)
        omp_set_num_threads(1);
    int counter = 0;
    const std::clock_t cpuStart = std::clock();
    for (auto _ : state) {
        const Configuration s = windowScenario(counter, f);
        const double sum = panel(f, s);
        const std::size_t shown = static_cast<std::size_t>(counter++) % byMetric.size();
        SweepInputs inputs;
        inputs.models = byMetric[shown];
        inputs.scenario = s;
        inputs.domain = &f.domain;
        inputs.options.points = 200;
        inputs.space = &f.space;
        inputs.intervalLevel = 0.8;
        sweepFactors(inputs, pointers[shown]);
        benchmark::DoNotOptimize(sum);
        benchmark::DoNotOptimize(sweeps);
        if (pause.count() > 0) {
            state.PauseTiming();
            std::this_thread::sleep_for(pause);
            state.ResumeTiming();
        }
    }
    omp_set_num_threads(threads);
    if (pause.count() > 0)
        state.counters["process_cpu_ms"] = benchmark::Counter(
            1000.0 * static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC,
            benchmark::Counter::kAvgIterations);
}

void windowStep(benchmark::State& state, const StepFixture& (*which)())
{
    window(state, which(), false);
}

void windowStepSerial(benchmark::State& state, const StepFixture& (*which)())
{
    window(state, which(), true);
}

/// A drag: a step every 30 ms or so, as mouse events come.
void windowDrag(benchmark::State& state, const StepFixture& (*which)())
{
    window(state, which(), false, std::chrono::milliseconds(30));
}

#define IOLENS_WINDOW_STEP(function, name, fixture)                                                \
    BENCHMARK_CAPTURE(function, name, fixture)->Unit(benchmark::kMillisecond)->UseRealTime()
IOLENS_WINDOW_STEP(windowStep, defaults, &fixture);
IOLENS_WINDOW_STEP(windowStep, large, &largeFixture);
IOLENS_WINDOW_STEP(windowStep, thirdSystemReaders, &thirdSystemReadersFixture);
IOLENS_WINDOW_STEP(windowStep, local, &localFixture);
IOLENS_WINDOW_STEP(windowStep, threadSweep, &threadSweepFixture);
IOLENS_WINDOW_STEP(windowStepSerial, defaults, &fixture);
IOLENS_WINDOW_STEP(windowStepSerial, large, &largeFixture);
IOLENS_WINDOW_STEP(windowStepSerial, thirdSystemReaders, &thirdSystemReadersFixture);
IOLENS_WINDOW_STEP(windowStepSerial, local, &localFixture);
IOLENS_WINDOW_STEP(windowStepSerial, threadSweep, &threadSweepFixture);
IOLENS_WINDOW_STEP(windowDrag, defaults, &fixture);

// The parts on their own, to see where the time goes.
void sweepsOf(benchmark::State& state, const char* technique)
{
    const StepFixture& f = fixture();
    std::vector<const TrainedModel*> models;
    for (const TrainedModel& model : f.models)
        if (model.regressor().technique() == technique)
            models.push_back(&model);
    Profile out;
    int step = 0;
    for (auto _ : state) {
        const Configuration s = scenario(step++);
        for (Factor factor : kSweptFactors)
            profile(models, s, factor, f.domain, SweepOptions {}, out);
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK_CAPTURE(sweepsOf, auto, "auto") -> Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sweepsOf, lm, "lm")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sweepsOf, mars, "mars")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sweepsOf, cart, "cart")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sweepsOf, m5, "m5")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(sweepsOf, cubist, "cubist")->Unit(benchmark::kMillisecond);

void distancesOnly(benchmark::State& state)
{
    const StepFixture& f = fixture();
    SweepGrid grid;
    std::vector<double> out;
    int step = 0;
    for (auto _ : state) {
        const Configuration s = scenario(step++);
        ScenarioDistances around(f.space, s);
        for (Factor factor : kSweptFactors) {
            sweepGrid(f.domain, s, factor, SweepOptions {}, grid);
            around.sweep(grid, out);
        }
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(distancesOnly)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();

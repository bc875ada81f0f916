// SPDX-License-Identifier: GPL-3.0-or-later
// The window on a large measurement database: a generated database of N configurations (random
// continuous file sets and read shares, request sizes 4 KiB-128 KiB, two patterns, four
// schedulers, 1-4 VMs, one run each; responses from a smooth function of the factors with a
// cache step and 5 % noise, so the models have structure to learn), opened in the main window on
// the offscreen platform. It prints the seconds from openFile() to the first trained column of
// the prediction panel (first predictions on screen), to every default model trained, and to
// every model cross-validated (or --wait seconds, whichever comes first), each with the peak
// resident memory so far (getrusage). Each figure is one open of a database, seconds long, so
// this is a bench tool rather than a Google Benchmark loop.
//
//   bench_window_open [--configurations N] [--seed S] [--wait SECONDS] [--keep FILE]
//     default: 100000 configurations, seed 1, wait 120 s, the database in a temporary folder.
#include "document/document_controller.hpp"
#include "prediction/model_controller.hpp"
#include "store/measurement_database.hpp"
#include "window/main_window.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTemporaryDir>
#include <QTimer>

#include <sys/resource.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>

using namespace iolens;

namespace {

struct Options {
    long configurations = 100000;
    std::uint64_t seed = 1;
    double waitSeconds = 120.0;
    std::string keep;
};

Options parse(int argc, char** argv)
{
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--configurations" && i + 1 < argc)
            options.configurations = std::stol(argv[++i]);
        else if (arg == "--seed" && i + 1 < argc)
            options.seed = std::stoull(argv[++i]);
        else if (arg == "--wait" && i + 1 < argc)
            options.waitSeconds = std::stod(argv[++i]);
        else if (arg == "--keep" && i + 1 < argc)
            options.keep = argv[++i];
        else {
            std::fprintf(stderr,
                "usage: bench_window_open [--configurations N] [--seed S] "
                "[--wait SECONDS] [--keep FILE]\n");
            std::exit(2);
        }
    }
    return options;
}

std::vector<core::Measurement> generate(long count, std::uint64_t seed)
{
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::normal_distribution<double> noise(0.0, 0.05);
    const char* schedulers[] = {"cfq", "noop", "deadline", "bfq"};
    std::vector<core::Measurement> runs(static_cast<std::size_t>(count));
    for (long i = 0; i < count; ++i) {
        core::Measurement& run = runs[static_cast<std::size_t>(i)];
        const double filesetGiB = 0.25 + 15.75 * unit(random);
        run.config.scheduler = schedulers[i % 4];
        run.config.filesetBytes = static_cast<std::int64_t>(filesetGiB * (1LL << 30));
        run.config.requestBytes = 4096LL << static_cast<int>(unit(random) * 6);
        run.config.pattern = unit(random) < 0.5 ? core::Pattern::Random : core::Pattern::Sequential;
        run.config.readPct = std::round(1000.0 * unit(random)) / 10.0;
        run.config.threads = 16;
        run.config.vms = 1 + static_cast<int>(i % 4);
        // A cache of 2 GiB: misses cost 20x a hit; larger requests take longer, more VMs queue.
        const double miss = filesetGiB <= 2.0 ? 0.05 : 1.0 - 2.0 / filesetGiB;
        const double kib = static_cast<double>(run.config.requestBytes) / 1024.0;
        const double rt = (0.2 + 0.02 * kib) * (1.0 + 19.0 * miss) * (0.8 + 0.2 * run.config.vms);
        const double read = run.config.readPct / 100.0;
        const double rtRead = rt * std::exp(noise(random));
        const double rtWrite = 1.3 * rt * std::exp(noise(random));
        const double iops = 16.0 * 1000.0 / (read * rtRead + (1.0 - read) * rtWrite);
        if (read > 0.0) {
            run.setValue(core::Metric::RtReadMs, rtRead);
            run.setValue(core::Metric::TpReadMbs, iops * read * kib / 1024.0);
        }
        if (read < 1.0) {
            run.setValue(core::Metric::RtWriteMs, rtWrite);
            run.setValue(core::Metric::TpWriteMbs, iops * (1.0 - read) * kib / 1024.0);
        }
    }
    return runs;
}

double peakMib()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

} // namespace

int main(int argc, char** argv)
{
    const Options options = parse(argc, argv);
    QApplication app(argc, argv);
    QTemporaryDir dir;
    const std::string path = options.keep.empty()
        ? (dir.path() + QStringLiteral("/large.sqlite")).toStdString()
        : options.keep;
    {
        QElapsedTimer clock;
        clock.start();
        core::MeasurementDatabase db = core::MeasurementDatabase::openOrCreate(path);
        core::ImportTarget target;
        target.dataset = "large";
        target.description = "generated by bench_window_open";
        db.importMeasurements(generate(options.configurations, options.seed), target);
        std::printf("generated and stored %ld configurations in %.1f s\n", options.configurations,
            static_cast<double>(clock.elapsed()) / 1000.0);
    }
    std::printf("peak before the window: %.0f MiB\n", peakMib());
    std::fflush(stdout);

    ui::MainWindow window;
    window.resize(1400, 900);
    window.show();
    QElapsedTimer clock;
    const auto report = [&clock](const char* what) {
        std::printf("%-34s %7.2f s   peak %5.0f MiB\n", what,
            static_cast<double>(clock.elapsed()) / 1000.0, peakMib());
        std::fflush(stdout);
    };
    bool first = true;
    QObject::connect(window.models(), &ui::ModelController::entryChanged, &app, [&](int entry) {
        if (first)
            report("first predictions (first column)");
        first = false;
        const ui::ModelEntry& trained = window.models()->entries()[static_cast<std::size_t>(entry)];
        std::printf("  %-28s trained in %6.2f s (4 metrics, on a worker)\n",
            trained.label.toUtf8().constData(), trained.models.seconds);
    });
    QObject::connect(window.models(), &ui::ModelController::modelsReady, &app,
        [&] { report("every default model trained"); });
    QEventLoop loop;
    QObject::connect(
        window.models(), &ui::ModelController::evaluationsReady, &loop, &QEventLoop::quit);
    QTimer::singleShot(static_cast<int>(options.waitSeconds * 1000.0), &loop, &QEventLoop::quit);
    clock.start();
    if (!window.documents()->openFile(QString::fromStdString(path))) {
        std::fprintf(stderr, "cannot open %s\n", path.c_str());
        return 1;
    }
    report("opened (table filled)");
    std::printf("models trained on %zu of %zu configurations\n",
        window.models()->trainingConfigurations(), window.models()->totalConfigurations());
    loop.exec();
    report(window.models()->isValidating() ? "stopped waiting (still validating)"
                                           : "every model cross-validated");
    return 0;
}

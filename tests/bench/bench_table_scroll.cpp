// SPDX-License-Identifier: GPL-3.0-or-later
// The measurement table and its measured-vs-predicted scatter at scale: N generated
// configurations (test::largeMeasurements, one run each) in the Measurements tab's panel, wired
// to the scatter as the main window wires them, on the offscreen platform. It prints the time
// to fill the table, the paint time of one screen of rows after a jump of the scroll bar
// (median, 99th percentile and worst of 200 seeded jumps; a frame at 60 Hz is 16.7 ms), the time
// to sort by a metric column and to apply a filter, the scatter's redraw when a row is selected
// (every configuration predicted, the figures over all of them), and the peak resident memory.
// Each figure is one operation on a million-row table, so this is a bench tool rather than a
// Google Benchmark loop.
//
//   bench_table_scroll [--configurations N] [--seed S]    default: 1000000 configurations, seed 1
#include "prediction/model_controller.hpp"
#include "support/large_measurements.hpp"
#include "table/measured_predicted_plot.hpp"
#include "table/measurement_table_model.hpp"
#include "table/measurement_table_panel.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

using namespace iolens;

namespace {

double peakMib()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

double millisecondsOf(QElapsedTimer& clock)
{
    return static_cast<double>(clock.nsecsElapsed()) / 1e6;
}

/// The paint time of the rows on screen after `count` seeded jumps of the scroll bar, sorted.
std::vector<double> scrollPaints(QTableView& view, int count, std::uint64_t seed)
{
    QScrollBar* bar = view.verticalScrollBar();
    std::mt19937_64 random(seed);
    std::vector<double> paints;
    for (int i = 0; i < count; ++i) {
        const int value = bar->minimum()
            + static_cast<int>(
                random() % static_cast<std::uint64_t>(bar->maximum() - bar->minimum() + 1));
        QElapsedTimer clock;
        clock.start();
        bar->setValue(value);
        view.viewport()->repaint();
        paints.push_back(millisecondsOf(clock));
    }
    std::sort(paints.begin(), paints.end());
    return paints;
}

void printPaints(const char* what, const std::vector<double>& paints)
{
    const auto at = [&paints](double q) {
        return paints[std::min(paints.size() - 1, static_cast<std::size_t>(q * paints.size()))];
    };
    std::printf("%-40s median %6.2f ms   p99 %6.2f ms   worst %6.2f ms\n", what, at(0.5), at(0.99),
        paints.back());
}

} // namespace

int main(int argc, char** argv)
{
    long configurations = 1000000;
    std::uint64_t seed = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--configurations" && i + 1 < argc)
            configurations = std::stol(argv[++i]);
        else if (arg == "--seed" && i + 1 < argc)
            seed = std::stoull(argv[++i]);
        else {
            std::fprintf(stderr, "usage: bench_table_scroll [--configurations N] [--seed S]\n");
            return 2;
        }
    }
    QApplication app(argc, argv);
    const std::vector<core::Measurement> runs = test::largeMeasurements(configurations, seed);
    std::printf("%ld configurations generated, peak %.0f MiB\n", configurations, peakMib());

    ui::ModelController models({"lm", "cart"});
    ui::MeasurementTablePanel panel;
    auto* scatter = new ui::MeasuredPredictedPlot(&models);
    panel.setSideView(scatter);
    QObject::connect(&panel, &ui::MeasurementTablePanel::shownConfigurationsChanged, scatter,
        &ui::MeasuredPredictedPlot::setHighlighted);
    QObject::connect(&panel, &ui::MeasurementTablePanel::configurationSelected, scatter,
        &ui::MeasuredPredictedPlot::setSelected);
    panel.resize(1400, 800);
    panel.show();

    // As the window does: the runs aggregated once (the document's rows), shared by the table
    // and the models' lookup; the time to fill the table includes the aggregation.
    QElapsedTimer clock;
    clock.start();
    const ui::AggregatedRows rows = ui::aggregatedRows(runs);
    panel.setRows(rows, static_cast<int>(runs.size()));
    std::printf(
        "%-40s %8.1f ms   peak %5.0f MiB\n", "table filled", millisecondsOf(clock), peakMib());
    QSignalSpy ready(&models, &ui::ModelController::modelsReady);
    models.setMeasurements(runs, rows);
    if (!ready.wait(600000)) {
        std::fprintf(stderr, "the models did not train within 10 minutes\n");
        return 1;
    }
    QApplication::processEvents();

    QTableView& view = *panel.view();
    printPaints("scroll jump + repaint", scrollPaints(view, 200, seed));
    clock.restart();
    view.sortByColumn(ui::MeasurementTableModel::FirstMetricColumn, Qt::DescendingOrder);
    QApplication::processEvents();
    std::printf("%-40s %8.1f ms\n", "sort by read response time", millisecondsOf(clock));
    printPaints("scroll jump + repaint, sorted", scrollPaints(view, 200, seed + 1));
    clock.restart();
    panel.filterEdit()->setText(QStringLiteral("bfq random"));
    QApplication::processEvents();
    std::printf("%-40s %8.1f ms   %d rows shown\n", "filter \"bfq random\"", millisecondsOf(clock),
        view.model()->rowCount());
    clock.restart();
    view.selectRow(view.model()->rowCount() / 2);
    QApplication::processEvents();
    std::printf("%-40s %8.1f ms   %s\n", "select a row (scatter redrawn)", millisecondsOf(clock),
        scatter->titleText().section(QLatin1Char('\n'), 1).toUtf8().constData());
    std::printf("%-40s %8s      peak %5.0f MiB\n", "end", "", peakMib());
    return 0;
}

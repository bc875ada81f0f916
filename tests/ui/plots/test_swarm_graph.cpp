// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/plot_data_csv.hpp"
#include "plots/swarm_graph.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::ui;

namespace {

// No two markers of one column lie closer than a marker's size.
bool noneCovered(const std::vector<double>& columns, const std::vector<double>& values,
    const std::vector<double>& offsets, double size)
{
    for (std::size_t i = 0; i < values.size(); ++i)
        for (std::size_t j = 0; j < i; ++j) {
            const double dx = columns[i] + offsets[i] - columns[j] - offsets[j];
            const double dy = values[i] - values[j];
            if (std::hypot(dx, dy) < size - 1e-9)
                return false;
        }
    return true;
}

} // namespace

class TestSwarmGraph : public QObject {
    Q_OBJECT
private slots:
    void pointsApartStayInTheColumn()
    {
        const std::vector<double> offsets = swarmOffsets({50, 50, 50}, {10, 30, 50}, 10.0);
        QCOMPARE(offsets, (std::vector<double> {0.0, 0.0, 0.0}));
    }

    void pointsAtOneValueSpreadBothWaysWithoutCovering()
    {
        const std::vector<double> columns(5, 100.0);
        const std::vector<double> values(5, 40.0);
        const std::vector<double> offsets = swarmOffsets(columns, values, 10.0);
        QCOMPARE(offsets.front(), 0.0);
        QVERIFY(noneCovered(columns, values, offsets, 10.0));
        // Alternating sides: the swarm stays centred on its column.
        double sum = 0.0;
        for (double offset : offsets)
            sum += offset;
        QVERIFY2(std::fabs(sum) <= 11.0, qPrintable(QString::number(sum)));
        QVERIFY(*std::max_element(offsets.begin(), offsets.end()) > 0.0);
        QVERIFY(*std::min_element(offsets.begin(), offsets.end()) < 0.0);
    }

    void columnsDoNotInteract()
    {
        // Two columns 3 px apart, at one value: each point is the first of its column.
        const std::vector<double> offsets = swarmOffsets({20, 23}, {5, 5}, 10.0);
        QCOMPARE(offsets, (std::vector<double> {0.0, 0.0}));
    }

    void nearValuesOfADenseColumnAllShow()
    {
        std::vector<double> columns(30, 0.0);
        std::vector<double> values;
        for (int i = 0; i < 30; ++i)
            values.push_back(0.7 * i); // 30 points within 21 px of each other
        const std::vector<double> offsets = swarmOffsets(columns, values, 8.0);
        QVERIFY(noneCovered(columns, values, offsets, 8.0));
    }

    // Only the drawing moves: the data and the CSV export keep the exact keys.
    void theGraphKeepsItsData()
    {
        QCustomPlot plot;
        auto* graph = new SwarmGraph(plot.xAxis, plot.yAxis);
        graph->setName(QStringLiteral("4 KiB"));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 10));
        graph->setData({50.0, 50.0, 50.0}, {1.0, 1.0, 1.0});
        graph->setKeyShift(-25.0);
        QCOMPARE(graph->lineStyle(), QCPGraph::lsNone);
        QCOMPARE(plot.graphCount(), 1);
        QCOMPARE(graph->keyShift(), -25.0);
        plot.xAxis->setLabel(QStringLiteral("Read share (%)"));
        plot.xAxis->setRange(0, 100);
        plot.yAxis->setRange(0, 2);
        plot.resize(400, 300);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, Qt::black, 10));
        const QImage image = plot.toPixmap(400, 300).toImage();
        QVERIFY(!image.isNull());
        // Drawn at 25 (shifted), not at 50: the markers moved, the data did not.
        const int row = static_cast<int>(plot.yAxis->coordToPixel(1.0));
        const auto darkAt = [&](double key) {
            const int column = static_cast<int>(plot.xAxis->coordToPixel(key));
            return qGray(image.pixel(column, row)) < 100;
        };
        QVERIFY(darkAt(25.0));
        QVERIFY(!darkAt(50.0));
        const QStringList rows = plotDataCsv(plot).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(rows.size(), 4);
        for (int i = 1; i < rows.size(); ++i)
            QVERIFY2(rows[i].contains(QStringLiteral(",50,1,")), qPrintable(rows[i]));
    }
};

IOLENS_TEST_MAIN(TestSwarmGraph)
#include "test_swarm_graph.moc"

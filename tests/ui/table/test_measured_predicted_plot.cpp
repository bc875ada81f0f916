// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/number_format.hpp"
#include "document/example_database.hpp"
#include "models/vm_projection.hpp"
#include "prediction/model_controller.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"
#include "table/measured_predicted_plot.hpp"

#include <QSignalSpy>
#include <QTest>

#include <qcustomplot.h>

#include <cmath>

using namespace iolens::ui;
using iolens::core::Metric;

class TestMeasuredPredictedPlot : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void points_areTheModelsFitWithTheFilteredOnesHighlighted()
    {
        ModelController controller({"lm", "cart"});
        MeasuredPredictedPlot plot(&controller);
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        controller.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        QVERIFY(iolens::test::waitForEmission(ready, 120000));

        const auto& rows = controller.measured().all();
        std::vector<iolens::core::Configuration> filtered;
        for (const auto& row : rows)
            if (row.config.readPct == 100.0 && row.value(Metric::TpReadMbs))
                filtered.push_back(row.config);
        QVERIFY(filtered.size() >= 5 && filtered.size() < rows.size());
        plot.setEntry(1);
        plot.setMetric(Metric::TpReadMbs);
        plot.setHighlighted(filtered);

        const auto* model = controller.entries()[1].model(Metric::TpReadMbs);
        QVERIFY(model);
        QCOMPARE(plot.highlightedGraph()->dataCount(), static_cast<int>(filtered.size()));
        double errorSum = 0.0;
        for (int i = 0; i < plot.highlightedGraph()->dataCount(); ++i) {
            const auto point = plot.highlightedGraph()->data()->at(i);
            // Each point is some filtered configuration's measurement and the model's answer.
            bool found = false;
            for (const auto& row : rows) {
                if (std::find(filtered.begin(), filtered.end(), row.config) == filtered.end())
                    continue;
                if (*row.value(Metric::TpReadMbs) == point->key
                    && iolens::core::predictSpreadOverVms(*model, row.config) == point->value)
                    found = true;
            }
            QVERIFY(found);
            errorSum += std::abs(point->value - point->key) / point->key;
        }
        const int others = plot.otherGraph()->dataCount();
        QVERIFY(others > 0);
        QVERIFY(plot.titleText().contains(
            formatPercent(100.0 * errorSum / static_cast<double>(filtered.size()))));
        QVERIFY(plot.titleText().startsWith(QStringLiteral("cart")));

        // Log axes with the same range: the identity line is the diagonal.
        QCOMPARE(plot.plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(plot.plot()->xAxis->range(), plot.plot()->yAxis->range());
    }
};

IOLENS_TEST_MAIN(TestMeasuredPredictedPlot)
#include "test_measured_predicted_plot.moc"

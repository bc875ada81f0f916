// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/number_format.hpp"
#include "document/example_database.hpp"
#include "models/vm_projection.hpp"
#include "prediction/model_controller.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"
#include "table/measured_predicted_plot.hpp"
#include "window/presentation_mode.hpp"

#include <QComboBox>
#include <QSignalSpy>
#include <QTest>

#include <qcustomplot.h>

#include <algorithm>
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
        // The legend names what is drawn: both groups, no "selected" without a selection.
        QCOMPARE(plot.plot()->legend->itemCount(), 2);
        // The window trained it on these runs: the figure says it is their fit.
        QVERIFY2(plot.titleText().contains(QStringLiteral("its fit to these runs")),
            qPrintable(plot.titleText()));

        // Log axes with the same range: the identity line is the diagonal.
        QCOMPARE(plot.plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(plot.plot()->xAxis->range(), plot.plot()->yAxis->range());
    }

    // A narrow plot (presentation mode's font beside the table): the subtitle wraps inside the
    // plot's width, and the legend sits under the axes, where it covers no point.
    void narrowPlot_wrapsTheSubtitleAndKeepsTheLegendOffThePoints()
    {
        ModelController controller({"lm"});
        MeasuredPredictedPlot plot(&controller);
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        controller.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        QVERIFY(iolens::test::waitForEmission(ready, 120000));
        std::vector<iolens::core::Configuration> all;
        for (const auto& row : controller.measured().all())
            all.push_back(row.config);
        plot.setHighlighted(all);
        plot.resize(340, 420);
        plot.show();
        plot.plot()->replot();
        const QStringList lines = plot.drawnSubtitle().split(QLatin1Char('\n'));
        QVERIFY2(lines.size() >= 3, qPrintable(plot.drawnSubtitle()));
        const QFontMetrics metrics(plot.plot()->plotLayout()->element(1, 0)
                ? static_cast<QCPTextElement*>(plot.plot()->plotLayout()->element(1, 0))->font()
                : QFont());
        for (const QString& line : lines)
            QVERIFY2(metrics.horizontalAdvance(line) <= plot.plot()->width(), qPrintable(line));
        // The metric's name whole in its box ("Read response tir" in presentation mode).
        const auto boxes = plot.findChildren<QComboBox*>();
        const auto metric = std::find_if(boxes.begin(), boxes.end(), [](const QComboBox* box) {
            return box->currentText() == QStringLiteral("Read response time");
        });
        QVERIFY(metric != boxes.end());
        QVERIFY((*metric)->width() >= (*metric)->sizeHint().width());
        // Also at the panel's least width in presentation mode's font, which a splitter beside
        // a wide table gives it (the box had its own minimum hint then, short of its text: "Read
        // respons").
        const QFont normal = plot.font();
        QFont large = normal;
        large.setPointSizeF(normal.pointSizeF() * PresentationMode::kFactor);
        plot.setFont(large);
        plot.resize(plot.minimumSizeHint().width(), 420);
        plot.layout()->activate();
        QVERIFY2((*metric)->width() >= (*metric)->sizeHint().width(),
            qPrintable(QStringLiteral("%1 of %2")
                           .arg((*metric)->width())
                           .arg((*metric)->sizeHint().width())));
        plot.setFont(normal);
        plot.resize(340, 420);
        plot.layout()->activate();
        // The figure's text is whole, whatever the breaks.
        QVERIFY(plot.titleText().contains(QStringLiteral("its fit to these runs")));
        QVERIFY(plot.plot()->legend->visible());
        QVERIFY(plot.plot()->legend->layout() != plot.plot()->axisRect()->insetLayout());
        QVERIFY(!plot.plot()->legend->outerRect().intersects(plot.plot()->axisRect()->rect()));
        // Its frame is drawn on its outer rectangle: the bottom line stays inside the widget.
        QVERIFY2(plot.plot()->legend->outerRect().bottom() < plot.plot()->height() - 1,
            qPrintable(QStringLiteral("%1 of %2")
                           .arg(plot.plot()->legend->outerRect().bottom())
                           .arg(plot.plot()->height())));
    }

    void replacedModel_redrawsWithItsPredictionsAndSelectionRingsOnePoint()
    {
        ModelController lm({"lm"}), cart({"cart"});
        QSignalSpy lmReady(&lm, &ModelController::modelsReady);
        QSignalSpy cartReady(&cart, &ModelController::modelsReady);
        const auto runs = loadExampleDatabase(Example::Tiered).measurements();
        lm.setMeasurements(runs);
        cart.setMeasurements(runs);
        QVERIFY(iolens::test::waitForEmission(lmReady, 120000));
        QVERIFY(iolens::test::waitForEmission(cartReady, 120000));
        MeasuredPredictedPlot plot(&lm);
        plot.setMetric(Metric::TpReadMbs);
        const iolens::core::TrainedModel lmModel = *lm.entries()[0].model(Metric::TpReadMbs);
        const iolens::core::TrainedModel cartModel = *cart.entries()[0].model(Metric::TpReadMbs);
        const int mine = lm.addModel(QStringLiteral("mine"), lmModel, ModelOrigin::Stored);
        QVERIFY(mine > 0);
        plot.setEntry(mine);
        // The plot predicts in one batch; a linear model's batch can differ in the last bit.
        const auto same = [](const std::vector<double>& a, const std::vector<double>& b) {
            if (a.size() != b.size())
                return false;
            for (std::size_t i = 0; i < a.size(); ++i)
                if (std::abs(a[i] - b[i]) > 1e-12 * std::abs(b[i]))
                    return false;
            return true;
        };
        const auto pointsOf = [&plot] {
            std::vector<double> values;
            for (auto it = plot.otherGraph()->data()->constBegin();
                 it != plot.otherGraph()->data()->constEnd(); ++it)
                values.push_back(it->value);
            std::sort(values.begin(), values.end());
            return values;
        };
        const auto predictedBy = [&lm](const iolens::core::TrainedModel& model) {
            std::vector<double> values;
            for (const auto& row : lm.measured().all())
                if (row.value(Metric::TpReadMbs) && *row.value(Metric::TpReadMbs) > 0.0)
                    values.push_back(iolens::core::predictSpreadOverVms(model, row.config));
            std::sort(values.begin(), values.end());
            return values;
        };
        QVERIFY(same(pointsOf(), predictedBy(lmModel)));
        // The entry's model replaced: the points are the new model's, not a stale copy.
        QCOMPARE(lm.addModel(QStringLiteral("mine"), cartModel, ModelOrigin::Stored), mine);
        QVERIFY(same(pointsOf(), predictedBy(cartModel)));
        QVERIFY(!same(pointsOf(), predictedBy(lmModel)));

        // Selecting a configuration rings its point, the others stay.
        const int points = plot.otherGraph()->dataCount();
        const auto& rows = lm.measured().all();
        const auto withReads = std::find_if(rows.begin() + 1, rows.end(), [](const auto& r) {
            return r.value(Metric::TpReadMbs) && *r.value(Metric::TpReadMbs) > 0.0;
        });
        QVERIFY(withReads != rows.end());
        const auto& row = *withReads;
        plot.setSelected(row.config);
        QCOMPARE(plot.otherGraph()->dataCount(), points);
        QCOMPARE(plot.selectedGraph()->dataCount(), 1);
        QCOMPARE(plot.selectedGraph()->data()->at(0)->key, *row.value(Metric::TpReadMbs));
        QVERIFY(same({plot.selectedGraph()->data()->at(0)->value},
            {iolens::core::predictSpreadOverVms(cartModel, row.config)}));
    }
};

IOLENS_TEST_MAIN(TestMeasuredPredictedPlot)
#include "test_measured_predicted_plot.moc"

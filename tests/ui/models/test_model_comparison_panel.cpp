// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "models/model_comparison_model.hpp"
#include "models/model_comparison_panel.hpp"
#include "prediction/model_controller.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"
#include "support/test_timeouts.hpp"

#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace iolens::ui;
using iolens::core::Metric;
using Model = iolens::ui::ModelComparisonModel;

namespace {
} // namespace

class TestModelComparisonPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale::c());
        m_runs = loadExampleDatabase(Example::Tiered).measurements();
    }

    void selectingARow_showsWhatThatModelLearned()
    {
        ModelController controller({"lm", "mars", "cart"});
        ModelComparisonPanel panel(&controller);
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        QSignalSpy done(&controller, &ModelController::evaluationsReady);
        controller.setMeasurements(m_runs);
        // The first model is selected from the start; its description follows its training.
        QCOMPARE(panel.view()->currentIndex().row(), 0);
        QVERIFY(ready.wait(kTimeoutMs));
        QVERIFY(panel.descriptionText().contains(QStringLiteral("(Intercept)")));

        const Model* model = panel.model();
        panel.selectSourceRow(model->rowOf(1, Metric::RtReadMs));
        const QString mars = panel.descriptionText();
        QVERIFY2(
            mars.startsWith(QStringLiteral("mars, Read response time — nk=0")), qPrintable(mars));
        QVERIFY2(mars.contains(QStringLiteral("h(")), qPrintable(mars)); // hinge terms
        QVERIFY(mars.contains(
            QString::fromStdString(controller.entries()[1].model(Metric::RtReadMs)->describe())));

        panel.selectSourceRow(model->rowOf(2, Metric::TpWriteMbs));
        QVERIFY2(panel.descriptionText().contains(QStringLiteral("Rules")),
            qPrintable(panel.descriptionText()));
        QVERIFY(iolens::test::waitForEmission(done, kTimeoutMs));
    }

    void description_getsTheWidthItsLinesNeed()
    {
        ModelController controller({"lm"});
        ModelComparisonPanel panel(&controller);
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        controller.setMeasurements(m_runs);
        QVERIFY(ready.wait(kTimeoutMs));
        // Wide enough: the whole description shows, no sideways scrolling (pictures cannot).
        panel.resize(1600, 900);
        panel.show();
        QCoreApplication::processEvents();
        QVERIFY(panel.descriptionWidthNeeded() > 1600 / 4); // lm's coefficient list is wide
        QVERIFY2(panel.descriptionWidth() >= panel.descriptionWidthNeeded(),
            qPrintable(QStringLiteral("%1 < %2")
                           .arg(panel.descriptionWidth())
                           .arg(panel.descriptionWidthNeeded())));
        // Narrow: the table keeps three quarters and the description scrolls.
        panel.resize(1000, 700);
        QCoreApplication::processEvents();
        QVERIFY(panel.descriptionWidth() < panel.descriptionWidthNeeded());
        QVERIFY(panel.view()->width() >= 1000 * 3 / 4 - 10);
    }

    void sorting_ordersByTheNumberNotTheText()
    {
        ModelController controller({"lm", "cart"});
        ModelComparisonPanel panel(&controller);
        QSignalSpy done(&controller, &ModelController::evaluationsReady);
        controller.setMeasurements(m_runs);
        QVERIFY(done.wait(kTimeoutMs));
        QTableView* view = panel.view();
        view->sortByColumn(Model::MeanErrorColumn, Qt::AscendingOrder);
        double previous = -1.0;
        for (int row = 0; row < view->model()->rowCount(); ++row) {
            const double value = view->model()
                                     ->index(row, Model::MeanErrorColumn)
                                     .data(Model::kSortRole)
                                     .toDouble();
            QVERIFY(value >= previous);
            previous = value;
        }
    }

    void ruleText_statesTheTable4Rule()
    {
        ModelController controller({"lm"});
        ModelComparisonPanel panel(&controller);
        const QString rule = panel.ruleText();
        QVERIFY2(rule.contains(QStringLiteral("read metrics where read % ≥ 25")), qPrintable(rule));
        QVERIFY2(
            rule.contains(QStringLiteral("write metrics where read % ≤ 75")), qPrintable(rule));
        QVERIFY(rule.contains(QStringLiteral("10 folds")));
    }

private:
    std::vector<iolens::core::Measurement> m_runs;
};

IOLENS_TEST_MAIN(TestModelComparisonPanel)
#include "test_model_comparison_panel.moc"

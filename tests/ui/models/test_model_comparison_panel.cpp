// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "models/model_comparison_model.hpp"
#include "models/model_comparison_panel.hpp"
#include "prediction/model_controller.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"
#include "support/test_timeouts.hpp"

#include <QFontDatabase>
#include <QHeaderView>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTextBlock>
#include <QTextEdit>

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
        // Narrow: the table keeps four fifths and the description wraps, no sideways
        // scrolling, its indented lines hanging under their own text.
        panel.resize(1000, 700);
        QCoreApplication::processEvents();
        QVERIFY(panel.descriptionWidth() < panel.descriptionWidthNeeded());
        QVERIFY(panel.view()->width() >= 1000 * 4 / 5 - 10);
        auto* description = panel.findChild<QTextEdit*>();
        QVERIFY(description);
        QCOMPARE(description->lineWrapMode(), QTextEdit::WidgetWidth);
        QCOMPARE(description->horizontalScrollBar()->maximum(), 0);
        bool indented = false;
        for (QTextBlock block = description->document()->begin(); block.isValid();
             block = block.next())
            if (block.text().startsWith(QStringLiteral("  ")))
                indented = indented || block.blockFormat().leftMargin() > 0;
        QVERIFY(indented);
    }

    // Presentation mode enlarges the panel's font: the monospace description follows.
    void description_followsThePanelsFontSize()
    {
        ModelController controller({"lm"});
        ModelComparisonPanel panel(&controller);
        auto* description = panel.findChild<QTextEdit*>();
        QVERIFY(description);
        QFont large = panel.font();
        large.setPointSizeF(large.pointSizeF() * 1.5);
        panel.setFont(large);
        QCOMPARE(description->font().pointSizeF(), large.pointSizeF());
        QCOMPARE(description->font().family(),
            QFontDatabase::systemFont(QFontDatabase::FixedFont).family());
    }

    // The Parameters column: its heading whole, its values up to about 14 characters, the
    // full list as the tooltip.
    void parametersColumn_isWideEnoughForItsHeadingWithTheFullListAsTooltip()
    {
        ModelController controller({"mars"});
        ModelComparisonPanel panel(&controller);
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        controller.setMeasurements(m_runs);
        QVERIFY(ready.wait(kTimeoutMs));
        panel.resize(1280, 500);
        panel.show();
        QCoreApplication::processEvents();
        const QHeaderView* header = panel.view()->horizontalHeader();
        const int column = Model::ParametersColumn;
        QVERIFY(header->sectionSize(column) >= header->sectionSizeHint(column));
        QVERIFY(header->sectionSize(column) >= panel.view()->fontMetrics().averageCharWidth() * 12);
        const QModelIndex cell = panel.view()->model()->index(0, column);
        QCOMPARE(cell.data(Qt::ToolTipRole).toString(), cell.data().toString());
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

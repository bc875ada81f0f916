// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/inside_out_density_view.hpp"
#include "support/low_level_run_data.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"

#include <qcustomplot.h>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens;

namespace {

core::RunAccuracyOptions fastOptions()
{
    core::RunAccuracyOptions options;
    options.features.windowSeconds = 1.0;
    options.folds = 5;
    options.methods = {core::AccuracyMethod::InsideOut, core::AccuracyMethod::Lasso};
    return options;
}

} // namespace

class TestInsideOutDensityView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        iolens::test::writeLowLevelRun(m_dir.path(), "lin-rep1", 30, true, 21);
        iolens::test::writeLowLevelRun(m_dir.path(), "lin-rep2", 30, true, 22);
        iolens::test::writeLowLevelRun(m_dir.path(), "noise-rep1", 30, false, 23);
        iolens::test::writeLowLevelRun(m_dir.path(), "short-rep1", 4, true, 24);
    }

    void evaluate_drawsOneDensityAndOneRugPerMethod()
    {
        ui::InsideOutDensityView view;
        QSignalSpy finished(&view, &ui::InsideOutDensityView::evaluationFinished);
        view.evaluate(m_dir.path(), fastOptions());
        QVERIFY(view.isRunning());
        QVERIFY(iolens::test::waitForEmission(finished, 120000));

        QCOMPARE(view.curveCount(), 2);
        QCustomPlot* plot = view.plot();
        QCOMPARE(plot->graphCount(), 4); // 2 densities + 2 rugs
        QCOMPARE(plot->graph(0)->data()->size(), 201);
        QCOMPARE(plot->graph(2)->data()->size(), 3); // three runs scored, the short one skipped
        QVERIFY(plot->graph(0)->name().startsWith(QStringLiteral("Inside-Out (mean ")));
        QCOMPARE(plot->xAxis->range().lower, 0.0);
        QCOMPARE(plot->xAxis->range().upper, 1.0);
        QVERIFY(plot->xAxis->label().startsWith(QStringLiteral("accuracy max(1")));
        QCOMPARE(plot->yAxis->label(), QStringLiteral("density"));
        // Two runs near 1 and one near 0: the density peaks at the high end.
        const auto* data = plot->graph(0)->data().data();
        double peakX = 0.0;
        double peak = 0.0;
        for (auto it = data->constBegin(); it != data->constEnd(); ++it)
            if (it->value > peak) {
                peak = it->value;
                peakX = it->key;
            }
        QVERIFY2(peakX > 0.8, qPrintable(QString::number(peakX)));
        QVERIFY2(view.statusText().contains(QStringLiteral("3 runs scored, 1 skipped")),
            qPrintable(view.statusText()));
        QVERIFY(view.statusText().contains(QStringLiteral("Skipped short-rep1: too short")));
    }

    void cancel_endsTheEvaluation()
    {
        ui::InsideOutDensityView view;
        QSignalSpy finished(&view, &ui::InsideOutDensityView::evaluationFinished);
        core::RunAccuracyOptions options = fastOptions();
        options.methods = core::allAccuracyMethods();
        view.evaluate(m_dir.path(), options);
        view.cancel();
        QVERIFY(iolens::test::waitForEmission(finished, 120000));
        QVERIFY(!view.isRunning());
    }

    void destroyWhileRunning_waitsForTheWorker()
    {
        auto* view = new ui::InsideOutDensityView;
        view->evaluate(m_dir.path(), fastOptions());
        delete view; // must cancel and join: no thread may outlive the view (ASan/TSan in CI)
        QVERIFY(true);
    }

    void badDirectory_showsTheError()
    {
        ui::InsideOutDensityView view;
        QSignalSpy finished(&view, &ui::InsideOutDensityView::evaluationFinished);
        view.evaluate(m_dir.filePath(QStringLiteral("missing")), fastOptions());
        QVERIFY(iolens::test::waitForEmission(finished, 60000));
        QVERIFY2(view.statusText().contains(QStringLiteral("not a directory of runs")),
            qPrintable(view.statusText()));
        QCOMPARE(view.curveCount(), 0);
    }

private:
    QTemporaryDir m_dir;
};

IOLENS_TEST_MAIN(TestInsideOutDensityView)
#include "test_inside_out_density_view.moc"

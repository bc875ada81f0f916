// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/search_controls.hpp"
#include "support/test_registry.hpp"

#include <QComboBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace iolens::ui;
namespace core = iolens::core;

class TestSearchControls : public QObject {
    Q_OBJECT
private slots:
    void request_startsWithThePapersSettings()
    {
        SearchControls controls;
        const core::SearchRequest request = controls.request();
        QCOMPARE(request.settings.splits, 4);
        QCOMPARE(request.settings.explorations, 5);
        QCOMPARE(request.settings.maxIterations, 10);
        QCOMPARE(request.metric, core::Metric::RtReadMs);
        QCOMPARE(request.cv, core::SearchCv::Random);
    }

    // The cost is a choice: the paper's random 10-fold CV, or levels left out (optimize --cv
    // grouped); a stored run's is taken back.
    void cost_choosesTheCrossValidation()
    {
        SearchControls controls;
        QSignalSpy changed(&controls, &SearchControls::choiceChanged);
        controls.setCv(core::SearchCv::Grouped);
        QCOMPARE(controls.request().cv, core::SearchCv::Grouped);
        QCOMPARE(changed.count(), 1);
        controls.setCv(core::SearchCv::Random);
        QCOMPARE(controls.request().cv, core::SearchCv::Random);
        QComboBox* cost = nullptr;
        for (auto* box : controls.findChildren<QComboBox*>())
            if (box->findData(static_cast<int>(core::SearchCv::Grouped)) >= 0 && box->count() == 2)
                cost = box;
        QVERIFY(cost != nullptr);
        controls.setRunning(true);
        QVERIFY(!cost->isEnabled());
        controls.setRunning(false);
        QVERIFY(cost->isEnabled());
    }

    void techniques_areThoseWithSearchedParameters()
    {
        SearchControls controls;
        auto* box = controls.findChildren<QComboBox*>().first();
        QStringList names;
        for (int i = 0; i < box->count(); ++i)
            names << box->itemText(i);
        for (const char* name : {"mars", "cart", "m5", "cubist"})
            QVERIFY2(names.contains(QLatin1String(name)), name);
        QVERIFY(!names.contains(QStringLiteral("lm")));
    }

    void setTechnique_offersItsSearchedParametersAsAxes()
    {
        SearchControls controls;
        QSignalSpy changed(&controls, &SearchControls::choiceChanged);
        controls.setTechnique("cart");
        QCOMPARE(controls.dimensions().size(), std::size_t {2});
        QCOMPARE(controls.dimensions()[0].name, std::string("minsplit"));
        QCOMPARE(controls.xDimension(), std::size_t {0});
        QCOMPARE(controls.yDimension(), std::size_t {1});
        QVERIFY(changed.count() >= 1);
        controls.setTechnique("m5");
        QCOMPARE(controls.dimensions().size(), std::size_t {1});
        QCOMPARE(controls.yDimension(), controls.xDimension());
        controls.setTechnique("mars");
        QCOMPARE(controls.dimensions().size(), std::size_t {3});
        QCOMPARE(controls.request().technique, std::string("mars"));
    }

    void choosingTheOtherAxisParameter_swapsTheAxes()
    {
        SearchControls controls;
        controls.setTechnique("cubist");
        auto boxes = controls.findChildren<QComboBox*>();
        QComboBox* xBox = nullptr;
        for (QComboBox* box : boxes)
            if (box->count() == 3 && box->itemText(0) == QStringLiteral("nsplits") && !xBox)
                xBox = box;
        QVERIFY(xBox);
        xBox->setCurrentIndex(1); // x = ntrees, which y showed
        QCOMPARE(controls.xDimension(), std::size_t {1});
        QCOMPARE(controls.yDimension(), std::size_t {0});
    }

    // The axes show R's parameter names; what they mean is said under them, and in the
    // choices' tooltips.
    void axisHelp_saysWhatTheParametersOnTheAxesMean()
    {
        SearchControls controls;
        controls.setTechnique("mars");
        const QString help = controls.axisHelpText();
        QVERIFY2(help.startsWith(QStringLiteral("nk: maximum terms")), qPrintable(help));
        QVERIFY2(help.contains(QStringLiteral("\nthresh: forward pass stops")), qPrintable(help));
        QVERIFY(!help.contains(QStringLiteral("nprune")));
        controls.setAxes(2, 0);
        QVERIFY(controls.axisHelpText().startsWith(QStringLiteral("nprune: ")));
        controls.setTechnique("m5"); // one parameter: one line
        QVERIFY(!controls.axisHelpText().contains(QLatin1Char('\n')));
        QVERIFY(!controls.axisHelpText().isEmpty());
        QComboBox* xBox = nullptr;
        for (QComboBox* box : controls.findChildren<QComboBox*>())
            if (box->count() == 1 && !xBox)
                xBox = box;
        QVERIFY(xBox);
        QVERIFY(!xBox->itemData(0, Qt::ToolTipRole).toString().isEmpty());
    }

    void progressBar_hiddenUntilTheFirstSearch()
    {
        SearchControls controls;
        auto* bar = controls.findChild<QProgressBar*>();
        QVERIFY(bar);
        QVERIFY(bar->isHidden());
        controls.setRunning(true);
        QVERIFY(!bar->isHidden());
        controls.setRunning(false);
        QVERIFY(!bar->isHidden()); // the finished run's bar stays
    }

    void setRunning_locksTheKnobsAndEnablesCancel()
    {
        SearchControls controls;
        QVERIFY(controls.startButton()->isEnabled());
        QVERIFY(!controls.cancelButton()->isEnabled());
        controls.setRunning(true);
        QVERIFY(!controls.startButton()->isEnabled());
        QVERIFY(controls.cancelButton()->isEnabled());
        controls.setRunning(false);
        controls.setStartEnabled(false);
        QVERIFY(!controls.startButton()->isEnabled());
    }

    void showProgress_countsThePointsOfThisIteration()
    {
        QLocale::setDefault(QLocale::c());
        SearchControls controls;
        SearchProgress progress;
        progress.iteration = 2;
        progress.evaluated = 5;
        progress.plannedThisIteration = 3;
        progress.bestCost = 0.0861;
        progress.points
            = {{{1}, 1.0, 0}, {{2}, 1.0, 1}, {{3}, 1.0, 2}, {{4}, 1.0, 2}, {{5}, 0.0861, 2}};
        controls.showProgress(progress);
        const QString text = controls.progressText();
        QVERIFY2(text.contains(QStringLiteral("Iteration 2 of 10")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("3 of 3 points")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("0.0861")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("10-fold CV RMSE")), qPrintable(text));
    }

    // One iteration of one point reads in the singular, not "1 points".
    void showFinished_singularForOne()
    {
        QLocale::setDefault(QLocale::c());
        SearchControls controls;
        iolens::core::OptimizerResult result;
        result.iterations = 1;
        result.points = {{{1}, 0.5, 0}};
        result.best = result.points.front();
        controls.showFinished(result);
        QCOMPARE(controls.progressText(),
            QStringLiteral("Done: 1 iteration, 1 point; best 10-fold CV RMSE 0.500"));
        result.iterations = 2;
        result.points.push_back({{2}, 0.4, 1});
        controls.setCostName(QStringLiteral("grouped-CV mean |log ratio|"));
        controls.showFinished(result);
        QCOMPARE(controls.progressText(),
            QStringLiteral("Done: 2 iterations, 2 points; best grouped-CV mean |log ratio| 0.500"));
    }
};

IOLENS_TEST_MAIN(TestSearchControls)
#include "test_search_controls.moc"

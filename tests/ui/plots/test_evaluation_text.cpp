// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/evaluation_text.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;
namespace core = iolens::core;

class TestEvaluationText : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void percentileSummary_namesTheModelAndThreePercentiles()
    {
        core::ModelEvaluation evaluation;
        evaluation.p50 = 0.0412;
        evaluation.p90 = 0.1893;
        evaluation.p99 = 0.6071;
        QCOMPARE(percentileSummary(QStringLiteral("cart"), evaluation),
            QStringLiteral("cart: p50 4.12 %, p90 18.9 %, p99 60.7 %"));
    }

    // The Models table's form (formatRelativeError), so both tabs print one figure alike.
    void relativeErrorText_keepsThreeSignificantDigits_data()
    {
        QTest::addColumn<double>("error");
        QTest::addColumn<QString>("text");
        QTest::newRow("below one percent") << 0.00534 << QStringLiteral("0.534 %");
        QTest::newRow("tens") << 0.456 << QStringLiteral("45.6 %");
        QTest::newRow("a miss by a factor") << 12.34 << QStringLiteral("1234 %");
    }
    void relativeErrorText_keepsThreeSignificantDigits()
    {
        QFETCH(double, error);
        QFETCH(QString, text);
        QCOMPARE(relativeErrorText(error), text);
    }

    void scenarioCaption_givesTheRuleWithItsLimits()
    {
        core::RelativeErrorRule rule;
        rule.readMinPct = 25;
        rule.writeMaxPct = 75;
        const QString caption = scenarioCaption(QStringLiteral("10-fold cross-validation"), rule);
        QVERIFY(caption.startsWith(QStringLiteral("10-fold cross-validation · ")));
        QVERIFY(caption.contains(QStringLiteral("25 %")));
        QVERIFY(caption.contains(QStringLiteral("75 %")));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestEvaluationText)
#include "test_evaluation_text.moc"

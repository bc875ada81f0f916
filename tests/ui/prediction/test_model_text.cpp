// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/model_text.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;

class TestModelText : public QObject {
    Q_OBJECT
private slots:
    void parametersText_followsTheTechniquesParameterOrder_data()
    {
        QTest::addColumn<QString>("technique");
        QTest::addColumn<QString>("expected");
        QTest::newRow("mars") << QStringLiteral("mars")
                              << QStringLiteral("nk=21 thresh=0.001 nprune=800 degree=2");
        // Not a technique of this build: the names in alphabetical order.
        QTest::newRow("unknown") << QStringLiteral("no-such")
                                 << QStringLiteral("degree=2 nk=21 nprune=800 thresh=0.001");
    }
    void parametersText_followsTheTechniquesParameterOrder()
    {
        QFETCH(QString, technique);
        QFETCH(QString, expected);
        const iolens::core::ParamValues values {{"degree", 2.0}, {"nk", 21.0}, {"nprune", 800.0},
            {"thresh", 0.001}, {"log_response", 1.0}};
        QCOMPARE(parametersText(technique.toStdString(), values), expected);
    }

    void parametersText_namesARawScaleFit()
    {
        const iolens::core::ParamValues values {
            {"cp", 0.0001}, {"minsplit", 5.0}, {"log_response", 0.0}};
        QCOMPARE(
            parametersText("cart", values), QStringLiteral("minsplit=5 cp=0.0001 log_response=0"));
    }

    void titles_nameTheTechniqueAndOrigin()
    {
        QCOMPARE(techniqueTitle("cart"), QStringLiteral("CART regression tree"));
        QVERIFY(techniqueTitle("mars").startsWith(QStringLiteral("MARS")));
        QCOMPARE(techniqueTitle("no-such"), QStringLiteral("no-such"));
        QCOMPARE(originText(ModelOrigin::Default), QStringLiteral("default"));
        QCOMPARE(originText(ModelOrigin::Optimized), QStringLiteral("optimized"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestModelText)
#include "test_model_text.moc"

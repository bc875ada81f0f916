// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/metric_text.hpp"
#include "common/translations.hpp"
#include "support/test_registry.hpp"
#include "window/main_window.hpp"

#include <QApplication>
#include <QMenuBar>
#include <QTest>

using namespace iolens::ui;

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void german_isEmbeddedAndUsedByTheWindow()
    {
        QVERIFY(installTranslations(*QCoreApplication::instance(), QLocale(QLocale::German)));
        QCOMPARE(metricTitle(iolens::core::Metric::RtReadMs), QStringLiteral("Lese-Antwortzeit"));
        MainWindow window;
        const auto menus = window.menuBar()->actions();
        QVERIFY(!menus.isEmpty());
        QCOMPARE(menus.front()->text(), QStringLiteral("&Datei"));
    }

    void english_needsNoTranslation()
    {
        QVERIFY(!installTranslations(*QCoreApplication::instance(), QLocale(QLocale::English)));
    }
};

IOLENS_TEST_MAIN(TestTranslations)
#include "test_translations.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/version.hpp"
#include "support/test_registry.hpp"
#include "window/about_text.hpp"

#include <QTest>

using namespace iolens::ui;

class TestAboutText : public QObject {
    Q_OBJECT
private slots:
    void about_namesTheVersionAndEveryPaperTheMethodsComeFrom()
    {
        const QString text = aboutText();
        QVERIFY(text.contains(QString::fromLatin1(iolens::kVersion)));
        for (const char* paper : {"Predictive Performance Modeling of Virtualized Storage",
                 "Fighting with Unknowns", "Inside-Out", "CBSE 2014", "SBCART"})
            QVERIFY2(text.contains(QLatin1String(paper)), paper);
    }
};

IOLENS_TEST_MAIN(TestAboutText)
#include "test_about_text.moc"

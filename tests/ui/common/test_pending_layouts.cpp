// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/pending_layouts.hpp"
#include "support/test_registry.hpp"

#include <QGridLayout>
#include <QLabel>
#include <QScrollArea>
#include <QTest>

using namespace iolens::ui;

class TestPendingLayouts : public QObject {
    Q_OBJECT
private slots:
    // The prediction panel's shape: a grid of numbers in a resizable scroll area, narrower than
    // its content, so each column is as wide as its widest number.
    void settlePendingLayouts_widensAColumnWhoseNumberGrewBeforeAGrab()
    {
        QScrollArea area;
        auto* content = new QWidget;
        auto* grid = new QGridLayout(content);
        auto* grown = new QLabel(QStringLiteral("0.85"));
        grid->addWidget(grown, 0, 0);
        for (int column = 1; column < 12; ++column)
            grid->addWidget(new QLabel(QStringLiteral("123.456")), 0, column);
        area.setWidget(content);
        area.setWidgetResizable(true);
        area.resize(200, 80);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        QCoreApplication::processEvents();

        grown->setText(QStringLiteral("0.000966"));
        // What a grab right now would show: the old width, too narrow for the new text.
        QVERIFY(grown->width() < grown->sizeHint().width());
        settlePendingLayouts();
        QVERIFY(grown->width() >= grown->sizeHint().width());
    }
};

IOLENS_TEST_MAIN(TestPendingLayouts)
#include "test_pending_layouts.moc"

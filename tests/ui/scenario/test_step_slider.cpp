// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/step_slider.hpp"
#include "support/test_registry.hpp"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QSlider>
#include <QTest>

using namespace iolens::ui;

class TestStepSlider : public QObject {
    Q_OBJECT
private slots:
    void sliderAndSpinBox_moveTogether()
    {
        StepSlider slider(new QDoubleSpinBox, true);
        slider.spinBox()->setRange(1, 1024);
        slider.setScale(StepScale({4.0, 16.0, 64.0}),
            [](double v) { return QString::number(v) + QStringLiteral(" KiB"); });
        QCOMPARE(slider.minLabel()->text(), QStringLiteral("4 KiB"));
        QCOMPARE(slider.maxLabel()->text(), QStringLiteral("64 KiB"));
        slider.slider()->setValue(2);
        QCOMPARE(slider.value(), 64.0);
        slider.spinBox()->setValue(20.0); // typed: kept exactly, the slider at the nearest step
        QCOMPARE(slider.value(), 20.0);
        QCOMPARE(slider.slider()->value(), 1);
    }

    // Presentation mode enlarges the font: the end labels and the spin box's width follow it,
    // so the labels stay legible and the spin boxes of all sliders keep one column.
    void endLabelsAndSpinBoxWidth_followTheFont()
    {
        QWidget parent;
        auto* slider = new StepSlider(new QDoubleSpinBox, false, &parent);
        const QFont normal = parent.font();
        QVERIFY(normal.pointSizeF() > 0);
        QCOMPARE(slider->minLabel()->font().pointSizeF(), normal.pointSizeF() * 0.85);
        const int normalWidth = slider->spinBox()->minimumWidth();

        QFont large = normal;
        large.setPointSizeF(normal.pointSizeF() * 1.6);
        parent.setFont(large);
        QCOMPARE(slider->minLabel()->font().pointSizeF(), large.pointSizeF() * 0.85);
        QCOMPARE(slider->maxLabel()->font().pointSizeF(), large.pointSizeF() * 0.85);
        QVERIFY2(slider->spinBox()->minimumWidth() > normalWidth,
            qPrintable(QStringLiteral("%1 <= %2")
                           .arg(slider->spinBox()->minimumWidth())
                           .arg(normalWidth)));
    }
};

IOLENS_TEST_MAIN(TestStepSlider)
#include "test_step_slider.moc"

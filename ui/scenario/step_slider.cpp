// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/step_slider.hpp"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>

namespace iolens::ui {

StepSlider::StepSlider(QDoubleSpinBox* spinBox, bool logarithmic, QWidget* parent)
    : QWidget(parent)
    , m_logarithmic(logarithmic)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_spinBox(spinBox)
    , m_minLabel(new QLabel(this))
    , m_maxLabel(new QLabel(this))
{
    m_spinBox->setParent(this);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setPageStep(2);
    for (QLabel* label : {m_minLabel, m_maxLabel})
        label->setForegroundRole(QPalette::PlaceholderText);
    fitToFont();
    m_maxLabel->setAlignment(Qt::AlignRight | Qt::AlignTop);
    m_minLabel->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setVerticalSpacing(0);
    layout->addWidget(m_slider, 0, 0, 1, 2);
    layout->addWidget(m_spinBox, 0, 2, 2, 1, Qt::AlignTop);
    layout->addWidget(m_minLabel, 1, 0);
    layout->addWidget(m_maxLabel, 1, 1);
    layout->setColumnStretch(0, 1);
    layout->setColumnStretch(1, 1);

    connect(m_slider, &QSlider::valueChanged, this, &StepSlider::onSliderMoved);
    connect(m_spinBox, &QDoubleSpinBox::valueChanged, this, &StepSlider::onSpinBoxChanged);
}

// The end labels a little smaller than the slider's font, and every slider's spin box as wide
// as the widest value needs, so the spin boxes of the scenario panel stand in one column. Both
// follow the font: presentation mode enlarges the application's font, and a label or width set
// once from the old font stayed small (or pushed one spin box out of the column).
void StepSlider::fitToFont()
{
    m_spinBox->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0000.5 MiB")) + 40);
    for (QLabel* label : {m_minLabel, m_maxLabel}) {
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        label->setFont(small);
    }
}

void StepSlider::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitToFont();
}

void StepSlider::setScale(const StepScale& scale, const Formatter& format)
{
    const double current = value();
    m_scale = scale;
    const QSignalBlocker blocker(m_slider);
    m_slider->setRange(0, std::max(0, m_scale.size() - 1));
    // A tick per octave on a half-octave scale reads as the log axis it is.
    m_slider->setTickInterval(m_logarithmic ? 2 : std::max(1, m_scale.size() / 4));
    m_minLabel->setText(m_scale.empty() ? QString() : format(m_scale.front()));
    m_maxLabel->setText(m_scale.empty() ? QString() : format(m_scale.back()));
    setValue(current);
}

double StepSlider::value() const
{
    return m_spinBox->value();
}

void StepSlider::setValue(double value)
{
    const QSignalBlocker spinBlocker(m_spinBox);
    const QSignalBlocker sliderBlocker(m_slider);
    m_spinBox->setValue(value);
    if (!m_scale.empty())
        m_slider->setValue(m_scale.nearestIndex(m_spinBox->value(), m_logarithmic));
}

void StepSlider::onSliderMoved(int index)
{
    if (m_scale.empty())
        return;
    {
        const QSignalBlocker blocker(m_spinBox);
        m_spinBox->setValue(m_scale.value(index));
    }
    emit valueChanged(m_spinBox->value());
}

void StepSlider::onSpinBoxChanged(double value)
{
    if (!m_scale.empty()) {
        const QSignalBlocker blocker(m_slider);
        m_slider->setValue(m_scale.nearestIndex(value, m_logarithmic));
    }
    emit valueChanged(value);
}

} // namespace iolens::ui

#include "moc_step_slider.cpp"

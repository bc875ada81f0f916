// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario/step_scale.hpp"

#include <QWidget>

#include <functional>

class QDoubleSpinBox;
class QLabel;
class QSlider;

namespace iolens::ui {

/// A slider over a StepScale paired with a spin box that shows, and takes, the exact value.
/// The slider's positions are the scale's steps (so on a half-octave scale it moves on a log
/// scale and always passes the measured values); a value typed into the spin box is kept
/// exactly, and the slider moves to the nearest step. Under the slider, the ends of the range.
class StepSlider : public QWidget {
    Q_OBJECT
public:
    using Formatter = std::function<QString(double)>;

    /// Takes ownership of `spinBox`. `logarithmic` decides which step is "nearest" to a typed
    /// value.
    StepSlider(QDoubleSpinBox* spinBox, bool logarithmic, QWidget* parent = nullptr);

    /// New steps; `format` labels the range ends. Keeps the value if it is still in range.
    void setScale(const StepScale& scale, const Formatter& format);
    const StepScale& scale() const { return m_scale; }

    /// The exact value (the spin box's).
    double value() const;
    /// Sets both controls without emitting valueChanged.
    void setValue(double value);

    QSlider* slider() const { return m_slider; }
    QDoubleSpinBox* spinBox() const { return m_spinBox; }
    /// The labels of the range's ends under the slider.
    const QLabel* minLabel() const { return m_minLabel; }
    const QLabel* maxLabel() const { return m_maxLabel; }

signals:
    /// The user moved the slider or entered a value.
    void valueChanged(double value);

protected:
    void changeEvent(QEvent* event) override;

private:
    void fitToFont();
    void onSliderMoved(int index);
    void onSpinBoxChanged(double value);

    StepScale m_scale;
    bool m_logarithmic;
    QSlider* m_slider;
    QDoubleSpinBox* m_spinBox;
    QLabel* m_minLabel;
    QLabel* m_maxLabel;
};

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario/step_scale.hpp"

#include <QDoubleSpinBox>

#include <cstdint>

namespace iolens::ui {

/// A spin box for a size in bytes that reads and writes units: it shows "4 KiB" or "1.5 GiB"
/// and accepts "16", "16k", "2 GiB" (a bare number is in the default unit, KiB for requests,
/// MiB for file sets). The arrows step along a StepScale, the slider's steps, instead of by one
/// byte. value() is in bytes.
class ByteSizeSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit ByteSizeSpinBox(std::int64_t defaultUnitBytes, QWidget* parent = nullptr);

    void setSteps(const StepScale& steps) { m_steps = steps; }
    std::int64_t bytes() const { return static_cast<std::int64_t>(value()); }

    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;
    void stepBy(int steps) override;

private:
    std::int64_t m_defaultUnit;
    StepScale m_steps;
};

} // namespace iolens::ui

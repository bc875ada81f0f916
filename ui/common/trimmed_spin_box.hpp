// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDoubleSpinBox>

namespace iolens::ui {

/// A spin box that shows its value without trailing zeros ("5 ms", "0.05 ms", "100 MiB/s")
/// rather than with all of its decimals ("5.000 ms"), and without group separators, so that
/// what it shows can be typed back. It keeps `decimals` digits after the point, so a limit of
/// 0.001 ms can still be set.
class TrimmedSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit TrimmedSpinBox(int decimals, QWidget* parent = nullptr);
    QString textFromValue(double value) const override;
};

} // namespace iolens::ui

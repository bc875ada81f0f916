// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDoubleSpinBox>

namespace iolens::ui {

/// A spin box for a share in percent (0..100) that shows "50 %" rather than "50.0 %" and still
/// takes "33.3" for data measured at fractional shares.
class PercentSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit PercentSpinBox(QWidget* parent = nullptr);
    QString textFromValue(double value) const override;
};

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/percent_spin_box.hpp"

#include "common/number_format.hpp"

namespace iolens::ui {

PercentSpinBox::PercentSpinBox(QWidget* parent)
    : QDoubleSpinBox(parent)
{
    setDecimals(1);
    setRange(0.0, 100.0);
    setSuffix(QStringLiteral(" %"));
    setKeyboardTracking(false); // apply a typed share on Enter, not at every keystroke
    setAlignment(Qt::AlignRight | Qt::AlignVCenter);
}

QString PercentSpinBox::textFromValue(double value) const
{
    QString text = formatPercent(value, locale());
    text.chop(2); // formatPercent's " %": the spin box adds its own suffix
    return text;
}

} // namespace iolens::ui

#include "moc_percent_spin_box.cpp"

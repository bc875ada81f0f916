// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/trimmed_spin_box.hpp"

namespace iolens::ui {

TrimmedSpinBox::TrimmedSpinBox(int decimals, QWidget* parent)
    : QDoubleSpinBox(parent)
{
    setDecimals(decimals);
    setAlignment(Qt::AlignRight | Qt::AlignVCenter);
}

QString TrimmedSpinBox::textFromValue(double value) const
{
    QLocale plain = locale();
    plain.setNumberOptions(QLocale::OmitGroupSeparator);
    QString text = plain.toString(value, 'f', decimals());
    const QString point = plain.decimalPoint();
    if (text.contains(point)) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(point.size());
    }
    return text;
}

} // namespace iolens::ui

#include "moc_trimmed_spin_box.cpp"

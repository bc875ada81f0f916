// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/byte_size_spin_box.hpp"

#include "common/number_format.hpp"

#include <QRegularExpression>

#include <algorithm>

namespace iolens::ui {

namespace {
// 1 PiB: far beyond any file set, small enough that every byte count is an exact double.
constexpr double kMaxBytes = 1125899906842624.0;
} // namespace

ByteSizeSpinBox::ByteSizeSpinBox(std::int64_t defaultUnitBytes, QWidget* parent)
    : QDoubleSpinBox(parent)
    , m_defaultUnit(defaultUnitBytes)
{
    setDecimals(0);
    setRange(1.0, kMaxBytes);
    setKeyboardTracking(false); // apply a typed size on Enter, not at every keystroke
    setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
}

QString ByteSizeSpinBox::textFromValue(double value) const
{
    return formatByteSizeRounded(static_cast<std::int64_t>(value), 3, locale());
}

double ByteSizeSpinBox::valueFromText(const QString& text) const
{
    // The shown text of a size between units is rounded ("2.36 GiB"); unless it was edited, it
    // stands for the exact value (Qt reads the text back when the box loses focus).
    if (text == textFromValue(value()))
        return value();
    const auto bytes = parseByteSize(text, m_defaultUnit, locale());
    return bytes ? static_cast<double>(*bytes) : value();
}

QValidator::State ByteSizeSpinBox::validate(QString& text, int& pos) const
{
    Q_UNUSED(pos)
    if (const auto bytes = parseByteSize(text, m_defaultUnit, locale()))
        return *bytes <= maximum() ? QValidator::Acceptable : QValidator::Invalid;
    // Half-typed input ("1.", "16 K", "") may still become valid; anything else may not.
    static const QRegularExpression partial(QStringLiteral(R"(^\s*[0-9.,]*\s*[a-zA-Z]{0,3}\s*$)"));
    return partial.match(text).hasMatch() ? QValidator::Intermediate : QValidator::Invalid;
}

void ByteSizeSpinBox::stepBy(int steps)
{
    if (m_steps.empty()) {
        QDoubleSpinBox::stepBy(steps);
        return;
    }
    const double current = value();
    int index = m_steps.nearestIndex(current, true);
    // From a value between two steps, the first step in the arrow's direction is the next one.
    if (m_steps.value(index) != current && (m_steps.value(index) > current) == (steps > 0))
        steps -= steps > 0 ? 1 : -1;
    index = std::clamp(index + steps, 0, m_steps.size() - 1);
    setValue(m_steps.value(index));
    selectAll();
}

} // namespace iolens::ui

#include "moc_byte_size_spin_box.cpp"

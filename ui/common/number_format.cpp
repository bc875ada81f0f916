// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/number_format.hpp"

#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <cmath>

namespace iolens::ui {

namespace {

struct ByteUnit {
    const char* symbol;
    std::int64_t bytes;
};

constexpr std::array<ByteUnit, 5> kByteUnits {
    {{"TiB", std::int64_t {1} << 40}, {"GiB", std::int64_t {1} << 30},
        {"MiB", std::int64_t {1} << 20}, {"KiB", std::int64_t {1} << 10}, {"B", 1}}};

// Up to `decimals` decimals, trailing zeros removed: "1.5", "4", "33.3".
QString trimmedFixed(double value, int decimals, const QLocale& locale)
{
    QString text = locale.toString(value, 'f', decimals);
    const QString point = locale.decimalPoint();
    if (decimals > 0 && text.contains(point)) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(point.size());
    }
    return text;
}

double scaledTo(std::int64_t bytes, const ByteUnit& unit)
{
    return static_cast<double>(bytes) / static_cast<double>(unit.bytes);
}

/// The largest unit that shows `bytes` exactly with at most three decimals (bytes themselves if
/// no larger one does), or nullptr below one byte.
const ByteUnit* exactUnit(std::int64_t bytes)
{
    for (const ByteUnit& unit : kByteUnits) {
        if (bytes < unit.bytes)
            continue;
        const double thousandths = scaledTo(bytes, unit) * 1000.0;
        if (unit.bytes == 1 || thousandths == std::round(thousandths))
            return &unit;
    }
    return nullptr;
}

} // namespace

QString formatSignificant(double value, int digits, const QLocale& locale)
{
    if (!std::isfinite(value))
        return locale.toString(value);
    if (value == 0.0)
        return locale.toString(0);
    const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    const int decimals = std::max(0, digits - 1 - magnitude);
    // Rounding can carry into a new digit (9.996 -> 10.00); format once more with one decimal less.
    QString text = locale.toString(value, 'f', decimals);
    const double rounded = std::fabs(locale.toDouble(text));
    if (decimals > 0 && rounded >= std::pow(10.0, magnitude + 1))
        text = locale.toString(value, 'f', decimals - 1);
    return text;
}

QString formatByteSize(std::int64_t bytes, const QLocale& locale)
{
    if (const ByteUnit* unit = exactUnit(bytes))
        return trimmedFixed(scaledTo(bytes, *unit), 3, locale) + QLatin1Char(' ')
            + QLatin1String(unit->symbol);
    return locale.toString(static_cast<qlonglong>(bytes)) + QStringLiteral(" B");
}

QString formatByteSizeRounded(std::int64_t bytes, int digits, const QLocale& locale)
{
    const ByteUnit* exact = exactUnit(bytes);
    constexpr std::int64_t kKiB = 1024;
    if (!exact || exact->bytes > 1 || bytes < kKiB)
        return formatByteSize(bytes, locale); // exact in a unit above bytes, or below a KiB
    const ByteUnit& filled = *std::find_if(kByteUnits.begin(), kByteUnits.end(),
        [bytes](const ByteUnit& unit) { return bytes >= unit.bytes; });
    return formatSignificant(scaledTo(bytes, filled), digits, locale) + QLatin1Char(' ')
        + QLatin1String(filled.symbol);
}

std::optional<std::int64_t> parseByteSize(
    const QString& text, std::int64_t defaultUnitBytes, const QLocale& locale)
{
    static const QRegularExpression pattern(
        QStringLiteral(R"(^\s*([0-9][0-9.,]*)\s*([a-zA-Z]*)\s*$)"));
    const auto match = pattern.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    bool ok = false;
    double number = locale.toDouble(match.captured(1), &ok);
    if (!ok)
        number = QLocale::c().toDouble(match.captured(1), &ok);
    if (!ok)
        return std::nullopt;
    const QString unit = match.captured(2).toLower();
    std::int64_t unitBytes = defaultUnitBytes;
    if (!unit.isEmpty()) {
        const QChar prefix = unit.front();
        const QString rest = unit.mid(1);
        const bool valid = unit == QStringLiteral("b") || rest.isEmpty()
            || rest == QStringLiteral("b") || rest == QStringLiteral("ib");
        if (!valid)
            return std::nullopt;
        if (unit == QStringLiteral("b"))
            unitBytes = 1;
        else if (prefix == QLatin1Char('k'))
            unitBytes = std::int64_t {1} << 10;
        else if (prefix == QLatin1Char('m'))
            unitBytes = std::int64_t {1} << 20;
        else if (prefix == QLatin1Char('g'))
            unitBytes = std::int64_t {1} << 30;
        else if (prefix == QLatin1Char('t'))
            unitBytes = std::int64_t {1} << 40;
        else
            return std::nullopt;
    }
    double bytes = number * static_cast<double>(unitBytes);
    if (unitBytes == 1 && bytes != std::round(bytes))
        return std::nullopt; // a fraction of a byte was asked for, not rounded to
    bytes = std::round(bytes);
    // 2^53: beyond it doubles skip whole numbers, and no storage workload is that large.
    if (bytes < 1.0 || bytes > 9007199254740992.0)
        return std::nullopt;
    return static_cast<std::int64_t>(bytes);
}

QString countText(qlonglong count, const QString& one, const QString& many)
{
    return count == 1 ? one : many.arg(count);
}

QString formatPercent(double percent, const QLocale& locale)
{
    return trimmedFixed(percent, 1, locale) + QStringLiteral(" %");
}

QString formatRelativeError(double fraction, const QLocale& locale)
{
    return formatSignificant(fraction * 100.0, 3, locale) + QStringLiteral(" %");
}

QString formatRse(double relativeStdError, const QLocale& locale)
{
    // Two significant digits: a noise figure is not known better than that, and 0.04 % must not
    // print as 0 %.
    return QStringLiteral("± ") + formatSignificant(relativeStdError * 100.0, 2, locale)
        + QStringLiteral(" %");
}

} // namespace iolens::ui

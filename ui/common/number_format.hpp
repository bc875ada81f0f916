// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLocale>
#include <QString>

#include <cstdint>
#include <optional>

namespace iolens::ui {

/// Text formatting of the numbers the window shows, in the user's locale (decimal comma in
/// German). Fixed notation throughout: storage people read "0.0163 ms" faster than "1.63e-02".

/// `value` with `digits` significant digits in fixed notation ("0.0163", "8.21", "1593").
QString formatSignificant(double value, int digits = 3, const QLocale& locale = QLocale());

/// A byte count in the largest binary unit that shows it exactly with at most three decimals
/// ("4 KiB", "1.5 GiB", "5000 B"), so that parseByteSize(formatByteSize(b)) == b.
QString formatByteSize(std::int64_t bytes, const QLocale& locale = QLocale());

/// A byte count for reading: formatByteSize's exact form where it is a whole number of bytes
/// below a KiB or has at most three decimals in its unit ("256 MiB", "1.5 GiB"), else `digits`
/// significant digits in the largest unit it fills ("2.36 GiB" for 2,532,481,448 bytes), as
/// continuous file sets have. Not for text that must read back as the same bytes.
QString formatByteSizeRounded(
    std::int64_t bytes, int digits = 3, const QLocale& locale = QLocale());

/// Parses "16", "16 KiB", "16k", "1.5 GiB", "512 MB" (decimal prefixes are read as binary ones,
/// as fio does). A bare number is in `defaultUnitBytes`. A fraction of a larger unit is rounded to
/// whole bytes ("2.36 GiB", as formatByteSizeRounded shows a size). Returns std::nullopt for
/// anything else, for a fraction of a byte, or for less than one byte.
std::optional<std::int64_t> parseByteSize(
    const QString& text, std::int64_t defaultUnitBytes, const QLocale& locale = QLocale());

/// A percentage without needless decimals ("50 %", "33.3 %").
QString formatPercent(double percent, const QLocale& locale = QLocale());

/// A mean (or percentile of) relative error, given as a fraction (0.966 for 96.6 %), the one
/// form the Models table and the Error CDF share: three significant digits, so no decimals at or
/// above 100 % ("0.534 %", "96.6 %", "120474 %"). Two places that printed "96.6 %" and "97 %"
/// for the same figure read as two different results.
QString formatRelativeError(double fraction, const QLocale& locale = QLocale());

/// A count with its noun, "1 point" or "12 points": `one` for exactly one, `many` (with %1 for
/// the count) for any other. Callers pass both through tr(), English and German making the same
/// distinction: without an English translation, tr("%n points") would read "1 points".
QString countText(qlonglong count, const QString& one, const QString& many);

/// A relative standard error (a fraction) as "± 1.2 %".
QString formatRse(double relativeStdError, const QLocale& locale = QLocale());

} // namespace iolens::ui

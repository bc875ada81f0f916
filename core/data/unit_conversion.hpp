// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iolens::core {

/// A unit a foreign CSV column may be in (a column mapping's "unit"). iolens's own units are
/// bytes, ms, MiB/s, IOPS and percent (the CSV format); the others convert to them.
enum class Unit {
    Bytes,
    KiB, ///< 1024 bytes
    MiB,
    GiB,
    Nanoseconds,
    Microseconds,
    Milliseconds,
    Seconds,
    KiBPerS,
    MiBPerS,
    MBPerS, ///< 10^6 bytes per second, not MiB
    Iops,   ///< operations per second: throughput in bytes needs the request size
    Percent,
    Fraction, ///< 0..1
};

/// What a unit measures; a field accepts the units of its quantity only.
enum class Quantity {
    Size,       ///< bytes: fileset_bytes, request_bytes
    Time,       ///< ms: rt_*
    Throughput, ///< MiB/s: tp_* (also from IOPS and the request size)
    Rate,       ///< IOPS: iops_*
    Share,      ///< percent: read_pct
};

/// The name a mapping file spells ("KiB", "us", "MB/s", "IOPS", "fraction").
std::string_view unitName(Unit unit);
/// Parses a unit name, ignoring case ("kib", "MB/S"); "%" is percent. std::nullopt if unknown.
std::optional<Unit> parseUnit(std::string_view text);
Quantity unitQuantity(Unit unit);
/// iolens's own unit of a quantity: what a field's values are stored in.
Unit iolensUnit(Quantity quantity);
/// The units of a quantity, iolens's own first (for messages: "bytes, KiB, MiB, GiB").
std::vector<Unit> unitsOf(Quantity quantity);
/// unitsOf(quantity) as "bytes, KiB, MiB, GiB".
std::string unitList(Quantity quantity);

/// True if a field of `quantity` can be given in `unit` (its own units; IOPS for throughput).
bool accepts(Quantity quantity, Unit unit);
/// `value` in `unit` expressed in iolens's unit of `quantity`: bytes, ms, MiB/s, IOPS or
/// percent. IOPS as throughput is IOPS x `requestBytes` / 2^20; std::nullopt without a request
/// size. Precondition: accepts(quantity, unit).
std::optional<double> toIolensUnit(
    double value, Unit unit, Quantity quantity, std::optional<double> requestBytes = std::nullopt);

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/unit_conversion.hpp"

#include "common/units.hpp"

#include <array>
#include <cctype>

namespace iolens::core {

namespace {

struct UnitInfo {
    Unit unit;
    std::string_view name;
    Quantity quantity;
    /// value x multiplier / divisor is the value in iolens's unit. Two factors, so that a
    /// conversion by a power of ten divides exactly where it can (1500 us is 1.5 ms, not
    /// 1500 x 0.001 = 1.5000000000000002).
    double multiplier;
    double divisor;
};

constexpr double kUnitBytesPerKiB = 1024.0;
constexpr double kUnitBytesPerGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kUnitBytesPerMB = 1.0e6;

// In the order of the enum, iolens's own unit first within each quantity.
constexpr std::array<UnitInfo, 14> kUnitInfos {{
    {Unit::Bytes, "bytes", Quantity::Size, 1.0, 1.0},
    {Unit::KiB, "KiB", Quantity::Size, kUnitBytesPerKiB, 1.0},
    {Unit::MiB, "MiB", Quantity::Size, kBytesPerMiB, 1.0},
    {Unit::GiB, "GiB", Quantity::Size, kUnitBytesPerGiB, 1.0},
    {Unit::Nanoseconds, "ns", Quantity::Time, 1.0, 1.0e6},
    {Unit::Microseconds, "us", Quantity::Time, 1.0, 1.0e3},
    {Unit::Milliseconds, "ms", Quantity::Time, 1.0, 1.0},
    {Unit::Seconds, "s", Quantity::Time, 1.0e3, 1.0},
    {Unit::KiBPerS, "KiB/s", Quantity::Throughput, 1.0, kBytesPerMiB / kUnitBytesPerKiB},
    {Unit::MiBPerS, "MiB/s", Quantity::Throughput, 1.0, 1.0},
    {Unit::MBPerS, "MB/s", Quantity::Throughput, kUnitBytesPerMB, kBytesPerMiB},
    {Unit::Iops, "IOPS", Quantity::Rate, 1.0, 1.0},
    {Unit::Percent, "percent", Quantity::Share, 1.0, 1.0},
    {Unit::Fraction, "fraction", Quantity::Share, 100.0, 1.0},
}};

const UnitInfo& unitInfoOf(Unit unit)
{
    return kUnitInfos[static_cast<std::size_t>(unit)];
}

bool unitNamesEqual(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i]))
            != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

} // namespace

std::string_view unitName(Unit unit)
{
    return unitInfoOf(unit).name;
}

std::optional<Unit> parseUnit(std::string_view text)
{
    if (text == "%")
        return Unit::Percent;
    for (const UnitInfo& info : kUnitInfos)
        if (unitNamesEqual(info.name, text))
            return info.unit;
    return std::nullopt;
}

Quantity unitQuantity(Unit unit)
{
    return unitInfoOf(unit).quantity;
}

Unit iolensUnit(Quantity quantity)
{
    switch (quantity) {
    case Quantity::Size:
        return Unit::Bytes;
    case Quantity::Time:
        return Unit::Milliseconds;
    case Quantity::Throughput:
        return Unit::MiBPerS;
    case Quantity::Rate:
        return Unit::Iops;
    case Quantity::Share:
        return Unit::Percent;
    }
    return Unit::Bytes;
}

std::vector<Unit> unitsOf(Quantity quantity)
{
    std::vector<Unit> units {iolensUnit(quantity)};
    for (const UnitInfo& info : kUnitInfos)
        if (info.quantity == quantity && info.unit != units.front())
            units.push_back(info.unit);
    // Throughput also comes as IOPS, converted with the request size.
    if (quantity == Quantity::Throughput)
        units.push_back(Unit::Iops);
    return units;
}

std::string unitList(Quantity quantity)
{
    std::string text;
    for (Unit unit : unitsOf(quantity))
        text += (text.empty() ? "" : ", ") + std::string(unitName(unit));
    return text;
}

bool accepts(Quantity quantity, Unit unit)
{
    return unitQuantity(unit) == quantity
        || (quantity == Quantity::Throughput && unit == Unit::Iops);
}

std::optional<double> toIolensUnit(
    double value, Unit unit, Quantity quantity, std::optional<double> requestBytes)
{
    if (quantity == Quantity::Throughput && unit == Unit::Iops) {
        if (!requestBytes)
            return std::nullopt;
        return value * *requestBytes / kBytesPerMiB;
    }
    const UnitInfo& info = unitInfoOf(unit);
    return value * info.multiplier / info.divisor;
}

} // namespace iolens::core

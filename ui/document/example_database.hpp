// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/measurement_database.hpp"

#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace iolens::ui {

/// The two real datasets embedded in the executable (resources/data, see its README).
enum class Example {
    Tiered, ///< fio-tiered: a 1 GiB page cache in front of a throttled array (130 runs)
    Local,  ///< fio-local: a fast virtual disk (345 runs)
};

inline constexpr std::array kAllExamples {Example::Tiered, Example::Local};

/// Key used on the command line and in settings ("tiered", "local").
QString exampleKey(Example example);
/// Parses "tiered" / "local" (also the dataset names "fio-tiered" / "fio-local").
std::optional<Example> parseExample(const QString& key);
/// Dataset name inside the example database ("fio-tiered").
QString exampleDatasetName(Example example);

/// Builds the example database: reads the embedded CSV and imports it into a private in-memory
/// database as one dataset named exampleDatasetName(). Nothing touches the disk, so the window
/// treats the result as read-only; "Save as" writes a copy. Takes a few milliseconds.
/// Throws core::DataError if the embedded resource is missing or malformed (a broken build).
core::MeasurementDatabase loadExampleDatabase(Example example);

} // namespace iolens::ui

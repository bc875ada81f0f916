// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the measurement CSV (iolens-cli import --csv). Any input must give a result or
// one of iolens's own errors (a message naming the file and the field); anything else is a bug.
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "data/measurement_csv.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        iolens::core::measurementsFromCsv(iolens::core::parseCsv(text, "fuzz.csv"));
    } catch (const iolens::core::Error&) {
        // Refused with a clear message: what bad input must get.
    }
    return 0;
}

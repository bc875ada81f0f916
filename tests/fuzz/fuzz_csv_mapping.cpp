// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: a column mapping file (import --mapping FILE). Any input must give a mapping
// or one of iolens's own errors (a message naming the file and the key); what it parsed must
// write out as JSON that parses to the same mapping, and reading a small CSV through it must
// refuse or take each row without crashing.
#include "common/error.hpp"
#include "data/csv_mapping.hpp"
#include "data/mapped_csv_reader.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

// Cells that exercise every conversion: numbers, a fraction, fio's words, an empty metric.
constexpr std::string_view kSampleCsv
    = "bs,lat,mix,rw,x\n4,250,0.5,randread,1\n16,,1,read,2\n-1,abc,2,strided,\n";

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto mapping = iolens::core::parseCsvMapping(text, "fuzz.json");
        const auto written = iolens::core::csvMappingToJson(mapping).dump();
        const auto again = iolens::core::parseCsvMapping(written, "fuzz.json");
        if (iolens::core::csvMappingToJson(again).dump() != written)
            __builtin_trap();
        const auto table = iolens::core::parseCsv(kSampleCsv, "fuzz.csv");
        const auto read = iolens::core::readMappedCsv(table, mapping);
        if (read.rows.measurements.size() + read.rows.refused.size() != table.rows.size())
            __builtin_trap();
    } catch (const iolens::core::Error&) {
        // Refused with a clear message: what bad input must get.
    }
    return 0;
}

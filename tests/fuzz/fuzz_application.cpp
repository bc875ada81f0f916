// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: an application definition (simulate --app FILE, loadgen --app FILE). Any
// input must give an application or one of iolens's own errors (a message naming the file and
// the field); what it parsed must write out as JSON that parses to the same definition.
#include "appsim/application.hpp"
#include "common/error.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto application = iolens::core::parseApplication(text, "fuzz.json");
        const auto written = iolens::core::applicationToJson(application).dump();
        const auto again = iolens::core::parseApplication(written, "fuzz.json");
        if (iolens::core::applicationToJson(again).dump() != written)
            __builtin_trap();
    } catch (const iolens::core::Error&) {
        // Refused with a clear message: what bad input must get.
    }
    return 0;
}

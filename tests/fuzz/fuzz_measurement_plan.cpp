// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: a measurement plan (iolens-cli measure --plan). Any input must give a result or
// one of iolens's own errors (a message naming the file and the field); anything else is a bug.
#include "common/error.hpp"
#include "harness/measurement_plan.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        iolens::core::parsePlan(text, "fuzz-plan.json");
    } catch (const iolens::core::Error&) {
        // Refused with a clear message: what bad input must get.
    }
    return 0;
}

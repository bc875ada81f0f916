// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the scenario text (--scenario, the window's scenario field) and the --where
// filter. Any input must give a result or one of iolens's own errors (a message naming the item
// and the key); anything else is a bug.
#include "common/error.hpp"
#include "data/configuration.hpp"
#include "data/configuration_filter.hpp"
#include "data/scenario_text.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto config = iolens::core::parseScenarioText(text, iolens::core::Configuration {});
        // What it parsed prints as a text that parses to the same configuration.
        if (iolens::core::parseScenarioText(iolens::core::scenarioText(config), config) != config)
            __builtin_trap();
    } catch (const iolens::core::Error&) {
        // Refused with a clear message: what bad input must get.
    }
    try {
        iolens::core::ConfigurationFilter::parse(std::string(text));
    } catch (const iolens::core::Error&) {
    }
    return 0;
}

// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the five trace formats (trace-features, trace-evaluate). The first byte picks
// the format, the rest is the file. Every request read goes through the feature extractor with
// a small cache, so the LRU stack sees whatever offsets and sizes a reader lets through. Any
// input must give requests or one of iolens's own errors; anything else is a bug.
#include "common/error.hpp"
#include "traces/trace_features.hpp"
#include "traces/trace_reader.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using iolens::core::TraceFormat;
    if (size == 0)
        return 0;
    constexpr std::array formats {TraceFormat::Spc, TraceFormat::Msr, TraceFormat::Blkparse,
        TraceFormat::FioLat, TraceFormat::Disksim};
    const TraceFormat format = formats[data[0] % formats.size()];
    std::istringstream in(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
    iolens::core::TraceFeatureExtractor extractor({.k = 3, .m = 5, .cacheBytes = 1 << 20});
    try {
        iolens::core::readTrace(in, format, "fuzz.trace", [&](const auto& request) {
            const auto features = extractor.next(request);
            if (features.hit < 0.0 || features.hit > 1.0)
                __builtin_trap();
            (void)extractor.fields(features);
        });
    } catch (const iolens::core::Error&) {
        // Refused with file, line and field: what bad input must get.
    }
    return 0;
}

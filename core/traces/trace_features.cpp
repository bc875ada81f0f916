// SPDX-License-Identifier: GPL-3.0-or-later
#include "traces/trace_features.hpp"

#include "common/error.hpp"
#include "common/units.hpp"
#include "data/csv_table.hpp"

#include <algorithm>

namespace iolens::core {

namespace {
constexpr std::int64_t kUnit = 4096; // cache block
} // namespace

TraceFeatureExtractor::TraceFeatureExtractor(TraceFeatureOptions options)
    : m_options(options)
    , m_timeWindow(std::size_t {1} << static_cast<unsigned>(std::max(0, options.k - 1)))
{
    if (options.k < 1 || options.k > 16 || options.m < 1 || options.m > 64)
        throw ConfigError("trace features: k must be 1..16 and m 1..64");
    if (options.cacheBytes < 0)
        throw ConfigError("trace features: the cache size must be 0 or more");
}

TraceFeatures TraceFeatureExtractor::next(const TraceRequest& request)
{
    TraceFeatures f;
    f.lbn = request.offset / kSectorBytes;
    f.size = request.bytes;
    f.arrivalMs = request.arrivalMs;
    f.read = request.read;
    f.responseMs = request.responseMs;
    // m_arrivals holds the previous arrivals, newest last; j looks back 2^(j-1) requests.
    for (int j = 1; j <= m_options.k; ++j) {
        const std::size_t back = std::size_t {1} << static_cast<unsigned>(j - 1);
        f.timeDiffMs.push_back(back <= m_arrivals.size()
                ? std::optional<double>(request.arrivalMs - m_arrivals[m_arrivals.size() - back])
                : std::nullopt);
    }
    for (int j = 1; j <= m_options.m; ++j) {
        const auto back = static_cast<std::size_t>(j);
        f.lbnDiff.push_back(back <= m_lbns.size()
                ? std::optional<std::int64_t>(f.lbn - m_lbns[m_lbns.size() - back])
                : std::nullopt);
    }
    const auto device = std::find_if(m_lastEnds.begin(), m_lastEnds.end(),
        [&request](const auto& d) { return d.first == request.device; });
    f.sequential = device != m_lastEnds.end() && device->second == request.offset;
    if (device != m_lastEnds.end())
        device->second = request.offset + request.bytes;
    else
        m_lastEnds.emplace_back(request.device, request.offset + request.bytes);

    // Hit: the share of the request's 4 KiB units an LRU cache of cacheBytes holds.
    const std::int64_t cacheUnits = m_options.cacheBytes / kUnit;
    const std::int64_t first = request.offset / kUnit;
    const std::int64_t last
        = (request.offset + std::max<std::int64_t>(1, request.bytes) - 1) / kUnit;
    std::int64_t hits = 0;
    for (std::int64_t unit = first; unit <= last; ++unit) {
        // Units of different devices are different blocks.
        const std::int64_t key = unit * 64 + (request.device & 63);
        const std::int64_t distance = m_stack.access(key);
        hits += distance >= 0 && distance < cacheUnits ? 1 : 0;
    }
    f.hit = static_cast<double>(hits) / static_cast<double>(last - first + 1);

    m_arrivals.push_back(request.arrivalMs);
    if (m_arrivals.size() > m_timeWindow)
        m_arrivals.pop_front();
    m_lbns.push_back(f.lbn);
    if (m_lbns.size() > static_cast<std::size_t>(m_options.m))
        m_lbns.pop_front();
    return f;
}

std::vector<std::string> TraceFeatureExtractor::header() const
{
    std::vector<std::string> h;
    for (int j = 1; j <= m_options.k; ++j)
        h.push_back("timediff_" + std::to_string(j));
    h.emplace_back("lbn");
    for (int j = 1; j <= m_options.m; ++j)
        h.push_back("lbndiff_" + std::to_string(j));
    for (const char* name : {"size", "rw", "seq", "hit", "response_time_ms"})
        h.emplace_back(name);
    return h;
}

std::vector<std::string> TraceFeatureExtractor::fields(const TraceFeatures& f) const
{
    std::vector<std::string> out;
    for (const auto& d : f.timeDiffMs)
        out.push_back(d ? formatNumber(*d) : "");
    out.push_back(std::to_string(f.lbn));
    for (const auto& d : f.lbnDiff)
        out.push_back(d ? std::to_string(*d) : "");
    out.push_back(std::to_string(f.size));
    out.emplace_back(f.read ? "1" : "0");
    out.emplace_back(f.sequential ? "1" : "0");
    out.push_back(formatNumber(f.hit));
    out.push_back(f.responseMs ? formatNumber(*f.responseMs) : "");
    return out;
}

} // namespace iolens::core

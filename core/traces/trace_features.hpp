// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "traces/lru_stack.hpp"
#include "traces/trace_request.hpp"

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

/// The feature vector of one request (Wang et al. MASCOTS'04; SBCART section 3.1). History a
/// request does not have yet (the first requests of a trace) is nullopt.
struct TraceFeatures {
    std::vector<std::optional<double>>
        timeDiffMs;       ///< TimeDiff(j) = Arrival_i - Arrival_{i-2^(j-1)}, j = 1..k
    std::int64_t lbn = 0; ///< logical block number (512-byte blocks)
    std::vector<std::optional<std::int64_t>> lbnDiff; ///< LBNDiff(j) = LBN_i - LBN_{i-j}, j = 1..m
    std::int64_t size = 0;                            ///< bytes
    bool read = true;
    bool sequential = false; ///< starts where the previous request of its device ended
    double hit = 0.0;        ///< share of its 4 KiB units found in an LRU cache of the given size
    std::optional<double> responseMs;
    double arrivalMs = 0.0; ///< the request's arrival, for plotting a trace over time
};

struct TraceFeatureOptions {
    int k = 3; ///< TimeDiff look-backs (the paper's default)
    int m = 5; ///< LBNDiff look-backs (the paper's default)
    std::int64_t cacheBytes = 256LL << 20;
};

/// Turns requests, in trace order, into feature vectors, keeping only the last 2^(k-1) arrivals,
/// the last m LBNs and the LRU stack of the 4 KiB units (exact stack distances, LruStack).
class TraceFeatureExtractor {
public:
    explicit TraceFeatureExtractor(TraceFeatureOptions options);
    TraceFeatures next(const TraceRequest& request);
    /// `timediff_1..k, lbn, lbndiff_1..m, size, rw, seq, hit, response_time_ms`.
    std::vector<std::string> header() const;
    /// The CSV fields of `features` in header() order; unavailable history and a missing
    /// response time are empty; rw is 1 for a read, 0 for a write.
    std::vector<std::string> fields(const TraceFeatures& features) const;

private:
    TraceFeatureOptions m_options;
    std::size_t m_timeWindow; ///< 2^(k-1)
    std::deque<double> m_arrivals;
    std::deque<std::int64_t> m_lbns;
    std::vector<std::pair<int, std::int64_t>> m_lastEnds; ///< per device: end offset
    LruStack m_stack;
};

} // namespace iolens::core

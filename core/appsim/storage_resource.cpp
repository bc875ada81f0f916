// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/storage_resource.hpp"

#include "models/vm_projection.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::core {

ModelStorageLatency::ModelStorageLatency(
    TrainedModel readModel, TrainedModel writeModel, Configuration base)
    : m_read(std::move(readModel))
    , m_write(std::move(writeModel))
    , m_base(std::move(base))
{
}

Configuration ModelStorageLatency::configurationFor(const StorageState& state) const
{
    Configuration config = m_base;
    // Rounded to whole KiB and whole percent: finer than any model resolves, coarse enough for
    // the cache to answer most requests.
    config.requestBytes
        = std::max<std::int64_t>(1024, std::llround(state.meanRequestBytes / 1024.0) * 1024);
    config.readPct = std::round(state.readPct);
    config.pattern = state.sequentialShare >= 0.5 ? Pattern::Sequential : Pattern::Random;
    // Threads count requests in service in total; a model spread over VMs needs a multiple.
    const int vms = std::max(1, m_base.vms);
    config.threads = (std::max(1, state.concurrent) + vms - 1) / vms * vms;
    return config;
}

double ModelStorageLatency::responseTimeMs(const StorageRequest& request, const StorageState& state)
{
    const Configuration config = configurationFor(state);
    const auto key = std::make_pair(request.read, config);
    if (const auto found = m_cache.find(key); found != m_cache.end())
        return found->second;
    const double ms = std::max(0.0, predictSpreadOverVms(request.read ? m_read : m_write, config));
    m_cache.emplace(key, ms);
    return ms;
}

StorageMemory::StorageMemory(int memoryLength)
    : m_length(static_cast<std::size_t>(std::max(1, memoryLength)))
{
}

StorageState StorageMemory::arrive(const StorageRequest& request)
{
    m_recent.push_back(request);
    m_reads += request.read ? 1.0 : 0.0;
    m_bytes += request.bytes;
    m_sequential += request.pattern == Pattern::Sequential ? 1.0 : 0.0;
    if (m_recent.size() > m_length) {
        const StorageRequest& old = m_recent.front();
        m_reads -= old.read ? 1.0 : 0.0;
        m_bytes -= old.bytes;
        m_sequential -= old.pattern == Pattern::Sequential ? 1.0 : 0.0;
        m_recent.pop_front();
    }
    ++m_inService;
    const auto n = static_cast<double>(m_recent.size());
    return {100.0 * m_reads / n, std::max(0.0, m_bytes) / n, m_sequential / n, m_inService};
}

} // namespace iolens::core

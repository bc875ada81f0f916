// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/storage_resource.hpp"

#include "models/vm_projection.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::core {

namespace {

// The most threads `model` was trained on: its threads column's range, else the constant.
int mostThreads(const TrainedModel& model)
{
    for (const FeatureColumn& column : model.schema().columns())
        if (!column.derived() && column.factor == Factor::Threads)
            return std::max(1, static_cast<int>(std::lround(column.maxValue)));
    return std::max(1, model.schema().fixedValues().threads);
}

// The largest request `model` was trained on, in bytes.
std::int64_t largestRequest(const TrainedModel& model)
{
    for (const FeatureColumn& column : model.schema().columns())
        if (!column.derived() && column.factor == Factor::RequestBytes) {
            Configuration c;
            setNumericValue(c, Factor::RequestBytes, column.maxValue);
            return std::max<std::int64_t>(1, c.requestBytes);
        }
    return std::max<std::int64_t>(1, model.schema().fixedValues().requestBytes);
}

} // namespace

ModelStorageLatency::ModelStorageLatency(
    TrainedModel readModel, TrainedModel writeModel, Configuration base, RequestSizeSource sizes)
    : m_read(std::move(readModel))
    , m_write(std::move(writeModel))
    , m_base(std::move(base))
    , m_sizes(sizes)
    , m_maxThreads {mostThreads(m_write), mostThreads(m_read)}
    , m_maxBytes {largestRequest(m_write), largestRequest(m_read)}
{
}

Configuration ModelStorageLatency::configurationFor(
    const StorageRequest& request, const StorageState& state) const
{
    Configuration config = m_base;
    const bool read = request.read;
    const bool own = m_sizes == RequestSizeSource::Own;
    const double bytes = own ? request.bytes : read ? state.meanReadBytes : state.meanWriteBytes;
    const double sequential = own ? (request.pattern == Pattern::Sequential ? 1.0 : 0.0)
                                  : (read ? state.readSequentialShare : state.writeSequentialShare);
    // Rounded to whole KiB and whole percent: finer than any model resolves, coarse enough for
    // the cache to answer most requests.
    config.requestBytes = std::max<std::int64_t>(1024, std::llround(bytes / 1024.0) * 1024);
    config.readPct = std::round(state.readPct);
    config.pattern = sequential >= 0.5 ? Pattern::Sequential : Pattern::Random;
    // Threads count requests in service in total; a model spread over VMs needs a multiple.
    const int vms = std::max(1, m_base.vms);
    config.threads = (std::max(1, state.concurrent) + vms - 1) / vms * vms;
    return config;
}

double ModelStorageLatency::responseTimeMs(const StorageRequest& request, const StorageState& state)
{
    Configuration config = configurationFor(request, state);
    // Beyond the most threads trained on: that count's answer, scaled by the requests.
    const int vms = std::max(1, config.vms);
    const int most = (m_maxThreads[request.read ? 1 : 0] + vms - 1) / vms * vms;
    const double saturation
        = config.threads > most ? static_cast<double>(config.threads) / most : 1.0;
    config.threads = std::min(config.threads, most);
    const std::int64_t largest = m_maxBytes[request.read ? 1 : 0];
    const double transfer = config.requestBytes > largest
        ? static_cast<double>(config.requestBytes) / static_cast<double>(largest)
        : 1.0;
    config.requestBytes = std::min(config.requestBytes, largest);
    const auto key = std::make_pair(request.read, config);
    auto found = m_cache.find(key);
    if (found == m_cache.end()) {
        const double ms
            = std::max(0.0, predictSpreadOverVms(request.read ? m_read : m_write, config));
        found = m_cache.emplace(key, ms).first;
    }
    return found->second * saturation * transfer;
}

StorageMemory::StorageMemory(int memoryLength)
    : m_length(static_cast<std::size_t>(std::max(1, memoryLength)))
{
}

StorageState StorageMemory::arrive(const StorageRequest& request)
{
    const auto add = [this](const StorageRequest& r, double sign) {
        const std::size_t d = r.read ? 1 : 0;
        m_count[d] += sign;
        m_bytes[d] += sign * r.bytes;
        m_sequential[d] += sign * (r.pattern == Pattern::Sequential ? 1.0 : 0.0);
    };
    m_recent.push_back(request);
    add(request, 1.0);
    if (m_recent.size() > m_length) {
        add(m_recent.front(), -1.0);
        m_recent.pop_front();
    }
    ++m_inService;
    const auto share
        = [](double part, double whole) { return whole > 0.5 ? std::max(0.0, part) / whole : 0.0; };
    StorageState state;
    state.readPct = 100.0 * m_count[1] / static_cast<double>(m_recent.size());
    state.meanReadBytes = share(m_bytes[1], m_count[1]);
    state.meanWriteBytes = share(m_bytes[0], m_count[0]);
    state.readSequentialShare = share(m_sequential[1], m_count[1]);
    state.writeSequentialShare = share(m_sequential[0], m_count[0]);
    state.concurrent = m_inService;
    return state;
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"
#include "models/trained_model.hpp"

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <tuple>

namespace iolens::core {

/// One request an application operation sends to storage.
struct StorageRequest {
    bool read = true;
    double bytes = 0.0;
    Pattern pattern = Pattern::Random;
};

/// The storage's workload state when a request arrives (CBSE'14 section 4.3, steps II-III): the
/// mix of the last n requests (the memory length) and the requests in service, this one included.
struct StorageState {
    double readPct = 100.0;
    double meanRequestBytes = 0.0;
    double sequentialShare = 0.0; ///< 0..1
    int concurrent = 1;
};

/// Gives a request's response time for the state it meets: the statistical I/O model, or a
/// constant for tests.
class StorageLatency {
public:
    virtual ~StorageLatency() = default;
    virtual double responseTimeMs(const StorageRequest& request, const StorageState& state) = 0;
};

/// Every request takes the same time: the storage is a plain delay (`--storage-delay-ms`).
class ConstantStorageLatency : public StorageLatency {
public:
    explicit ConstantStorageLatency(double ms)
        : m_ms(ms)
    {
    }
    double responseTimeMs(const StorageRequest&, const StorageState&) override { return m_ms; }

private:
    double m_ms;
};

/// Asks trained iolens models (step IV): the configuration is the state's read share, mean
/// request size and majority pattern, the concurrent requests as threads, and `base`'s
/// scheduler, file set and VMs. A read is answered by `readModel`, a write by `writeModel`
/// (either may be the same model). Answers are cached per configuration, since the state
/// repeats and a model's prediction costs far more than a simulation event.
class ModelStorageLatency : public StorageLatency {
public:
    ModelStorageLatency(TrainedModel readModel, TrainedModel writeModel, Configuration base);
    double responseTimeMs(const StorageRequest& request, const StorageState& state) override;
    /// The configuration a request in `state` is predicted at.
    Configuration configurationFor(const StorageState& state) const;

private:
    TrainedModel m_read;
    TrainedModel m_write;
    Configuration m_base;
    std::map<std::pair<bool, Configuration>, double> m_cache;
};

/// The storage resource's memory: the last `memoryLength` requests and the count in service.
class StorageMemory {
public:
    explicit StorageMemory(int memoryLength);
    /// Records `request` as arriving and returns the state it meets.
    StorageState arrive(const StorageRequest& request);
    void depart() { --m_inService; }
    int inService() const { return m_inService; }

private:
    std::size_t m_length;
    std::deque<StorageRequest> m_recent;
    double m_reads = 0.0;
    double m_bytes = 0.0;
    double m_sequential = 0.0;
    int m_inService = 0;
};

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"
#include "models/trained_model.hpp"

#include <array>
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

/// The storage's workload state when a request arrives (CBSE'14 sections 4.2 and 4.3): the mix
/// of the last n requests (the memory length), with the mean size and the sequential share of its
/// reads and of its writes apart (the paper's "mean read/write request size" and "read/write
/// access pattern"), and the requests in service, this one included.
struct StorageState {
    double readPct = 100.0;
    double meanReadBytes = 0.0;       ///< 0 when the memory holds no read
    double meanWriteBytes = 0.0;      ///< 0 when the memory holds no write
    double readSequentialShare = 0.0; ///< 0..1
    double writeSequentialShare = 0.0;
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

/// Which size and pattern a request is predicted at.
enum class RequestSizeSource {
    /// The request's own size and pattern (its "request information", CBSE'14 step III): a
    /// 128 KiB whole-file write and a 4 KiB append of one loop get their own answers.
    Own,
    /// The mean size and majority pattern of the remembered requests of its direction (the
    /// paper's "mean read/write request size" of section 4.2): one answer for all writes.
    Mean,
};

/// Asks trained iolens models (step IV): a read at the state's read share, the size and pattern
/// `sizes` says, the requests in service as threads, and `base`'s scheduler, file set and VMs. A
/// read is answered by `readModel`, a write by `writeModel` (either may be the same model).
/// Beyond the most requests in service the model was trained on (its threads range, or the one
/// thread count of its data), the storage is taken as saturated: the model answers at that
/// count and the time grows in proportion to the requests (Little's law at constant
/// throughput). A request larger than any trained on is answered at the largest size and its
/// time grows in proportion to its bytes (a transfer at the largest size's bandwidth). Both
/// instead of a regression extrapolating, which on a log scale can run to seconds. Answers are
/// cached per configuration, since the state repeats and a model's prediction costs far more than a
/// simulation event.
class ModelStorageLatency : public StorageLatency {
public:
    ModelStorageLatency(TrainedModel readModel, TrainedModel writeModel, Configuration base,
        RequestSizeSource sizes = RequestSizeSource::Own);
    double responseTimeMs(const StorageRequest& request, const StorageState& state) override;
    /// The configuration `request` in `state` is predicted at.
    Configuration configurationFor(const StorageRequest& request, const StorageState& state) const;

private:
    TrainedModel m_read;
    TrainedModel m_write;
    Configuration m_base;
    RequestSizeSource m_sizes;
    std::array<int, 2> m_maxThreads {};        ///< most threads in training: write, read model
    std::array<std::int64_t, 2> m_maxBytes {}; ///< largest request in training: write, read
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
    // Sums over m_recent, per direction (0 write, 1 read): count, bytes, sequential requests.
    std::array<double, 2> m_count {};
    std::array<double, 2> m_bytes {};
    std::array<double, 2> m_sequential {};
    int m_inService = 0;
};

} // namespace iolens::core

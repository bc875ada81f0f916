// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsim/size_distribution.hpp"
#include "data/configuration.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace iolens::core {

/// What one step of an application's loop asks of the system (CBSE'14 section 5.2: create and
/// delete on the CPU, open, close and stat on a delay resource, read, write and append on the
/// storage resource).
enum class OperationKind { Cpu, Delay, Read, Write };

/// What `iolens-cli loadgen` does for an operation with real system calls. None runs the
/// operation as its resource says: a CPU demand spins, a delay sleeps, a read or write transfers
/// `amount` bytes at a random or the next sequential offset of a file of the set.
enum class FileAction {
    None,
    Create,
    Delete,
    Open,
    Close,
    Stat,
    Fsync,
    ReadWholeFile,
    WriteWholeFile,
    Append
};

std::string_view fileActionName(FileAction action);

struct Operation {
    std::string name; ///< "create", "read whole file", ...; shown per operation in results
    OperationKind kind = OperationKind::Cpu;
    /// Milliseconds for Cpu and Delay; bytes for Read and Write.
    SizeDistribution amount = SizeDistribution::constant(0.0);
    /// Read and Write only: the whole file, drawn from the file set's file size distribution,
    /// instead of `amount`.
    bool wholeFile = false;
    Pattern pattern = Pattern::Random; ///< Read and Write only
    FileAction action = FileAction::None;
    /// Cpu only: the processor-sharing station it runs on, 0 the application's CPU, k the
    /// application's queues[k - 1] (`{"queue": "disk A", "ms": 3}`).
    std::size_t station = 0;
    /// Cpu only: after its CPU demand the operation waits this long (ms) without holding a core.
    /// Calibration sets it to what of a measured operation was not CPU time (unlink waiting for
    /// the file system's journal), so that waiting does not pass for CPU contention.
    double waitMs = 0.0;
};

struct FileSet {
    int files = 1;
    SizeDistribution fileBytes = SizeDistribution::constant(131072.0);
    /// Share of the files that exist before the run (Filebench's prealloc), 0..100.
    double preallocPct = 100.0;
    /// files x the mean file size: the file-set size the storage model is asked about.
    double totalBytes() const { return files * fileBytes.mean(); }
};

/// A processor-sharing queue beside the CPU, for networks beyond the paper's three resources (the
/// textbooks' disks): its operations name it and only the simulation knows it.
struct QueueStation {
    std::string name;
    int servers = 1;
};

/// A closed workload (CBSE'14's usage model): `clients` each repeat think, then `operations` in
/// order, forever. The JSON form is documented in the README ("Application definitions").
struct Application {
    std::string name;
    SizeDistribution thinkTimeMs = SizeDistribution::constant(0.0);
    int cpuCores = 1;
    FileSet fileSet;
    std::vector<Operation> operations;
    std::vector<QueueStation> queues;
    int defaultClients = 1; ///< the personality's own thread count (Filebench's nthreads)

    /// Reads per loop and writes per loop, for the summary lines.
    int reads() const;
    int writes() const;
};

/// Parses an application definition; `source` names the file in every message. Throws
/// ConfigError naming the field ("app.json: field 'operations[2].io': ...") or DataError for
/// malformed JSON.
Application parseApplication(std::string_view jsonText, const std::string& source);
nlohmann::json applicationToJson(const Application& application);

} // namespace iolens::core

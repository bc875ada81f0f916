// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/load_generator.hpp"

#include "common/error.hpp"
#include "common/timestamp.hpp"
#include "data/csv_table.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <vector>

namespace iolens::core {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kChunkBytes = 1 << 20; // Filebench's iosize for whole-file transfers
constexpr std::int64_t kBlock = 4096;        // O_DIRECT alignment

double msBetween(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double, std::milli>(b - a).count();
}

// CPU time of the calling thread (user and system), in ms.
double threadCpuMs()
{
    timespec t {};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

std::string kindName(OperationKind kind)
{
    switch (kind) {
    case OperationKind::Cpu:
        return "cpu";
    case OperationKind::Delay:
        return "delay";
    case OperationKind::Read:
        return "read";
    case OperationKind::Write:
        return "write";
    }
    return "cpu";
}

std::string safeName(const std::string& name)
{
    std::string out;
    for (char c : name)
        out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return out.empty() ? "app" : out;
}

// Which files of the set exist; shared by the clients, as Filebench's fileset entries are.
class FileSetState {
public:
    FileSetState(std::filesystem::path directory, int files)
        : m_directory(std::move(directory))
        , m_exists(static_cast<std::size_t>(files), 0)
    {
    }

    std::filesystem::path path(int index) const
    {
        char name[16];
        std::snprintf(name, sizeof name, "f%07d", index);
        return m_directory / name;
    }

    void set(int index, bool exists)
    {
        const std::lock_guard lock(m_mutex);
        m_exists[static_cast<std::size_t>(index)] = exists ? 1 : 0;
    }

    /// A file that exists (exists = true) or not, marked as `mark`; -1 if there is none.
    int pick(bool exists, bool mark, std::mt19937_64& random)
    {
        const std::lock_guard lock(m_mutex);
        const auto n = static_cast<int>(m_exists.size());
        const int start = std::uniform_int_distribution<int>(0, n - 1)(random);
        for (int k = 0; k < n; ++k) {
            const int i = (start + k) % n;
            if ((m_exists[static_cast<std::size_t>(i)] != 0) == exists) {
                m_exists[static_cast<std::size_t>(i)] = mark ? 1 : 0;
                return i;
            }
        }
        return -1;
    }

private:
    std::filesystem::path m_directory;
    std::mutex m_mutex;
    std::vector<char> m_exists;
};

struct LoadTotals {
    std::vector<double> opSumMs;
    std::vector<double> opCpuMs;
    std::vector<std::int64_t> opCount;
    double loopSumMs = 0.0;
    std::int64_t loops = 0;
    double ioSumMs = 0.0;
    std::int64_t ioCount = 0;
};

struct Shared {
    const Application& app;
    const LoadOptions& options;
    FileSetState& files;
    Clock::time_point windowStart;
    Clock::time_point windowEnd;
    std::atomic<bool> failed {false};
    std::mutex errorMutex;
    std::string error;

    void fail(const std::string& what)
    {
        const std::lock_guard lock(errorMutex);
        if (error.empty())
            error = what;
        failed = true;
    }
    bool stopping() const
    {
        return failed.load() || Clock::now() >= windowEnd
            || (options.cancel != nullptr && options.cancel->load());
    }
};

std::size_t rounded(double bytes, bool direct)
{
    auto n = static_cast<std::int64_t>(std::llround(std::max(0.0, bytes)));
    if (direct)
        n = (n + kBlock - 1) / kBlock * kBlock;
    return static_cast<std::size_t>(n);
}

// One client: its own random stream, buffer and open file.
class LoadClient {
public:
    LoadClient(Shared& shared, int index)
        : m_shared(shared)
        , m_random(shared.options.seed * 1000003ULL + static_cast<std::uint64_t>(index))
        , m_buffer(static_cast<char*>(std::aligned_alloc(kBlock, kChunkBytes)), &std::free)
    {
        std::memset(m_buffer.get(), 'i', kChunkBytes);
        m_totals.opSumMs.assign(shared.app.operations.size(), 0.0);
        m_totals.opCpuMs.assign(shared.app.operations.size(), 0.0);
        m_totals.opCount.assign(shared.app.operations.size(), 0);
    }
    ~LoadClient() { closeFile(); }
    LoadClient(const LoadClient&) = delete;
    LoadClient& operator=(const LoadClient&) = delete;

    void run();
    const LoadTotals& totals() const { return m_totals; }

private:
    bool perform(const Operation& op);
    int flags(int base) const { return m_shared.options.directIo ? base | O_DIRECT : base; }
    bool openExisting(int mode);
    bool transfer(bool write, std::size_t bytes, std::int64_t offset);
    bool check(bool ok, const char* call);
    void closeFile()
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
    }

    Shared& m_shared;
    std::mt19937_64 m_random;
    std::unique_ptr<char, decltype(&std::free)> m_buffer;
    LoadTotals m_totals;
    int m_fd = -1;
    int m_file = -1;
    std::int64_t m_offset = 0; // next sequential offset in the open file
};

bool LoadClient::check(bool ok, const char* call)
{
    if (!ok)
        m_shared.fail(std::string(call) + " on " + m_shared.files.path(m_file).string() + ": "
            + std::strerror(errno));
    return ok;
}

bool LoadClient::openExisting(int mode)
{
    // Another client may delete the file between the pick and the open: try a few others.
    for (int attempt = 0; attempt < 16; ++attempt) {
        m_file = m_shared.files.pick(true, true, m_random);
        if (m_file < 0)
            return false;
        m_fd = ::open(m_shared.files.path(m_file).c_str(), flags(mode));
        if (m_fd >= 0) {
            m_offset = 0;
            return true;
        }
        if (errno != ENOENT)
            return check(false, "open");
    }
    return false;
}

bool LoadClient::transfer(bool write, std::size_t bytes, std::int64_t offset)
{
    while (bytes > 0) {
        const std::size_t chunk = std::min(bytes, kChunkBytes);
        const ssize_t done = write ? ::pwrite(m_fd, m_buffer.get(), chunk, offset)
                                   : ::pread(m_fd, m_buffer.get(), chunk, offset);
        if (done < 0)
            return check(false, write ? "pwrite" : "pread");
        if (done == 0)
            break; // end of file
        bytes -= static_cast<std::size_t>(done);
        offset += done;
    }
    m_offset = offset;
    return true;
}

bool LoadClient::perform(const Operation& op)
{
    const bool direct = m_shared.options.directIo;
    switch (op.action) {
    case FileAction::Create: {
        closeFile();
        m_file = m_shared.files.pick(false, true, m_random);
        if (m_file < 0)
            return true; // every file exists: nothing to create, as Filebench skips
        m_fd = ::open(m_shared.files.path(m_file).c_str(), flags(O_CREAT | O_TRUNC | O_RDWR), 0644);
        m_offset = 0;
        return check(m_fd >= 0, "open(O_CREAT)");
    }
    case FileAction::Delete: {
        const int file = m_shared.files.pick(true, false, m_random);
        if (file < 0)
            return true;
        if (::unlink(m_shared.files.path(file).c_str()) != 0 && errno != ENOENT) {
            m_file = file;
            return check(false, "unlink");
        }
        return true;
    }
    case FileAction::Open:
        closeFile();
        return openExisting(O_RDWR) || !m_shared.failed.load();
    case FileAction::Close:
        closeFile();
        return true;
    case FileAction::Stat: {
        const int file = m_shared.files.pick(true, true, m_random);
        struct stat info { };
        if (file >= 0 && ::stat(m_shared.files.path(file).c_str(), &info) != 0 && errno != ENOENT) {
            m_file = file;
            return check(false, "stat");
        }
        return true;
    }
    case FileAction::Fsync:
        return m_fd < 0 || check(::fsync(m_fd) == 0, "fsync");
    case FileAction::ReadWholeFile:
    case FileAction::WriteWholeFile:
    case FileAction::Append: {
        if (m_fd < 0 && !openExisting(O_RDWR))
            return !m_shared.failed.load();
        if (op.action == FileAction::ReadWholeFile) {
            struct stat info { };
            if (!check(::fstat(m_fd, &info) == 0, "fstat"))
                return false;
            return transfer(false, rounded(static_cast<double>(info.st_size), direct), 0);
        }
        if (op.action == FileAction::WriteWholeFile)
            return transfer(
                true, rounded(m_shared.app.fileSet.fileBytes.sample(m_random), direct), 0);
        const off_t end = ::lseek(m_fd, 0, SEEK_END);
        if (!check(end >= 0, "lseek"))
            return false;
        return transfer(true, rounded(op.amount.sample(m_random), direct),
            direct ? (end + kBlock - 1) / kBlock * kBlock : end);
    }
    case FileAction::None:
        break;
    }
    switch (op.kind) {
    case OperationKind::Cpu: {
        // Spin: a CPU demand is CPU time, which a sleep would not spend.
        const auto until = Clock::now()
            + std::chrono::duration_cast<Clock::duration>(
                std::chrono::duration<double, std::milli>(op.amount.sample(m_random)));
        volatile std::uint64_t spin = 0;
        while (Clock::now() < until)
            spin = spin + 1;
        return true;
    }
    case OperationKind::Delay:
        std::this_thread::sleep_for(
            std::chrono::duration<double, std::milli>(op.amount.sample(m_random)));
        return true;
    case OperationKind::Read:
    case OperationKind::Write: {
        const bool write = op.kind == OperationKind::Write;
        const std::size_t bytes
            = rounded(op.wholeFile ? m_shared.app.fileSet.fileBytes.sample(m_random)
                                   : op.amount.sample(m_random),
                direct);
        closeFile();
        if (!openExisting(O_RDWR))
            return !m_shared.failed.load();
        struct stat info { };
        if (!check(::fstat(m_fd, &info) == 0, "fstat"))
            return false;
        std::int64_t offset = 0;
        const std::int64_t room
            = std::max<std::int64_t>(0, info.st_size - static_cast<std::int64_t>(bytes));
        if (op.pattern == Pattern::Random && room > 0)
            offset
                = std::uniform_int_distribution<std::int64_t>(0, room / kBlock)(m_random) * kBlock;
        const bool ok = transfer(write, bytes, offset);
        closeFile();
        return ok;
    }
    }
    return true;
}

void LoadClient::run()
{
    const std::vector<Operation>& ops = m_shared.app.operations;
    while (!m_shared.stopping()) {
        std::this_thread::sleep_for(
            std::chrono::duration<double, std::milli>(m_shared.app.thinkTimeMs.sample(m_random)));
        const Clock::time_point loopStart = Clock::now();
        for (std::size_t i = 0; i < ops.size(); ++i) {
            const Clock::time_point start = Clock::now();
            const double cpuStart = threadCpuMs();
            if (!perform(ops[i]))
                return;
            const double cpu = threadCpuMs() - cpuStart;
            const Clock::time_point end = Clock::now();
            if (end >= m_shared.windowStart && end <= m_shared.windowEnd) {
                const double ms = msBetween(start, end);
                m_totals.opSumMs[i] += ms;
                m_totals.opCpuMs[i] += cpu;
                ++m_totals.opCount[i];
                if (ops[i].kind == OperationKind::Read || ops[i].kind == OperationKind::Write) {
                    m_totals.ioSumMs += ms;
                    ++m_totals.ioCount;
                }
            }
            if (m_shared.failed.load()
                || (m_shared.options.cancel && m_shared.options.cancel->load()))
                return;
        }
        const Clock::time_point loopEnd = Clock::now();
        if (loopEnd >= m_shared.windowStart && loopEnd <= m_shared.windowEnd) {
            m_totals.loopSumMs += msBetween(loopStart, loopEnd);
            ++m_totals.loops;
        }
    }
}

// Lays out the file set afresh: earlier runs' files (ours by name) go, prealloc_pct come back.
void layOut(const Application& app, const TargetDirectory& target, FileSetState& files,
    const std::filesystem::path& directory, const LoadOptions& options)
{
    std::filesystem::create_directories(directory);
    for (const auto& entry : std::filesystem::directory_iterator(directory)) {
        const std::string name = entry.path().filename().string();
        if (entry.is_regular_file() && name.size() == 8 && name[0] == 'f')
            std::filesystem::remove(entry.path());
    }
    std::mt19937_64 random(options.seed);
    const int present
        = static_cast<int>(std::llround(app.fileSet.files * app.fileSet.preallocPct / 100.0));
    std::vector<char> buffer(kChunkBytes, 'i');
    for (int i = 0; i < present; ++i) {
        const std::filesystem::path path = target.inside(files.path(i));
        const int fd = ::open(path.c_str(), O_CREAT | O_TRUNC | O_WRONLY, 0644);
        if (fd < 0)
            throw Error("loadgen: open(O_CREAT) on " + path.string() + ": " + std::strerror(errno));
        std::size_t bytes = rounded(app.fileSet.fileBytes.sample(random), true);
        while (bytes > 0) {
            const std::size_t chunk = std::min(bytes, kChunkBytes);
            if (::write(fd, buffer.data(), chunk) != static_cast<ssize_t>(chunk)) {
                const std::string reason = std::strerror(errno);
                ::close(fd);
                throw Error("loadgen: write on " + path.string() + ": " + reason);
            }
            bytes -= chunk;
        }
        ::close(fd);
        files.set(i, true);
        if (options.cancel && options.cancel->load())
            throw LoadCancelled();
    }
    ::sync(); // the layout's dirty pages must not be written back inside the window
}

} // namespace

AppRunRecord runLoad(
    const Application& app, const TargetDirectory& target, const LoadOptions& options)
{
    if (options.clients < 1 || !(options.durationS > 0.0) || !(options.warmupS >= 0.0))
        throw ConfigError("loadgen: needs at least one client and a duration > 0");
    if (app.operations.empty())
        throw ConfigError("loadgen: application '" + app.name + "' has no operations");
    if (!app.queues.empty())
        throw ConfigError("loadgen: application '" + app.name + "' has modelled queues ("
            + app.queues.front().name + "), which no system call can run");
    const std::filesystem::path directory
        = target.inside(target.root() / "appsets" / safeName(app.name));
    target.requireFreeBytes(static_cast<std::int64_t>(1.5 * app.fileSet.totalBytes()));
    FileSetState files(directory, app.fileSet.files);
    if (options.progress)
        options.progress(
            "laying out " + std::to_string(app.fileSet.files) + " files in " + directory.string());
    layOut(app, target, files, directory, options);

    const Clock::time_point start = Clock::now();
    const auto seconds = [](double s) {
        return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
    };
    Shared shared {app, options, files, start + seconds(options.warmupS),
        start + seconds(options.warmupS + options.durationS), {false}, {}, {}};
    if (options.progress)
        options.progress(std::to_string(options.clients) + " clients: warm-up "
            + formatNumber(options.warmupS) + " s, then " + formatNumber(options.durationS)
            + " s measured");
    std::vector<std::unique_ptr<LoadClient>> clients;
    clients.reserve(static_cast<std::size_t>(options.clients));
    for (int c = 0; c < options.clients; ++c)
        clients.push_back(std::make_unique<LoadClient>(shared, c));
    {
        std::vector<std::jthread> threads;
        threads.reserve(clients.size());
        for (auto& client : clients)
            threads.emplace_back([&client] { client->run(); });
    }
    if (options.cancel && options.cancel->load())
        throw LoadCancelled();
    if (shared.failed)
        throw Error("loadgen: " + shared.error);

    AppRunRecord run;
    run.application = app.name;
    run.definition = applicationToJson(app).dump();
    run.clients = options.clients;
    run.durationS = options.durationS;
    run.warmupS = options.warmupS;
    run.target = target.root().string();
    run.directIo = options.directIo;
    run.measuredAt = currentTimestamp();
    LoadTotals sum;
    sum.opSumMs.assign(app.operations.size(), 0.0);
    sum.opCpuMs.assign(app.operations.size(), 0.0);
    sum.opCount.assign(app.operations.size(), 0);
    for (const auto& client : clients) {
        const LoadTotals& t = client->totals();
        for (std::size_t i = 0; i < app.operations.size(); ++i) {
            sum.opSumMs[i] += t.opSumMs[i];
            sum.opCpuMs[i] += t.opCpuMs[i];
            sum.opCount[i] += t.opCount[i];
        }
        sum.loopSumMs += t.loopSumMs;
        sum.loops += t.loops;
        sum.ioSumMs += t.ioSumMs;
        sum.ioCount += t.ioCount;
    }
    run.loops = sum.loops;
    run.throughputPerS = static_cast<double>(sum.loops) / options.durationS;
    if (sum.loops > 0)
        run.responseTimeMs = sum.loopSumMs / static_cast<double>(sum.loops);
    if (sum.ioCount > 0)
        run.ioResponseTimeMs = sum.ioSumMs / static_cast<double>(sum.ioCount);
    for (std::size_t i = 0; i < app.operations.size(); ++i) {
        const auto count = static_cast<double>(sum.opCount[i]);
        const auto mean = [count](double total) {
            return count > 0 ? std::optional<double>(total / count) : std::nullopt;
        };
        run.operations.push_back({app.operations[i].name, kindName(app.operations[i].kind),
            sum.opCount[i], mean(sum.opSumMs[i]), mean(sum.opCpuMs[i])});
    }
    return run;
}

} // namespace iolens::core

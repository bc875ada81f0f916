// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/fio_run.hpp"

#include "common/error.hpp"
#include "harness/child_process.hpp"

#include <chrono>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

namespace iolens::core {

namespace fs = std::filesystem;

namespace {

fs::path partial(const fs::path& output)
{
    return output.string() + ".partial";
}

// The last few lines of fio's stderr: enough to say why it failed (e.g. "O_DIRECT not
// supported"), short enough for one message.
std::string lastLines(const fs::path& file, std::size_t count = 4)
{
    std::ifstream in(file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty())
            lines.push_back(line);
    std::string text;
    for (std::size_t i = lines.size() > count ? lines.size() - count : 0; i < lines.size(); ++i)
        text += (text.empty() ? "" : " | ") + lines[i];
    return text.empty() ? std::string("no message") : text;
}

} // namespace

FioRunResult runFioJobs(const FioRunRequest& request)
{
    if (request.jobs.size() != request.outputFiles.size()
        || request.jobs.size() != request.stderrFiles.size() || request.jobs.empty())
        throw StateError("runFioJobs: " + std::to_string(request.jobs.size()) + " jobs but "
            + std::to_string(request.outputFiles.size()) + " output files");
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::unique_ptr<ChildProcess>> children;
    std::vector<int> pids;
    for (std::size_t i = 0; i < request.jobs.size(); ++i) {
        children.push_back(
            std::make_unique<ChildProcess>(request.program, fioArguments(request.jobs[i]),
                partial(request.outputFiles[i]), request.stderrFiles[i]));
        pids.push_back(children.back()->pid());
    }
    std::optional<ProcSampler> sampler;
    if (request.sampleLowLevel) {
        sampler.emplace(request.procRoot);
        sampler->start(pids, 1.0);
    }
    FioRunResult result;
    std::optional<std::size_t> failed;
    for (bool running = true; running;) {
        if (request.cancel && request.cancel->load()) {
            result.cancelled = true;
            break;
        }
        running = false;
        for (std::size_t i = 0; i < children.size(); ++i) {
            const auto status = children[i]->poll();
            if (!status)
                running = true;
            else if (*status != 0 && !failed)
                failed = i;
        }
        if (failed)
            break;
        if (running && request.timeoutSeconds > 0.0
            && std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
                > request.timeoutSeconds) {
            result.timedOut = true;
            break;
        }
        if (running)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    for (auto& child : children)
        child->stop();
    if (sampler)
        result.samples = sampler->stop();
    const auto elapsed = std::chrono::steady_clock::now() - start;
    result.seconds = std::chrono::duration<double>(elapsed).count();
    if (result.cancelled || result.timedOut || failed) {
        for (const fs::path& output : request.outputFiles) {
            std::error_code ignored;
            fs::remove(partial(output), ignored);
        }
    }
    if (failed)
        throw Error("fio failed on " + request.outputFiles[*failed].filename().string() + " (exit "
            + std::to_string(children[*failed]->poll().value_or(-1))
            + "): " + lastLines(request.stderrFiles[*failed])
            + " [full log: " + request.stderrFiles[*failed].string() + "]");
    if (!result.cancelled && !result.timedOut)
        for (const fs::path& output : request.outputFiles)
            fs::rename(partial(output), output);
    return result;
}

} // namespace iolens::core

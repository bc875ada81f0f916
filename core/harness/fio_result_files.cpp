// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/fio_result_files.hpp"

#include "harness/multi_vm.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <map>
#include <regex>

namespace iolens::core {

namespace {

std::string fileName(const std::string& path)
{
    return std::filesystem::path(path).filename().string();
}

constexpr int kMostVms = 4096;

// A name's VM count and index as digits; nullopt where they do not make a VM of a run.
std::optional<VmResultName> fromMatch(const std::smatch& match)
{
    try {
        VmResultName name {match[1].str(), std::stoi(match[2].str()), std::stoi(match[3].str())};
        // No harness spreads a run over thousands of VMs; a name that says so is no VM's share
        // (and its count would size the check of the VMs' files).
        if (name.vms < 1 || name.vms > kMostVms || name.vm < 0)
            return std::nullopt;
        return name;
    } catch (const std::out_of_range&) {
        return std::nullopt; // digits beyond an int: no harness wrote that
    }
}

// Why the VMs' files of one run cannot be one measurement, or empty when they can.
std::string disagreement(const Measurement& first, const Measurement& other)
{
    const Configuration& a = first.config;
    const Configuration& b = other.config;
    if (a.scheduler != b.scheduler)
        return "scheduler";
    if (a.requestBytes != b.requestBytes)
        return "request size (bs)";
    if (a.pattern != b.pattern)
        return "pattern (rw)";
    if (a.readPct != b.readPct)
        return "read share (rwmixread)";
    return {};
}

// One file of a run over VMs: its index in the list given and the VM its name says wrote it.
struct VmFile {
    std::size_t file = 0;
    int vm = 0;
};

FioResultRun combinedRun(const std::vector<std::string>& paths,
    const std::vector<std::optional<Measurement>>& perFile, const VmResultName& name,
    std::vector<VmFile> vmFiles)
{
    FioResultRun group;
    for (const VmFile& f : vmFiles)
        group.files.push_back(f.file);
    const std::string where = name.run + " (" + std::to_string(name.vms) + " VMs)";
    std::vector<int> seen(static_cast<std::size_t>(name.vms), 0);
    for (const auto& [i, vm] : vmFiles) {
        if (vm >= name.vms) {
            group.problem = paths[i] + ": VM " + std::to_string(vm) + " of a run over "
                + std::to_string(name.vms) + " VMs (vm0 .. vm" + std::to_string(name.vms - 1) + ")";
            return group;
        }
        if (++seen[static_cast<std::size_t>(vm)] > 1) {
            group.problem
                = paths[i] + ": VM " + std::to_string(vm) + " of " + where + " is given twice";
            return group;
        }
        if (!perFile[i]) {
            group.problem = paths[i] + ": refused, so " + where + " is missing a VM";
            return group;
        }
    }
    std::string missing;
    for (int vm = 0; vm < name.vms; ++vm)
        if (seen[static_cast<std::size_t>(vm)] == 0)
            missing += (missing.empty() ? "vm" : ", vm") + std::to_string(vm);
    if (!missing.empty()) {
        group.problem = paths[group.files.front()] + ": " + where + " lacks the files of " + missing
            + "; give every VM's file of the run";
        return group;
    }
    // In VM order, so that the run lists its files as the harness numbered them.
    std::sort(vmFiles.begin(), vmFiles.end(),
        [](const VmFile& a, const VmFile& b) { return a.vm < b.vm; });
    for (std::size_t k = 0; k < vmFiles.size(); ++k)
        group.files[k] = vmFiles[k].file;
    std::vector<Measurement> perVm;
    Configuration config = perFile[group.files.front()]->config;
    long long threads = 0;
    config.filesetBytes = 0;
    for (std::size_t i : group.files) {
        const Measurement& vm = *perFile[i];
        if (const std::string field = disagreement(perVm.empty() ? vm : perVm.front(), vm);
            !field.empty()) {
            group.problem = paths[i] + ": its " + field + " differs from "
                + paths[group.files.front()] + "'s, in " + where;
            return group;
        }
        threads += vm.config.threads;
        config.filesetBytes += vm.config.filesetBytes;
        perVm.push_back(vm);
    }
    if (threads > std::numeric_limits<int>::max()) {
        group.problem = paths[group.files.front()] + ": " + where + " has more than "
            + std::to_string(std::numeric_limits<int>::max()) + " threads in all";
        return group;
    }
    config.threads = static_cast<int>(threads);
    config.vms = name.vms;
    group.run = combineVmResults(perVm, config);
    group.run->rep = perVm.front().rep;
    group.run->split = perVm.front().split;
    return group;
}

} // namespace

std::optional<VmResultName> vmResultName(const std::string& path)
{
    // The shared datasets' …_v3_rep0_vm1.json and iolens's …_v3-rep0.vm1.json.
    static const std::regex shared(R"(^(.+_v(\d+)_rep\d+)_vm(\d+)\.json$)");
    static const std::regex own(R"(^(.+_v(\d+)-rep\d+)\.vm(\d+)\.json$)");
    const std::string name = fileName(path);
    std::smatch match;
    if (std::regex_match(name, match, shared) || std::regex_match(name, match, own))
        return fromMatch(match);
    return std::nullopt;
}

std::vector<FioResultRun> groupVmResults(
    const std::vector<std::string>& paths, const std::vector<std::optional<Measurement>>& perFile)
{
    // Runs keyed by folder and name, so that two folders' runs of one configuration stay apart.
    std::map<std::pair<std::string, std::string>, std::size_t> runOfName;
    std::vector<std::vector<VmFile>> members;
    std::vector<std::optional<VmResultName>> names;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        const auto name = vmResultName(paths[i]);
        if (!name || name->vms == 1) {
            members.push_back({{i, 0}});
            names.emplace_back(std::nullopt);
            continue;
        }
        const auto key
            = std::make_pair(std::filesystem::path(paths[i]).parent_path().string(), name->run);
        const auto [it, added] = runOfName.emplace(key, members.size());
        if (added) {
            members.emplace_back();
            names.push_back(name);
        }
        members[it->second].push_back({i, name->vm});
    }
    std::vector<FioResultRun> runs;
    for (std::size_t g = 0; g < members.size(); ++g) {
        if (names[g]) {
            runs.push_back(combinedRun(paths, perFile, *names[g], members[g]));
            continue;
        }
        const std::size_t i = members[g].front().file;
        FioResultRun single {{i}, perFile[i], {}};
        if (!single.run)
            single.problem = paths[i] + ": refused";
        runs.push_back(std::move(single));
    }
    return runs;
}

std::string settingsDisagreement(
    const std::vector<std::string>& paths, const std::vector<std::optional<FioSettings>>& settings)
{
    const FioSettings* first = nullptr;
    std::size_t firstFile = 0;
    for (std::size_t i = 0; i < settings.size(); ++i) {
        if (!settings[i])
            continue;
        if (!first) {
            first = &*settings[i];
            firstFile = i;
            continue;
        }
        for (std::size_t k = 0; k < first->size() && k < settings[i]->size(); ++k) {
            const auto& [key, value] = (*settings[i])[k];
            if (value == (*first)[k].second)
                continue;
            return paths[i] + ": fio's " + key + " is " + value + " here and " + (*first)[k].second
                + " in " + paths[firstFile]
                + "; iolens has no factor for it, so one dataset would take the two for the "
                  "same experiment: import each "
                + key
                + " as a dataset of its own (iolens-cli import --dataset NAME, the import "
                  "dialog's Dataset box)";
        }
    }
    return {};
}

} // namespace iolens::core

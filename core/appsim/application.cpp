// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/application.hpp"

#include "common/json_text.hpp"
#include "harness/plan_field_reader.hpp"

#include <algorithm>

namespace iolens::core {

namespace {

using nlohmann::json;

constexpr FileAction kActions[] {FileAction::None, FileAction::Create, FileAction::Delete,
    FileAction::Open, FileAction::Close, FileAction::Stat, FileAction::Fsync,
    FileAction::ReadWholeFile, FileAction::WriteWholeFile, FileAction::Append};

// The resource kinds an action runs on: file metadata on the CPU or delay resource, data on the
// storage resource of the matching direction.
bool fits(FileAction action, OperationKind kind)
{
    switch (action) {
    case FileAction::None:
        return true;
    case FileAction::ReadWholeFile:
        return kind == OperationKind::Read;
    case FileAction::WriteWholeFile:
    case FileAction::Append:
        return kind == OperationKind::Write;
    default:
        return kind == OperationKind::Cpu || kind == OperationKind::Delay;
    }
}

void readAction(
    Operation& result, const json& op, const std::string& field, const PlanFieldReader& reader)
{
    const std::string text = reader.text(op, "action", field + ".", "");
    if (text.empty()) {
        if (result.wholeFile)
            result.action = result.kind == OperationKind::Read ? FileAction::ReadWholeFile
                                                               : FileAction::WriteWholeFile;
        return;
    }
    std::string names;
    for (FileAction action : kActions)
        if (action != FileAction::None) {
            if (text == fileActionName(action)) {
                result.action = action;
                if (!fits(action, result.kind))
                    reader.fail(field + ".action",
                        "'" + text
                            + "' does not fit this operation's resource (create, delete, "
                              "open, close, stat, fsync go with cpu_ms or delay_ms; "
                              "read_whole_file "
                              "with a read; write_whole_file and append with a write)");
                return;
            }
            names += (names.empty() ? "" : ", ") + std::string(fileActionName(action));
        }
    reader.fail(field + ".action", "unknown action '" + text + "' (" + names + ")");
}

// An operation's name in results: its own, else its action's, else its resource's.
std::string defaultName(const Operation& op, const std::string& resource)
{
    return op.action != FileAction::None && !op.wholeFile ? std::string(fileActionName(op.action))
                                                          : resource;
}

Operation parseOperation(const json& op, const std::string& field, const PlanFieldReader& reader,
    const std::vector<QueueStation>& queues)
{
    if (!op.is_object())
        reader.fail(field, "expected an object such as {\"cpu_ms\": 5}");
    // Any operation's keys first, so that a misspelt kind ("cpu_m") is named as such rather than
    // reported as an operation of no kind.
    reader.onlyKeys(op, field + ".",
        {"cpu_ms", "delay_ms", "io", "queue", "ms", "wait_ms", "bytes", "pattern", "action",
            "name"},
        "an operation's keys");
    Operation result;
    const int kinds = static_cast<int>(op.contains("queue"))
        + static_cast<int>(op.contains("cpu_ms")) + static_cast<int>(op.contains("delay_ms"))
        + static_cast<int>(op.contains("io"));
    if (kinds != 1)
        reader.fail(field, "expected exactly one of cpu_ms, delay_ms, io, queue");
    if (op.contains("wait_ms") && !op.contains("cpu_ms"))
        reader.fail(field + ".wait_ms", "only a cpu_ms operation waits after its demand");
    if (op.contains("queue")) {
        reader.onlyKeys(op, field + ".", {"queue", "ms", "name"}, "a queue operation's keys");
        const std::string name = reader.text(op, "queue", field + ".", "");
        const auto found = std::find_if(queues.begin(), queues.end(),
            [&name](const QueueStation& q) { return q.name == name; });
        if (found == queues.end())
            reader.fail(field + ".queue", "'" + name + "' is not one of the definition's queues");
        if (!op.contains("ms"))
            reader.fail(field, "a queue operation needs ms, its demand");
        result.kind = OperationKind::Cpu;
        result.station = static_cast<std::size_t>(found - queues.begin()) + 1;
        result.amount = SizeDistribution::fromJson(op.at("ms"), field + ".ms", reader);
        result.name = reader.text(op, "name", field + ".", name);
        return result;
    }
    if (op.contains("cpu_ms")) {
        reader.onlyKeys(
            op, field + ".", {"cpu_ms", "wait_ms", "action", "name"}, "a cpu_ms operation's keys");
        result.kind = OperationKind::Cpu;
        result.amount = SizeDistribution::fromJson(op.at("cpu_ms"), field + ".cpu_ms", reader);
        result.waitMs = reader.number(op, "wait_ms", field + ".", 0.0);
        if (!(result.waitMs >= 0.0))
            reader.fail(field + ".wait_ms", "must be 0 or more");
        readAction(result, op, field, reader);
        result.name = reader.text(op, "name", field + ".", defaultName(result, "cpu"));
        return result;
    }
    if (op.contains("delay_ms")) {
        reader.onlyKeys(
            op, field + ".", {"delay_ms", "action", "name"}, "a delay_ms operation's keys");
        result.kind = OperationKind::Delay;
        result.amount = SizeDistribution::fromJson(op.at("delay_ms"), field + ".delay_ms", reader);
        readAction(result, op, field, reader);
        result.name = reader.text(op, "name", field + ".", defaultName(result, "delay"));
        return result;
    }
    reader.onlyKeys(
        op, field + ".", {"io", "bytes", "pattern", "action", "name"}, "an io operation's keys");
    const std::string io = reader.text(op, "io", field + ".", "");
    if (io != "read" && io != "write")
        reader.fail(field + ".io", "'" + io + "' is neither read nor write");
    result.kind = io == "read" ? OperationKind::Read : OperationKind::Write;
    if (!op.contains("bytes"))
        reader.fail(
            field, "an io operation needs bytes (a size, a distribution or \"whole_file\")");
    const json& bytes = op.at("bytes");
    if (bytes.is_string() && bytes.get<std::string>() == "whole_file")
        result.wholeFile = true;
    else
        result.amount = SizeDistribution::fromJson(bytes, field + ".bytes", reader);
    const std::string pattern = reader.text(op, "pattern", field + ".", "random");
    if (!parsePattern(pattern, result.pattern))
        reader.fail(field + ".pattern", "'" + pattern + "' is neither random nor sequential");
    readAction(result, op, field, reader);
    result.name = reader.text(op, "name", field + ".", defaultName(result, io));
    return result;
}

} // namespace

std::string_view fileActionName(FileAction action)
{
    switch (action) {
    case FileAction::None:
        return "";
    case FileAction::Create:
        return "create";
    case FileAction::Delete:
        return "delete";
    case FileAction::Open:
        return "open";
    case FileAction::Close:
        return "close";
    case FileAction::Stat:
        return "stat";
    case FileAction::Fsync:
        return "fsync";
    case FileAction::ReadWholeFile:
        return "read_whole_file";
    case FileAction::WriteWholeFile:
        return "write_whole_file";
    case FileAction::Append:
        return "append";
    }
    return "";
}

int Application::reads() const
{
    return static_cast<int>(std::count_if(operations.begin(), operations.end(),
        [](const Operation& op) { return op.kind == OperationKind::Read; }));
}

int Application::writes() const
{
    return static_cast<int>(std::count_if(operations.begin(), operations.end(),
        [](const Operation& op) { return op.kind == OperationKind::Write; }));
}

Application parseApplication(std::string_view jsonText, const std::string& source)
{
    const json root = parseJsonText(jsonText, source);
    const PlanFieldReader reader(source);
    if (!root.is_object())
        reader.fail("(top level)", "expected an object with name and operations");
    reader.onlyKeys(root, "",
        {"name", "think_time_ms", "cpu_cores", "clients", "file_set", "queues", "operations"},
        "an application's keys");
    Application app;
    app.name = reader.text(root, "name", "", "application");
    if (root.contains("think_time_ms"))
        app.thinkTimeMs
            = SizeDistribution::fromJson(root.at("think_time_ms"), "think_time_ms", reader);
    if (root.contains("cpu_cores"))
        app.cpuCores = reader.count(root.at("cpu_cores"), "cpu_cores", 1);
    if (root.contains("clients"))
        app.defaultClients = reader.count(root.at("clients"), "clients", 1);
    if (root.contains("file_set")) {
        const json& set = root.at("file_set");
        if (!set.is_object())
            reader.fail("file_set", "expected {\"files\": N, \"mean_file_bytes\": B}");
        reader.onlyKeys(set, "file_set.",
            {"files", "file_bytes", "mean_file_bytes", "prealloc_pct"}, "file_set's keys");
        if (set.contains("files"))
            app.fileSet.files = reader.count(set.at("files"), "file_set.files", 1);
        if (set.contains("prealloc_pct")) {
            app.fileSet.preallocPct
                = reader.number(set.at("prealloc_pct"), "file_set.prealloc_pct");
            if (!(app.fileSet.preallocPct >= 0.0 && app.fileSet.preallocPct <= 100.0))
                reader.fail("file_set.prealloc_pct", "expected a share from 0 to 100");
        }
        // file_bytes is this program's own name; mean_file_bytes the one scripts write.
        for (const char* key : {"file_bytes", "mean_file_bytes"})
            if (set.contains(key))
                app.fileSet.fileBytes = SizeDistribution::fromJson(
                    set.at(key), std::string("file_set.") + key, reader);
    }
    if (root.contains("queues")) {
        const json& queues = reader.array(root, "queues", "");
        for (std::size_t i = 0; i < queues.size(); ++i) {
            const std::string field = "queues[" + std::to_string(i) + "]";
            if (!queues.at(i).is_object())
                reader.fail(field, "expected {\"name\": ..., \"servers\": 1}");
            reader.onlyKeys(queues.at(i), field + ".", {"name", "servers"}, "a queue's keys");
            QueueStation q;
            q.name = reader.text(queues.at(i), "name", field + ".", "");
            if (q.name.empty())
                reader.fail(field + ".name", "a queue needs a name");
            if (queues.at(i).contains("servers"))
                q.servers = reader.count(queues.at(i).at("servers"), field + ".servers", 1);
            app.queues.push_back(q);
        }
    }
    if (!root.contains("operations"))
        reader.fail("operations", "missing: the loop's operations");
    const json& ops = reader.array(root, "operations", "");
    for (std::size_t i = 0; i < ops.size(); ++i)
        app.operations.push_back(
            parseOperation(ops.at(i), "operations[" + std::to_string(i) + "]", reader, app.queues));
    return app;
}

json applicationToJson(const Application& application)
{
    json queues = json::array();
    for (const QueueStation& q : application.queues)
        queues.push_back({{"name", q.name}, {"servers", q.servers}});
    json ops = json::array();
    for (const Operation& op : application.operations) {
        json o {{"name", op.name}};
        switch (op.kind) {
        case OperationKind::Cpu:
            if (op.station > 0) {
                o["queue"] = application.queues[op.station - 1].name;
                o["ms"] = op.amount.toJson();
                break;
            }
            o["cpu_ms"] = op.amount.toJson();
            if (op.waitMs > 0.0)
                o["wait_ms"] = op.waitMs;
            break;
        case OperationKind::Delay:
            o["delay_ms"] = op.amount.toJson();
            break;
        case OperationKind::Read:
        case OperationKind::Write:
            o["io"] = op.kind == OperationKind::Read ? "read" : "write";
            o["bytes"] = op.wholeFile ? json("whole_file") : op.amount.toJson();
            o["pattern"] = std::string(patternName(op.pattern));
            break;
        }
        if (op.action != FileAction::None && !op.wholeFile)
            o["action"] = std::string(fileActionName(op.action));
        ops.push_back(std::move(o));
    }
    json result {{"name", application.name}, {"think_time_ms", application.thinkTimeMs.toJson()},
        {"cpu_cores", application.cpuCores}, {"clients", application.defaultClients},
        {"file_set",
            {{"files", application.fileSet.files},
                {"file_bytes", application.fileSet.fileBytes.toJson()},
                {"prealloc_pct", application.fileSet.preallocPct}}},
        {"operations", ops}};
    if (!queues.empty())
        result["queues"] = queues;
    return result;
}

} // namespace iolens::core

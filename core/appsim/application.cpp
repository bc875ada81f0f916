// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/application.hpp"

#include "common/json_text.hpp"
#include "harness/plan_field_reader.hpp"

#include <algorithm>

namespace iolens::core {

namespace {

using nlohmann::json;

Operation parseOperation(const json& op, const std::string& field, const PlanFieldReader& reader)
{
    if (!op.is_object())
        reader.fail(field, "expected an object such as {\"cpu_ms\": 5}");
    Operation result;
    const int kinds = static_cast<int>(op.contains("cpu_ms"))
        + static_cast<int>(op.contains("delay_ms")) + static_cast<int>(op.contains("io"));
    if (kinds != 1)
        reader.fail(field, "expected exactly one of cpu_ms, delay_ms, io");
    if (op.contains("cpu_ms")) {
        result.kind = OperationKind::Cpu;
        result.amount = SizeDistribution::fromJson(op.at("cpu_ms"), field + ".cpu_ms", reader);
        result.name = reader.text(op, "name", field + ".", "cpu");
        return result;
    }
    if (op.contains("delay_ms")) {
        result.kind = OperationKind::Delay;
        result.amount = SizeDistribution::fromJson(op.at("delay_ms"), field + ".delay_ms", reader);
        result.name = reader.text(op, "name", field + ".", "delay");
        return result;
    }
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
    result.name = reader.text(op, "name", field + ".", io);
    return result;
}

} // namespace

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
        if (set.contains("files"))
            app.fileSet.files = reader.count(set.at("files"), "file_set.files", 1);
        // file_bytes is this program's own name; mean_file_bytes the one scripts write.
        for (const char* key : {"file_bytes", "mean_file_bytes"})
            if (set.contains(key))
                app.fileSet.fileBytes = SizeDistribution::fromJson(
                    set.at(key), std::string("file_set.") + key, reader);
    }
    if (!root.contains("operations"))
        reader.fail("operations", "missing: the loop's operations");
    const json& ops = reader.array(root, "operations", "");
    for (std::size_t i = 0; i < ops.size(); ++i)
        app.operations.push_back(
            parseOperation(ops.at(i), "operations[" + std::to_string(i) + "]", reader));
    return app;
}

json applicationToJson(const Application& application)
{
    json ops = json::array();
    for (const Operation& op : application.operations) {
        json o {{"name", op.name}};
        switch (op.kind) {
        case OperationKind::Cpu:
            o["cpu_ms"] = op.amount.toJson();
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
        ops.push_back(std::move(o));
    }
    return {{"name", application.name}, {"think_time_ms", application.thinkTimeMs.toJson()},
        {"cpu_cores", application.cpuCores}, {"clients", application.defaultClients},
        {"file_set",
            {{"files", application.fileSet.files},
                {"file_bytes", application.fileSet.fileBytes.toJson()}}},
        {"operations", ops}};
}

} // namespace iolens::core

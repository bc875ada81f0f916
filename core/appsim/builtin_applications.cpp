// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/builtin_applications.hpp"

namespace iolens::core {

namespace {

constexpr double kKiB = 1024.0;
// Filebench's file sizes are gamma distributed with shape 1.5 around the mean filesize.
constexpr double kFilebenchGammaShape = 1.5;

Operation cpu(FileAction action, double ms)
{
    return {std::string(fileActionName(action)), OperationKind::Cpu, SizeDistribution::constant(ms),
        false, Pattern::Random, action};
}

Operation delay(FileAction action, double ms)
{
    return {std::string(fileActionName(action)), OperationKind::Delay,
        SizeDistribution::constant(ms), false, Pattern::Random, action};
}

Operation wholeFile(const std::string& name, OperationKind kind)
{
    return {name, kind, SizeDistribution::constant(0.0), true, Pattern::Sequential,
        kind == OperationKind::Read ? FileAction::ReadWholeFile : FileAction::WriteWholeFile};
}

// Filebench's appendfilerand: an append of up to `upTo` bytes at the file's end.
Operation append(const std::string& name, double upTo)
{
    return {name, OperationKind::Write, SizeDistribution::uniform(0.0, upTo), false,
        Pattern::Sequential, FileAction::Append};
}

Application fileserver()
{
    Application app;
    app.name = "fileserver";
    app.defaultClients = 50;
    app.fileSet = {10000, SizeDistribution::gamma(128 * kKiB, kFilebenchGammaShape), 80.0};
    app.operations = {cpu(FileAction::Create, 0.1),
        wholeFile("write whole file", OperationKind::Write), delay(FileAction::Close, 0.02),
        delay(FileAction::Open, 0.02), append("append", 16 * kKiB), delay(FileAction::Close, 0.02),
        delay(FileAction::Open, 0.02), wholeFile("read whole file", OperationKind::Read),
        delay(FileAction::Close, 0.02), cpu(FileAction::Delete, 0.1),
        delay(FileAction::Stat, 0.02)};
    return app;
}

Application varmail()
{
    Application app;
    app.name = "varmail";
    app.defaultClients = 16;
    app.fileSet = {1000, SizeDistribution::gamma(16 * kKiB, kFilebenchGammaShape), 80.0};
    app.operations = {cpu(FileAction::Delete, 0.1), cpu(FileAction::Create, 0.1),
        append("append", 16 * kKiB), delay(FileAction::Fsync, 1.0), delay(FileAction::Close, 0.02),
        delay(FileAction::Open, 0.02), wholeFile("read whole file", OperationKind::Read),
        append("append", 16 * kKiB), delay(FileAction::Fsync, 1.0), delay(FileAction::Close, 0.02),
        delay(FileAction::Open, 0.02), wholeFile("read whole file", OperationKind::Read),
        delay(FileAction::Close, 0.02)};
    return app;
}

Application webserver()
{
    Application app;
    app.name = "webserver";
    app.defaultClients = 100;
    app.fileSet = {1000, SizeDistribution::gamma(16 * kKiB, kFilebenchGammaShape), 100.0};
    for (int i = 0; i < 10; ++i) {
        app.operations.push_back(delay(FileAction::Open, 0.02));
        app.operations.push_back(wholeFile("read whole file", OperationKind::Read));
        app.operations.push_back(delay(FileAction::Close, 0.02));
    }
    app.operations.push_back(append("append log", 16 * kKiB));
    return app;
}

} // namespace

std::vector<std::string> builtinApplicationNames()
{
    return {"fileserver", "varmail", "webserver"};
}

std::optional<Application> builtinApplication(std::string_view name)
{
    if (name == "fileserver")
        return fileserver();
    if (name == "varmail")
        return varmail();
    if (name == "webserver")
        return webserver();
    return std::nullopt;
}

} // namespace iolens::core

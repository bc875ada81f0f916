// SPDX-License-Identifier: GPL-3.0-or-later
// main() of a test executable: runs one registered test class, as QTEST_*_MAIN would have.
//   iolens_core_tests --list             the registered classes, one a line
//   iolens_core_tests TestM5 [options]   one class; the options are QTest's (-v2, a function name)
#include "support/test_registry.hpp"

#include <QCoreApplication>
#include <QTest>
#if defined(IOLENS_TEST_WIDGETS)
#include <QApplication>
#elif defined(IOLENS_TEST_GUI)
#include <QGuiApplication>
#endif

#include <cstdio>
#include <cstring>
#include <optional>
#include <vector>

namespace {

int runTest(const iolens::test::RegisteredTest& test, int argc, char** argv)
{
    using iolens::test::TestApplication;
    // The application object lives as long as the test, as in QTEST_MAIN.
    std::optional<QCoreApplication> core;
#if defined(IOLENS_TEST_WIDGETS)
    std::optional<QApplication> richest;
#elif defined(IOLENS_TEST_GUI)
    std::optional<QGuiApplication> richest;
#else
    std::optional<QCoreApplication>& richest = core;
#endif
    if (test.application == TestApplication::Richest) {
        richest.emplace(argc, argv);
        richest->setAttribute(Qt::AA_Use96Dpi, true);
    } else if (test.application == TestApplication::Core) {
        core.emplace(argc, argv);
        core->setAttribute(Qt::AA_Use96Dpi, true);
    }
    const std::unique_ptr<QObject> object = test.create();
    return QTest::qExec(object.get(), argc, argv);
}

} // namespace

int main(int argc, char** argv)
{
    const auto& tests = iolens::test::registeredTests();
    if (argc < 2 || std::strcmp(argv[1], "--help") == 0) {
        std::fprintf(stderr, "usage: %s --list | TEST_CLASS [QTest options]\n", argv[0]);
        return 2;
    }
    if (std::strcmp(argv[1], "--list") == 0) {
        for (const auto& test : tests)
            std::printf("%s\n", test.name.c_str());
        return 0;
    }
    for (const auto& test : tests) {
        if (test.name != argv[1])
            continue;
        // QTest sees the program name and the options after the class name.
        std::vector<char*> arguments {argv[0]};
        arguments.insert(arguments.end(), argv + 2, argv + argc);
        int count = static_cast<int>(arguments.size());
        arguments.push_back(nullptr);
        return runTest(test, count, arguments.data());
    }
    std::fprintf(stderr, "%s: no test class named %s (see --list)\n", argv[0], argv[1]);
    return 2;
}

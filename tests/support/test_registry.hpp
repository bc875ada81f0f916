// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The test classes of one test executable register here instead of each having a main(). Linking
// dominated CI when every test class was its own executable (130 links of core and Qt); now each
// folder of tests (core, app, ui) is one executable, and CTest still runs every class alone in its
// own process: `iolens_core_tests TestM5 [QTest options]`.

#include <QObject>

#include <memory>
#include <string>
#include <vector>

namespace iolens::test {

/// The application object a test class needs, as Qt's QTEST_*_MAIN macros choose it.
enum class TestApplication {
    None,    ///< QTEST_APPLESS_MAIN
    Core,    ///< QTEST_GUILESS_MAIN
    Richest, ///< QTEST_MAIN: QApplication where Widgets is linked, else QGuiApplication or
             ///< QCoreApplication
};

struct RegisteredTest {
    std::string name;
    TestApplication application;
    std::unique_ptr<QObject> (*create)();
};

/// Adds a test class; called from static initialisers of the test sources.
bool registerTest(
    const char* name, TestApplication application, std::unique_ptr<QObject> (*create)());
/// Every registered test class, in registration order.
const std::vector<RegisteredTest>& registeredTests();

} // namespace iolens::test

#define IOLENS_TEST_REGISTER(TestClass, Application)                                               \
    namespace {                                                                                    \
    [[maybe_unused]] const bool registered##TestClass = ::iolens::test::registerTest(#TestClass,   \
        Application, []() -> std::unique_ptr<QObject> { return std::make_unique<TestClass>(); });  \
    }

#define IOLENS_TEST_MAIN(TestClass)                                                                \
    IOLENS_TEST_REGISTER(TestClass, ::iolens::test::TestApplication::Richest)
#define IOLENS_TEST_GUILESS_MAIN(TestClass)                                                        \
    IOLENS_TEST_REGISTER(TestClass, ::iolens::test::TestApplication::Core)
#define IOLENS_TEST_APPLESS_MAIN(TestClass)                                                        \
    IOLENS_TEST_REGISTER(TestClass, ::iolens::test::TestApplication::None)

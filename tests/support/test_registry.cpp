// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/test_registry.hpp"

namespace iolens::test {

namespace {

// A function-local static: the registrations run during static initialisation of other
// translation units, in an order the language leaves open.
std::vector<RegisteredTest>& registry()
{
    static std::vector<RegisteredTest> tests;
    return tests;
}

} // namespace

bool registerTest(
    const char* name, TestApplication application, std::unique_ptr<QObject> (*create)())
{
    registry().push_back({name, application, create});
    return true;
}

const std::vector<RegisteredTest>& registeredTests()
{
    return registry();
}

} // namespace iolens::test

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "common/json_text.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

namespace {

std::string messageOf(std::string_view text)
{
    try {
        parseJsonText(text, "run.json");
    } catch (const DataError& error) {
        return error.what();
    }
    return "(no error)";
}

} // namespace

class TestJsonText : public QObject {
    Q_OBJECT
private slots:
    void wellFormedText_parses()
    {
        const auto json = parseJsonText(R"({"jobs": [{"read": {"bw": 12.5}}]})", "run.json");
        QCOMPARE(json.at("jobs").at(0).at("read").at("bw").get<double>(), 12.5);
    }

    // The case fuzzing found first: fio never writes it, but a hand-edited file can.
    void numberOverflow_namesTheFileAndTheField()
    {
        const std::string message
            = messageOf(R"({"jobs": [{"jobname": "a"}, {"read": {"iops": 1, "bw": 1e999}}]})");
        QVERIFY2(message.find("run.json") == 0, message.c_str());
        QVERIFY2(message.find("jobs[1].read.bw") != std::string::npos, message.c_str());
        QVERIFY2(message.find("overflow") != std::string::npos, message.c_str());
    }

    void syntaxError_namesTheField()
    {
        const std::string message = messageOf(R"({"global": {"bs": "4k",, }})");
        QVERIFY2(message.find("global.bs") != std::string::npos, message.c_str());
        QVERIFY2(message.find("not valid JSON") != std::string::npos, message.c_str());
    }

    void emptyText_isTheTopLevel()
    {
        const std::string message = messageOf("");
        QVERIFY2(message.find("(top level)") != std::string::npos, message.c_str());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestJsonText)
#include "test_json_text.moc"

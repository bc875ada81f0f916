// SPDX-License-Identifier: GPL-3.0-or-later
// Application definitions: the JSON form scripts write, the built-in Filebench personalities,
// and messages that name the file and the field.
#include "appsim/application.hpp"
#include "appsim/builtin_applications.hpp"
#include "common/error.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <fstream>
#include <iterator>
#include <random>

using namespace iolens::core;

namespace {

const char* const kIssueExample = R"({"name": "fs", "think_time_ms": 20, "cpu_cores": 1,
  "file_set": {"files": 1000, "mean_file_bytes": 131072},
  "operations": [{"cpu_ms": 5}, {"delay_ms": 10},
    {"io": "read", "bytes": 131072, "pattern": "sequential"},
    {"io": "write", "bytes": 16384, "pattern": "random"}]})";

QString errorOf(const std::string& text)
{
    try {
        parseApplication(text, "app.json");
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestApplication : public QObject {
    Q_OBJECT
private slots:
    void issueExample_parses()
    {
        const Application app = parseApplication(kIssueExample, "app.json");
        QCOMPARE(app.name, std::string("fs"));
        QCOMPARE(app.thinkTimeMs.mean(), 20.0);
        QCOMPARE(app.cpuCores, 1);
        QCOMPARE(app.fileSet.files, 1000);
        QCOMPARE(app.fileSet.totalBytes(), 1000 * 131072.0);
        QCOMPARE(app.operations.size(), std::size_t {4});
        QVERIFY(app.operations[0].kind == OperationKind::Cpu);
        QCOMPARE(app.operations[0].amount.mean(), 5.0);
        QVERIFY(app.operations[1].kind == OperationKind::Delay);
        QVERIFY(app.operations[2].kind == OperationKind::Read);
        QVERIFY(app.operations[2].pattern == Pattern::Sequential);
        QCOMPARE(app.operations[3].amount.mean(), 16384.0);
        QCOMPARE(app.reads(), 1);
        QCOMPARE(app.writes(), 1);
    }

    void distributions_sampleTheirMeans()
    {
        const Application app = parseApplication(R"({"operations": [
            {"io": "write", "bytes": {"gamma": {"mean": 131072, "shape": 1.5}}},
            {"io": "write", "bytes": {"uniform": [0, "16k"]}},
            {"cpu_ms": {"exponential": {"mean": 2}}, "wait_ms": 1.5},
            {"io": "read", "bytes": "whole_file"}]})",
            "app.json");
        std::mt19937_64 random(1);
        for (std::size_t i = 0; i < 3; ++i) {
            const SizeDistribution& d = app.operations[i].amount;
            double sum = 0.0;
            constexpr int kDraws = 200000;
            for (int k = 0; k < kDraws; ++k)
                sum += d.sample(random);
            QVERIFY2(std::abs(sum / kDraws - d.mean()) < 0.01 * d.mean(),
                qPrintable(QString::number(sum / kDraws)));
        }
        QCOMPARE(app.operations[1].amount.mean(), 8192.0);
        QCOMPARE(app.operations[2].waitMs, 1.5);
        QVERIFY(app.operations[3].wholeFile);
        // The JSON written back reads as the same definition.
        const Application again = parseApplication(applicationToJson(app).dump(), "again.json");
        QVERIFY(applicationToJson(again) == applicationToJson(app));
    }

    void badDefinitions_nameTheField_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << "{"
                                  << "app.json";
        QTest::newRow("no operations") << R"({"name": "x"})"
                                       << "field 'operations'";
        QTest::newRow("two kinds") << R"({"operations": [{"cpu_ms": 1, "delay_ms": 2}]})"
                                   << "field 'operations[0]'";
        QTest::newRow("bad io") << R"({"operations": [{"io": "append", "bytes": 1}]})"
                                << "field 'operations[0].io'";
        QTest::newRow("negative") << R"({"operations": [{"cpu_ms": -1}]})"
                                  << "field 'operations[0].cpu_ms'";
        QTest::newRow("bad distribution") << R"({"operations": [{"cpu_ms": {"pareto": 1}}]})"
                                          << "unknown distribution 'pareto'";
        QTest::newRow("bad pattern")
            << R"({"operations": [{"io": "read", "bytes": 4096, "pattern": "zigzag"}]})"
            << "field 'operations[0].pattern'";
        QTest::newRow("bad cores") << R"({"cpu_cores": 0, "operations": [{"cpu_ms": 1}]})"
                                   << "field 'cpu_cores'";
        QTest::newRow("wait on a delay") << R"({"operations": [{"delay_ms": 1, "wait_ms": 2}]})"
                                         << "field 'operations[0].wait_ms'";
        QTest::newRow("unknown queue")
            << R"({"queues": [{"name": "disk"}], "operations": [{"queue": "tape", "ms": 1}]})"
            << "field 'operations[0].queue'";
        QTest::newRow("uniform reversed")
            << R"({"operations": [{"io": "read", "bytes": {"uniform": [5, 1]}}]})"
            << "field 'operations[0].bytes.uniform'";
        // Misspelt keys: each was ignored, its field left at the default (think time 0).
        QTest::newRow("think time misspelt")
            << R"({"think_tim_ms": 20, "operations": [{"cpu_ms": 5}]})"
            << "app.json: field 'think_tim_ms': unknown key; did you mean 'think_time_ms'? (an "
               "application's keys: name, think_time_ms, cpu_cores, clients, file_set, queues, "
               "operations)";
        QTest::newRow("file size misspelt")
            << R"({"file_set": {"files": 10, "mean_file_byte": 4096}, "operations": [{"cpu_ms": 5}]})"
            << "field 'file_set.mean_file_byte': unknown key; did you mean 'mean_file_bytes'?";
        QTest::newRow("pattern misspelt")
            << R"({"operations": [{"io": "write", "bytes": 16384, "patern": "random"}]})"
            << "field 'operations[0].patern': unknown key; did you mean 'pattern'?";
        QTest::newRow("kind misspelt") << R"({"operations": [{"cpu_m": 5}]})"
                                       << "field 'operations[0].cpu_m': unknown key; did you mean "
                                          "'cpu_ms'?";
        QTest::newRow("key of another kind")
            << R"({"operations": [{"cpu_ms": 5, "pattern": "random"}]})"
            << "field 'operations[0].pattern': unknown key (a cpu_ms operation's keys: cpu_ms, "
               "wait_ms, action, name)";
        QTest::newRow("shape misspelt")
            << R"({"operations": [{"cpu_ms": {"gamma": {"mean": 2, "shap": 3}}}]})"
            << "field 'operations[0].cpu_ms.gamma.shap': unknown key; did you mean 'shape'?";
        QTest::newRow("queue key misspelt")
            << R"({"queues": [{"name": "d", "server": 2}], "operations": [{"queue": "d", "ms": 1}]})"
            << "field 'queues[0].server': unknown key; did you mean 'servers'?";
    }

    void badDefinitions_nameTheField()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        const QString error = errorOf(json.toStdString());
        QVERIFY2(error.startsWith(QStringLiteral("app.json")), qPrintable(error));
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    // The definitions the repository ships (README example, fuzz seeds) and the built-ins as
    // written back (loadgen stores that form) use no key the reader refuses.
    void shippedDefinitions_useOnlyKnownKeys()
    {
        for (const char* file : {"tests/fuzz/corpus/application/readme-example.json",
                 "tests/fuzz/corpus/application/queues.json"}) {
            std::ifstream in(iolens::test::sourcePath(file));
            const std::string text((std::istreambuf_iterator<char>(in)), {});
            QVERIFY2(!text.empty(), file);
            QCOMPARE(errorOf(text), QString());
        }
        for (const std::string& name : builtinApplicationNames())
            QCOMPARE(errorOf(applicationToJson(*builtinApplication(name)).dump()), QString());
    }

    // Filebench's personalities: reads and writes per loop, file sets and threads.
    void builtins_followFilebench()
    {
        const Application fileserver = *builtinApplication("fileserver");
        QCOMPARE(fileserver.reads(), 1);
        QCOMPARE(fileserver.writes(), 2);
        QCOMPARE(fileserver.fileSet.files, 10000);
        QCOMPARE(fileserver.fileSet.fileBytes.mean(), 131072.0);
        QVERIFY(fileserver.fileSet.fileBytes.kind() == SizeDistribution::Kind::Gamma);
        QCOMPARE(fileserver.defaultClients, 50);
        const Application varmail = *builtinApplication("varmail");
        QCOMPARE(varmail.reads(), 2);
        QCOMPARE(varmail.writes(), 2);
        QCOMPARE(varmail.fileSet.files, 1000);
        QCOMPARE(varmail.defaultClients, 16);
        const Application webserver = *builtinApplication("webserver");
        QCOMPARE(webserver.reads(), 10);
        QCOMPARE(webserver.writes(), 1);
        QCOMPARE(webserver.defaultClients, 100);
        QVERIFY(!builtinApplication("database"));
        QCOMPARE(builtinApplicationNames().size(), std::size_t {3});
    }
};

IOLENS_TEST_GUILESS_MAIN(TestApplication)
#include "test_application.moc"

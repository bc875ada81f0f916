// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "harness/io_scheduler.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <sstream>

using namespace iolens::core;
namespace fs = std::filesystem;

namespace {

// A directory laid out like /sys with one device "fake0" whose scheduler file holds `line`.
fs::path fakeSysfs(const QTemporaryDir& dir, const std::string& line)
{
    const fs::path root(dir.path().toStdString());
    fs::create_directories(root / "block" / "fake0" / "queue");
    std::ofstream(root / "block" / "fake0" / "queue" / "scheduler") << line << "\n";
    return root;
}

std::string fileText(const fs::path& root)
{
    std::ifstream in(root / "block" / "fake0" / "queue" / "scheduler");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

class TestIoScheduler : public QObject {
    Q_OBJECT
private slots:
    void parse_bracketedIsCurrent()
    {
        const auto state = parseSchedulerState("mq-deadline kyber [bfq] none\n");
        QVERIFY(state);
        QCOMPARE(state->current, std::string("bfq"));
        QCOMPARE(
            state->available, (std::vector<std::string> {"mq-deadline", "kyber", "bfq", "none"}));
        QCOMPARE(parseSchedulerState("[none] mq-deadline")->current, std::string("none"));
        QVERIFY(!parseSchedulerState("none mq-deadline"));
    }

    void switch_selectsAndRestoresOnDestruction()
    {
        QTemporaryDir dir;
        const fs::path root = fakeSysfs(dir, "[mq-deadline] bfq none");
        {
            IoSchedulerSwitch scheduler("fake0", root);
            QVERIFY(scheduler.canSwitch());
            QCOMPARE(scheduler.original().current, std::string("mq-deadline"));
            scheduler.select("bfq");
            QCOMPARE(fileText(root), std::string("bfq"));
            QCOMPARE(scheduler.current(), std::string("bfq"));
            scheduler.select("none");
            QCOMPARE(fileText(root), std::string("none"));
        }
        QCOMPARE(fileText(root), std::string("mq-deadline"));
    }

    void switch_restoresWhenAnErrorUnwinds()
    {
        QTemporaryDir dir;
        const fs::path root = fakeSysfs(dir, "[none] bfq");
        try {
            IoSchedulerSwitch scheduler("fake0", root);
            scheduler.select("bfq");
            throw std::runtime_error("fio failed");
        } catch (const std::runtime_error&) {
        }
        QCOMPARE(fileText(root), std::string("none"));
    }

    void switch_refusesUnknownSchedulerAndMissingDevice()
    {
        QTemporaryDir dir;
        const fs::path root = fakeSysfs(dir, "[none] bfq");
        IoSchedulerSwitch scheduler("fake0", root);
        try {
            scheduler.select("cfq");
            QFAIL("an unknown scheduler was accepted");
        } catch (const ConfigError& e) {
            QVERIFY2(QString(e.what()).contains("no I/O scheduler 'cfq' (it offers none, bfq)"),
                e.what());
        }
        QCOMPARE(fileText(root), std::string("[none] bfq\n")); // untouched
        QVERIFY_THROWS_EXCEPTION(ConfigError, IoSchedulerSwitch("sdz", root));
    }

    void switch_readOnlyFileCannotSwitch()
    {
        if (::geteuid() == 0)
            QSKIP("root may write any file: the read-only case needs an unprivileged user");
        QTemporaryDir dir;
        const fs::path root = fakeSysfs(dir, "[none] bfq");
        fs::permissions(root / "block" / "fake0" / "queue" / "scheduler",
            fs::perms::owner_read | fs::perms::group_read);
        QVERIFY(!IoSchedulerSwitch("fake0", root).canSwitch());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestIoScheduler)
#include "test_io_scheduler.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/reference_cache.hpp"
#include "support/test_registry.hpp"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

// Not the whole namespace: in a unity batch it would reach the next test sources, where
// iolens::test::TestApplication (support/test_registry.hpp) meets a test class of that name.
using iolens::test::cachedReferenceRun;
using iolens::test::referenceKey;
using iolens::test::ReferenceQuery;
using iolens::test::runRscript;
using iolens::test::storeReferenceRun;
using iolens::test::ToolRun;

namespace {

QString writeText(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

ToolRun successfulRun(const QString& output)
{
    ToolRun run;
    run.available = true;
    run.exitCode = 0;
    run.output = output;
    run.errors = QStringLiteral("a warning");
    return run;
}

} // namespace

class TestReferenceCache : public QObject {
    Q_OBJECT
private slots:
    void key_standsForFileBytesNotTheirNames()
    {
        QTemporaryDir dir;
        const QString a = writeText(dir, QStringLiteral("a.csv"), "x,y\n1,2\n");
        const QString b = writeText(dir, QStringLiteral("b.csv"), "x,y\n1,2\n");
        const QString c = writeText(dir, QStringLiteral("c.csv"), "x,y\n1,3\n");
        const QString script = QStringLiteral("print(1)");
        QCOMPARE(referenceKey({"Rscript", script, {a, "5"}}),
            referenceKey({"Rscript", script, {b, "5"}}));
        QVERIFY(referenceKey({"Rscript", script, {a, "5"}})
            != referenceKey({"Rscript", script, {c, "5"}}));
        QVERIFY(referenceKey({"Rscript", script, {a, "5"}})
            != referenceKey({"Rscript", script, {a, "6"}}));
        QVERIFY(referenceKey({"Rscript", script, {a}}) != referenceKey({"python3", script, {a}}));
        QVERIFY(
            referenceKey({"Rscript", script, {a}}) != referenceKey({"Rscript", script + " ", {a}}));
        // Field boundaries count: the same characters split differently are another query.
        QVERIFY(referenceKey({"Rscript", script, {"ab", "c"}})
            != referenceKey({"Rscript", script, {"a", "bc"}}));
    }

    void store_thenLookup_givesTheSameRun()
    {
        QTemporaryDir cache;
        const ReferenceQuery query {"Rscript", "cat(1)", {"3"}};
        QVERIFY(!cachedReferenceRun(cache.path(), query));
        storeReferenceRun(cache.path(), query, successfulRun("1 2 3\n"));
        const auto run = cachedReferenceRun(cache.path(), query);
        QVERIFY(run.has_value());
        QVERIFY(run->available);
        QCOMPARE(run->exitCode, 0);
        QCOMPARE(run->output, QStringLiteral("1 2 3\n"));
        QCOMPARE(run->errors, QStringLiteral("a warning"));
        QVERIFY(!cachedReferenceRun(cache.path(), {"Rscript", "cat(1)", {"4"}}));
    }

    void failedOrMissingRuns_areNeverStored()
    {
        QTemporaryDir cache;
        const ReferenceQuery query {"Rscript", "stop()", {}};
        ToolRun failed = successfulRun(QString());
        failed.exitCode = 1;
        storeReferenceRun(cache.path(), query, failed);
        QVERIFY(!cachedReferenceRun(cache.path(), query));
        ToolRun missing;
        missing.reason = QStringLiteral("Rscript is not installed");
        storeReferenceRun(cache.path(), query, missing);
        QVERIFY(!cachedReferenceRun(cache.path(), query));
    }

    void noFolder_meansNoCache()
    {
        const ReferenceQuery query {"Rscript", "cat(1)", {}};
        storeReferenceRun(QString(), query, successfulRun("1"));
        QVERIFY(!cachedReferenceRun(QString(), query));
    }

    void runRscript_answersFromTheCacheWhenTheVariableNamesOne()
    {
        // The stored answer differs from what the script would print, so the test sees which of
        // the two runRscript returned, whether or not R is installed here.
        QTemporaryDir cache;
        const QString script = QStringLiteral("cat('computed')\n");
        storeReferenceRun(cache.path(), {"Rscript", script, {}}, successfulRun("stored"));
        const QByteArray previous = qgetenv("IOLENS_REFERENCE_CACHE");
        qputenv("IOLENS_REFERENCE_CACHE", cache.path().toUtf8());
        const ToolRun run = runRscript(script);
        if (previous.isNull())
            qunsetenv("IOLENS_REFERENCE_CACHE");
        else
            qputenv("IOLENS_REFERENCE_CACHE", previous);
        QCOMPARE(run.output, QStringLiteral("stored"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestReferenceCache)
#include "test_reference_cache.moc"

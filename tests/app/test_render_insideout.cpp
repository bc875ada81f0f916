// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli render --view insideout --runs DIR`: the accuracy density picture, headless.
#include "support/cli_runner.hpp"
#include "support/low_level_run_data.hpp"
#include "support/test_registry.hpp"

#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using iolens::test::CliResult;
using iolens::test::runCli;

class TestRenderInsideOut : public QObject {
    Q_OBJECT
private slots:
    void render_drawsTheDensityPicture()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        iolens::test::writeLowLevelRun(dir.path(), "lin-rep1", 30, true, 31);
        iolens::test::writeLowLevelRun(dir.path(), "lin-rep2", 30, true, 32);
        iolens::test::writeLowLevelRun(dir.path(), "noise-rep1", 30, false, 33);
        const QString png = dir.filePath(QStringLiteral("density.png"));
        const CliResult r = runCli(QStringList {"render", "--view", "insideout", "--runs",
                                       dir.path(), "--size", "800x500", "--out", png}
            + iolens::test::kPaperTechniqueArguments);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QImage image(png);
        QCOMPARE(image.size(), QSize(800, 500));
        // Not blank: the curves and the text put dark ink on the white background.
        int dark = 0;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2)
                dark += qGray(image.pixel(x, y)) < 128 ? 1 : 0;
        QVERIFY2(dark > 500, qPrintable(QString::number(dark)));
    }

    void render_withoutRuns_exitsWithStatus2()
    {
        QTemporaryDir dir;
        const CliResult r = runCli(
            {"render", "--view", "insideout", "--out", dir.filePath(QStringLiteral("x.png"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("needs --runs DIR")), qPrintable(r.err));
        const CliResult misplaced = runCli({"render", "--view", "cdf", "--runs", dir.path(),
            "--out", dir.filePath(QStringLiteral("x.png"))});
        QCOMPARE(misplaced.exitCode, 2);
        QVERIFY2(misplaced.err.contains(QStringLiteral("--runs is for --view insideout")),
            qPrintable(misplaced.err));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestRenderInsideOut)
#include "test_render_insideout.moc"

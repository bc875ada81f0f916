// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli render`: every view becomes a picture of the requested size, headless; bad input
// exits with status 2 and says what is wrong.
#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"
#include "support/test_registry.hpp"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

namespace {

using iolens::test::CliResult;

/// Runs iolens-cli with its user settings in `configHome` (XDG_CONFIG_HOME), or in a fresh empty
/// folder, so that the tests neither read nor change the settings of whoever runs them. Unless
/// the arguments name techniques, the window gets the paper's five (kPaperTechniqueArguments):
/// these tests are about pictures, not about the recommended model, which
/// recommendedModel_isTheFirstModel covers.
CliResult runRenderCli(QStringList arguments, const QString& configHome = {})
{
    if (!arguments.contains(QStringLiteral("--technique")))
        arguments += iolens::test::kPaperTechniqueArguments;
    QProcess process;
    // No platform chosen: the command must pick the offscreen one by itself.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    const QTemporaryDir emptyHome;
    environment.insert(
        QStringLiteral("XDG_CONFIG_HOME"), configHome.isEmpty() ? emptyHome.path() : configHome);
    process.setProcessEnvironment(environment);
    process.start(iolens::test::cliProgram(), arguments);
    process.waitForFinished(600000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
        QString::fromUtf8(process.readAllStandardOutput()),
        QString::fromUtf8(process.readAllStandardError())};
}

/// Share of sampled pixels that are not the most common colour: above zero means something
/// besides the background was drawn.
double inkShare(const QImage& picture)
{
    const QImage image = picture.convertToFormat(QImage::Format_RGB32);
    QHash<QRgb, int> counts;
    int samples = 0;
    for (int y = 0; y < image.height(); y += 4)
        for (int x = 0; x < image.width(); x += 4, ++samples)
            ++counts[image.pixel(x, y)];
    int most = 0;
    for (int count : counts)
        most = std::max(most, count);
    return samples == 0 ? 0.0 : 1.0 - static_cast<double>(most) / samples;
}

/// Share of sampled pixels within 4 levels per channel of `color`.
double colorShare(const QImage& picture, QColor color)
{
    const QImage image = picture.convertToFormat(QImage::Format_RGB32);
    int hits = 0;
    int samples = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2, ++samples) {
            const QColor c = image.pixelColor(x, y);
            hits += std::abs(c.red() - color.red()) <= 4 && std::abs(c.green() - color.green()) <= 4
                && std::abs(c.blue() - color.blue()) <= 4;
        }
    return samples == 0 ? 0.0 : static_cast<double>(hits) / samples;
}

// The profiler's SLA bands on white (ProfilePlot's fills blended over the background).
const QColor kAllMeetOnWhite(217, 240, 220);
const QColor kNoneMeetOnWhite(250, 225, 225);

} // namespace

class TestRenderCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void view_rendersAPictureOfTheRequestedSize_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QStringList>("extra");
        for (const char* view : {"measurements", "models", "predictions", "cdf", "conservation"})
            QTest::newRow(view) << QString::fromLatin1(view) << QStringList();
        QTest::newRow("cdf write metric") << QStringLiteral(
            "cdf") << QStringList {QStringLiteral("--metric"), QStringLiteral("tp_write_mbs")};
        QTest::newRow("cdf rule, local")
            << QStringLiteral("cdf")
            << QStringList {QStringLiteral("--cdf-scenario"), QStringLiteral("request_kib>32"),
                   QStringLiteral("--local"), QStringLiteral("10")};
        QTest::newRow("surface") << QStringLiteral("surface") << QStringList();
        QTest::newRow("predictions at a scenario")
            << QStringLiteral("predictions")
            << QStringList {QStringLiteral("--scenario"),
                   QStringLiteral("request=16KiB,read=70,fileset=4GiB,scheduler=bfq,"
                                  "pattern=random,vms=2")};
    }
    void view_rendersAPictureOfTheRequestedSize()
    {
        QFETCH(QString, view);
        QFETCH(QStringList, extra);
        const QString out = m_dir.filePath(view + QString::number(qHash(extra)) + ".png");
        const CliResult r = runRenderCli(
            QStringList {QStringLiteral("render"), QStringLiteral("--view"), view,
                QStringLiteral("--size"), QStringLiteral("900x560"), QStringLiteral("--out"), out}
            + extra);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(out));
        QImageReader reader(out);
        const QImage image = reader.read();
        QVERIFY2(!image.isNull(), qPrintable(reader.errorString()));
        QCOMPARE(image.size(), QSize(900, 560));
        QVERIFY2(inkShare(image) > 0.02, qPrintable(view));
        QVERIFY(image.text(QStringLiteral("Scenario")).contains(QStringLiteral("request=")));
        if (extra.contains(QStringLiteral("--scenario")))
            QVERIFY(image.text(QStringLiteral("Scenario")).contains(QStringLiteral("read=70")));
    }

    void profilerLimits_shadeWhereTheyHold()
    {
        // A bound every prediction keeps: green bands; one none keeps: light red ones.
        const QString kept = m_dir.filePath(QStringLiteral("profiler-kept.png"));
        const QString broken = m_dir.filePath(QStringLiteral("profiler-broken.png"));
        CliResult r = runRenderCli({"render", "--view", "profiler", "--size", "1200x800", "--limit",
            "rt_read_ms<=1000000", "--limit", "rt_write_ms<=1000000", "--out", kept});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runRenderCli({"render", "--view", "profiler", "--size", "1200x800", "--limit",
            "tp_write_mbs>=1000000", "--out", broken});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QImage keptImage(kept);
        const QImage brokenImage(broken);
        QVERIFY(!keptImage.isNull() && !brokenImage.isNull());
        QVERIFY2(colorShare(keptImage, kAllMeetOnWhite) > 0.10,
            qPrintable(QString::number(colorShare(keptImage, kAllMeetOnWhite))));
        QVERIFY(colorShare(keptImage, kNoneMeetOnWhite) < 0.005);
        QVERIFY2(colorShare(brokenImage, kNoneMeetOnWhite) > 0.10,
            qPrintable(QString::number(colorShare(brokenImage, kNoneMeetOnWhite))));
        QVERIFY(colorShare(brokenImage, kAllMeetOnWhite) < 0.005);
    }

    // The window's saved limits (here, ones no model keeps) neither shade a rendered profiler
    // nor get rewritten by rendering: a picture depends on its command line only.
    void savedSettings_areNeitherReadNorWritten()
    {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        const QByteArray saved = "[planning]\nlimits=tp_write_mbs>=1000000\n";
        const QStringList files {QStringLiteral("iolens/iolens.conf"),
            QStringLiteral("Unknown Organization/iolens-cli.conf")};
        for (const QString& name : files) {
            QVERIFY(QDir(home.path()).mkpath(QFileInfo(name).path()));
            QFile file(home.filePath(name));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(saved);
        }
        const QString out = m_dir.filePath(QStringLiteral("profiler-settings.png"));
        const CliResult r = runRenderCli(
            {"render", "--view", "profiler", "--size", "1200x800", "--out", out}, home.path());
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QImage image(out);
        QVERIFY(!image.isNull());
        QVERIFY2(colorShare(image, kNoneMeetOnWhite) < 0.005,
            qPrintable(QString::number(colorShare(image, kNoneMeetOnWhite))));
        for (const QString& name : files) {
            QFile file(home.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            QCOMPARE(file.readAll(), saved);
        }
        QDirIterator written(home.path(), QDir::Files, QDirIterator::Subdirectories);
        int count = 0;
        for (; written.hasNext(); written.next())
            ++count;
        QCOMPARE(count, files.size());
    }

    // The capacity picture answers for the limits on its command line.
    void capacityLimits_comeFromTheCommandLine()
    {
        const QString none = m_dir.filePath(QStringLiteral("capacity-none.png"));
        const QString limited = m_dir.filePath(QStringLiteral("capacity-limited.png"));
        CliResult r
            = runRenderCli({"render", "--view", "capacity", "--size", "1200x700", "--out", none});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runRenderCli({"render", "--view", "capacity", "--size", "1200x700", "--limit",
            "rt_read_ms<=5", "--out", limited});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QImage noneImage(none);
        const QImage limitedImage(limited);
        QVERIFY(!noneImage.isNull() && !limitedImage.isNull());
        QVERIFY(noneImage.convertToFormat(QImage::Format_RGB32)
            != limitedImage.convertToFormat(QImage::Format_RGB32));
    }

    // Without --technique the window's own models are the recommended one, then the paper's
    // five, as the picture's Models text lists them; --technique replaces them. The conservation
    // view waits for no training, so this does not pay for auto's nested cross-validation.
    void recommendedModel_isTheFirstModel()
    {
        const QString out = m_dir.filePath(QStringLiteral("conservation-default.png"));
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        const QTemporaryDir emptyHome;
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), emptyHome.path());
        process.setProcessEnvironment(environment);
        process.start(iolens::test::cliProgram(),
            {"render", "--view", "conservation", "--size", "800x500", "--out", out});
        QVERIFY(process.waitForFinished(600000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        QCOMPARE(QImage(out).text(QStringLiteral("Models")),
            QStringLiteral("auto, lm, mars, cart, m5, cubist"));
        const QString chosen = m_dir.filePath(QStringLiteral("conservation-chosen.png"));
        const CliResult r = runRenderCli({"render", "--view", "conservation", "--size", "800x500",
            "--technique", "auto", "--technique", "lm", "--out", chosen});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(QImage(chosen).text(QStringLiteral("Models")), QStringLiteral("auto, lm"));
    }

    void vectorFormats_areWritten()
    {
        const QString svg = m_dir.filePath(QStringLiteral("conservation.svg"));
        const QString pdf = m_dir.filePath(QStringLiteral("measurements.pdf"));
        CliResult r = runRenderCli({"render", "--view", "conservation", "--out", svg});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        QVERIFY(svgFile.readAll().contains("<svg"));
        r = runRenderCli({"render", "--example", "local", "--view", "measurements", "--out", pdf});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile pdfFile(pdf);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QCOMPARE(pdfFile.read(5), QByteArray("%PDF-"));
    }

    void badInput_exitsWithStatus2AndSaysWhy_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString out = m_dir.filePath(QStringLiteral("bad.png"));
        QTest::newRow("view") << QStringList {"render", "--view", "pie", "--out", out}
                              << QStringLiteral("unknown view 'pie'");
        QTest::newRow("mistyped view") << QStringList {"render", "--view", "predictons", "--out",
            out} << QStringLiteral("unknown view 'predictons' (did you mean 'predictions'? use ");
        QTest::newRow("no view") << QStringList {"render", "--out", out}
                                 << QStringLiteral("--view");
        QTest::newRow("size") << QStringList {"render", "--view", "cdf", "--size", "big", "--out",
            out} << QStringLiteral("--size");
        QTest::newRow("tiny size") << QStringList {"render", "--view", "cdf", "--size", "10x10",
            "--out", out} << QStringLiteral("--size");
        QTest::newRow("scenario") << QStringList {"render", "--view", "predictions", "--scenario",
            "request=huge", "--out", out}
                                  << QStringLiteral("request=huge");
        QTest::newRow("unmeasured scheduler")
            << QStringList {"render", "--view", "profiler", "--scenario", "scheduler=kyber",
                   "--out", out}
            << QStringLiteral("--scenario: scheduler 'kyber' was not measured (measured: bfq, "
                              "none)");
        QTest::newRow("extension")
            << QStringList {"render", "--view", "cdf", "--out", m_dir.filePath("x.bmp")}
            << QStringLiteral("unknown picture format");
        QTest::newRow("metric") << QStringList {"render", "--view", "cdf", "--metric", "speed",
            "--out", out} << QStringLiteral("unknown metric 'speed'");
        QTest::newRow("limit syntax")
            << QStringList {"render", "--view", "profiler", "--limit", "rt_read_ms<5", "--out", out}
            << QStringLiteral("render: --limit: limit 'rt_read_ms<5'");
        QTest::newRow("limit metric") << QStringList {"render", "--view", "profiler", "--limit",
            "speed>=5", "--out", out} << QStringLiteral("'speed' is not a metric");
        QTest::newRow("limit on another view")
            << QStringList {"render", "--view", "cdf", "--limit", "rt_read_ms<=5", "--out", out}
            << QStringLiteral("--limit applies to the profiler and capacity views only");
        QTest::newRow("cdf rule syntax") << QStringList {"render", "--view", "cdf",
            "--cdf-scenario", "request_kib>>32", "--out",
            out} << QStringLiteral("--cdf-scenario 'request_kib>>32': filter clause");
        QTest::newRow("cdf rule matching nothing") << QStringList {"render", "--view", "cdf",
            "--cdf-scenario", "request_kib>100000", "--out", out}
                                                   << QStringLiteral("no measurement matches");
        QTest::newRow("cdf multivm on one VM")
            << QStringList {"render", "--view", "cdf", "--cdf-scenario", "multivm", "--out", out}
            << QStringLiteral("no measurements with 2 or more VMs");
        QTest::newRow("local count") << QStringList {"render", "--view", "cdf", "--local", "0",
            "--out", out} << QStringLiteral("--local expects a whole number");
        QTest::newRow("local on another view") << QStringList {"render", "--view", "models",
            "--local", "5", "--out", out} << QStringLiteral("apply to --view cdf only");
        QTest::newRow("technique") << QStringList {"render", "--view", "models", "--technique",
            "magic", "--out", out} << QStringLiteral("render: --technique: unknown technique");
        QTest::newRow("database") << QStringList {"render", "--db",
            m_dir.filePath("missing.sqlite"), "--view", "cdf", "--out", out}
                                  << QStringLiteral("missing.sqlite");
        QTest::newRow("example") << QStringList {"render", "--example", "moon", "--view", "cdf",
            "--out", out} << QStringLiteral("render: unknown example 'moon' (use tiered or local)");
        QTest::newRow("database and example") << QStringList {"render", "--db",
            m_dir.filePath("missing.sqlite"), "--example", "local", "--view", "cdf", "--out",
            out} << QStringLiteral("render: give --db or --example, not both");
    }
    void badInput_exitsWithStatus2AndSaysWhy()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliResult r = runRenderCli(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("bad.png"))));
    }

private:
    QTemporaryDir m_dir;
};

IOLENS_TEST_GUILESS_MAIN(TestRenderCommand)
#include "test_render_command.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The window's command line: --version, bad arguments, --screenshot (as used for the README).
#include "support/build_paths.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_registry.hpp"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct GuiResult {
    int exitCode = -1;
    QString out;
    QString err;
};

/// Runs the window with its settings in a fresh folder (XDG_CONFIG_HOME), unless `extra` names
/// one, so that the test neither reads nor changes the settings of whoever runs it. The fresh
/// settings choose the paper's five techniques: the recommended model's nested cross-validation
/// would take minutes under the sanitizers, and the window tests (TestMainWindow) cover it.
GuiResult runGui(
    const QStringList& arguments, const QProcessEnvironment& extra = QProcessEnvironment())
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    const QTemporaryDir home;
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
    iolens::test::choosePaperTechniquesIn(home.path());
    environment.insert(extra);
    process.setProcessEnvironment(environment);
    process.start(iolens::test::guiProgram(), arguments);
    process.waitForFinished(120000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
        QString::fromUtf8(process.readAllStandardOutput()),
        QString::fromUtf8(process.readAllStandardError())};
}

} // namespace

class TestGui : public QObject {
    Q_OBJECT
private slots:
    void version_printsTheProjectVersion()
    {
        const GuiResult result = runGui({QStringLiteral("--version")});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.contains(iolens::test::projectVersion()), qPrintable(result.out));
    }

    void badArguments_exitWithStatusTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("unknown example")
            << QStringList {QStringLiteral("--example"), QStringLiteral("nvme")};
        QTest::newRow("file and example") << QStringList {
            QStringLiteral("a.sqlite"), QStringLiteral("--example"), QStringLiteral("local")};
        QTest::newRow("window size too small")
            << QStringList {QStringLiteral("--size"), QStringLiteral("12x5")};
        QTest::newRow("unknown option") << QStringList {QStringLiteral("--colour")};
    }
    void badArguments_exitWithStatusTwo()
    {
        QFETCH(QStringList, arguments);
        const GuiResult result = runGui(arguments);
        QCOMPARE(result.exitCode, 2);
        QVERIFY(!result.err.isEmpty());
    }

    // An unknown --tab names the tabs there are, from the window itself (the help listed nine
    // of eleven).
    void unknownTab_exits2NamingEveryTab()
    {
        const GuiResult result = runGui({QStringLiteral("--tab"), QStringLiteral("nosuch"),
            QStringLiteral("--screenshot"), QDir::temp().filePath(QStringLiteral("never.png"))});
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains(QStringLiteral("Unknown tab 'nosuch' (tabs: measurements, "
                                                    "predictions, models, error-cdf, profiler, "
                                                    "scenarios, capacity, application, trace, "
                                                    "search, conservation)")),
            qPrintable(result.err));
        const GuiResult typo = runGui({QStringLiteral("--tab"), QStringLiteral("predictons"),
            QStringLiteral("--screenshot"), QDir::temp().filePath(QStringLiteral("never.png"))});
        QCOMPARE(typo.exitCode, 2);
        QVERIFY2(typo.err.contains(QStringLiteral(
                     "Unknown tab 'predictons' (did you mean 'predictions'? tabs: measurements,")),
            qPrintable(typo.err));
        const GuiResult option = runGui({QStringLiteral("--tabb"), QStringLiteral("models")});
        QCOMPARE(option.exitCode, 2);
        QVERIFY2(option.err.contains(QStringLiteral("Unknown option --tabb (did you mean --tab?)")),
            qPrintable(option.err));
        const GuiResult help = runGui({QStringLiteral("--help")});
        for (const char* name : {"application", "trace", "search", "conservation"})
            QVERIFY2(help.out.contains(QLatin1String(name)), name);
    }

    // View ▸ Language, stored in the settings, overrides the system's language at the next start:
    // German on an English system, English on a German one.
    void chosenLanguage_overridesTheSystemLocale_data()
    {
        QTest::addColumn<QString>("systemLocale");
        QTest::addColumn<QString>("chosen");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("unexpected");
        const QString english = QStringLiteral("Show this tab below the controls");
        const QString german = QStringLiteral("Diesen Reiter unter den Bedienelementen zeigen");
        QTest::newRow("German chosen") << "C.UTF-8"
                                       << "de" << german << english;
        QTest::newRow("English chosen") << "de_DE.UTF-8"
                                        << "en" << english << german;
        QTest::newRow("system German") << "de_DE.UTF-8"
                                       << "" << german << english;
    }
    void chosenLanguage_overridesTheSystemLocale()
    {
        QFETCH(QString, systemLocale);
        QFETCH(QString, chosen);
        QFETCH(QString, expected);
        QFETCH(QString, unexpected);
        QTemporaryDir home;
        QVERIFY(home.isValid());
        QVERIFY(QDir(home.path()).mkpath(QStringLiteral("iolens")));
        QFile settings(home.filePath(QStringLiteral("iolens/iolens.conf")));
        QVERIFY(settings.open(QIODevice::WriteOnly));
        if (!chosen.isEmpty())
            settings.write("[ui]\nlanguage=" + chosen.toUtf8() + "\n");
        settings.close();
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
        environment.insert(QStringLiteral("LC_ALL"), systemLocale);
        environment.insert(QStringLiteral("LANG"), systemLocale);
        environment.insert(QStringLiteral("LANGUAGE"), QString());
        const GuiResult result = runGui({QStringLiteral("--help")}, environment);
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(result.out.contains(expected), qPrintable(result.out));
        QVERIFY(!result.out.contains(unexpected));
    }

    void screenshot_writesA1280x800Png_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("default example") << QStringList {};
        QTest::newRow("local example")
            << QStringList {QStringLiteral("--example"), QStringLiteral("local")};
    }
    void screenshot_writesA1280x800Png()
    {
        QFETCH(QStringList, arguments);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("window.png"));
        const GuiResult result = runGui(arguments << QStringLiteral("--screenshot") << path);
        QCOMPARE(result.exitCode, 0);
        const QImage image(path);
        QCOMPARE(image.size(), QSize(1280, 800));
    }

    void screenshot_takesTheSizeAsked()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("window.png"));
        const GuiResult result = runGui({QStringLiteral("--size"), QStringLiteral("1920x1080"),
            QStringLiteral("--screenshot"), path});
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(QImage(path).size(), QSize(1920, 1080));
    }

    // Presentation mode's fonts made the window 811 pixels high whatever was asked: the picture
    // was 2560x1622. Now it is the size asked for, at twice the pixels, without a warning.
    void presentationScreenshot_isTwiceTheSizeAsked()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("presentation.png"));
        const GuiResult result
            = runGui({QStringLiteral("--presentation"), QStringLiteral("--screenshot"), path});
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(QImage(path).size(), QSize(2560, 1600));
        QVERIFY2(!result.err.contains(QStringLiteral("cannot be")), qPrintable(result.err));
    }

    // A size below what the window's contents need: the picture is larger, and stderr says so.
    void screenshot_tooSmallASize_isNamedOnStderr()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("small.png"));
        const GuiResult result = runGui({QStringLiteral("--size"), QStringLiteral("400x300"),
            QStringLiteral("--screenshot"), path});
        QCOMPARE(result.exitCode, 0);
        const QSize size = QImage(path).size();
        QVERIFY(size.width() > 400 || size.height() > 300);
        QVERIFY2(result.err.contains(QStringLiteral("cannot be 400x300 pixels")),
            qPrintable(result.err));
        QVERIFY2(result.err.contains(QStringLiteral("%1x%2").arg(size.width()).arg(size.height())),
            qPrintable(result.err));
    }

    // --no-panels starts without the scenario and prediction panels: the tab fills the window,
    // so the picture differs from the default one where the panels stand.
    void noPanels_leavesTheWindowToTheTab()
    {
        QTemporaryDir dir;
        const QString withPanels = dir.filePath(QStringLiteral("panels.png"));
        const QString without = dir.filePath(QStringLiteral("no-panels.png"));
        const QStringList tab {QStringLiteral("--tab"), QStringLiteral("conservation")};
        QCOMPARE(
            runGui(QStringList(tab) << QStringLiteral("--screenshot") << withPanels).exitCode, 0);
        QCOMPARE(runGui(QStringList(tab)
                     << QStringLiteral("--no-panels") << QStringLiteral("--screenshot") << without)
                     .exitCode,
            0);
        const QImage shown(withPanels);
        const QImage hidden(without);
        QCOMPARE(hidden.size(), QSize(1280, 800));
        // The panels' band (under the menu bar): widgets with panels, the plot's white without.
        const QRect band(0, 60, 1280, 200);
        QVERIFY(shown.copy(band) != hidden.copy(band));
    }

    void screenshot_missingFileFailsWithoutADialog()
    {
        QTemporaryDir dir;
        const GuiResult result = runGui({dir.filePath(QStringLiteral("missing.sqlite")),
            QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("window.png"))});
        QCOMPARE(result.exitCode, 1);
        QVERIFY(result.err.contains(QStringLiteral("missing.sqlite")));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestGui)
#include "test_gui.moc"

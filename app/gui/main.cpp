// SPDX-License-Identifier: GPL-3.0-or-later
// iolens: the window. Start-up only: arguments, translations, the first document.
#include "common/background_pool.hpp"
#include "common/closest_name.hpp"
#include "common/error.hpp"
#include "common/language_choice.hpp"
#include "common/translations.hpp"
#include "common/version.hpp"
#include "document/document_controller.hpp"
#include "embedded_resources.hpp"
#include "render/render_request.hpp"
#include "render/render_views.hpp"
#include "window/main_window.hpp"
#include "window/presentation_mode.hpp"
#include "window/presentation_screenshot.hpp"
#include "window/window_screenshot.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTabWidget>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace {

constexpr int kScreenshotWidth = 1280;
constexpr int kScreenshotHeight = 800;

struct Options {
    QString file;
    iolens::ui::Example example = iolens::ui::Example::Tiered;
    QString screenshot;
    QString tab; ///< objectName of the page of MainWindow::views() to show, empty: the first
    QSize size {kScreenshotWidth, kScreenshotHeight}; ///< the window size for --screenshot
    bool presentation = false; ///< presentation mode on; a screenshot then at twice the pixels
    bool panels = true;        ///< the scenario and prediction panels shown
};

void printUsageError(const QString& message)
{
    std::fprintf(stderr, "iolens: %s\n", qPrintable(message));
}

// Parses the command line; exits (in QCommandLineParser::process) on --help and --version and
// returns std::nullopt after printing a usage error.
std::optional<Options> parseOptions(const QApplication& app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "What-if explorer for storage performance models."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("FILE.sqlite"),
        QCoreApplication::translate("main",
            "Measurement database to open (default: the "
            "embedded fio-tiered example)."),
        QStringLiteral("[FILE.sqlite]"));
    const QCommandLineOption example(QStringLiteral("example"),
        QCoreApplication::translate("main", "Open an embedded example: tiered or local."),
        QStringLiteral("tiered|local"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QCoreApplication::translate("main",
            "Save a PNG of the window (1280x800 unless --size "
            "says otherwise) once the models are trained, then "
            "exit."),
        QStringLiteral("PATH"));
    const QCommandLineOption size(QStringLiteral("size"),
        QCoreApplication::translate("main",
            "The window size for --screenshot, such as "
            "1920x1080."),
        QStringLiteral("WxH"));
    const QCommandLineOption tab(QStringLiteral("tab"),
        QCoreApplication::translate("main",
            "Show this tab below the controls: measurements, "
            "predictions, models, error-cdf, profiler, "
            "scenarios, capacity, application, trace, search or "
            "conservation."),
        QStringLiteral("NAME"));
    parser.addOption(example);
    parser.addOption(screenshot);
    parser.addOption(tab);
    parser.addOption(size);
    const QCommandLineOption presentation(QStringLiteral("presentation"),
        QCoreApplication::translate("main",
            "Presentation mode: larger fonts and plot lines; "
            "--screenshot is then taken at twice the pixels."));
    parser.addOption(presentation);
    const QCommandLineOption noPanels(QStringLiteral("no-panels"),
        QCoreApplication::translate("main",
            "Start with the scenario and prediction panels "
            "hidden, the tab filling the window (F9 shows them)."));
    parser.addOption(noPanels);
    // Bad input exits 2, as the command line's does; QCommandLineParser::process exits 1 on an
    // unknown option and names neither the option meant nor the ones there are.
    if (!parser.parse(QCoreApplication::arguments())) {
        const QStringList unknown = parser.unknownOptionNames();
        if (unknown.isEmpty()) {
            printUsageError(parser.errorText());
            return std::nullopt;
        }
        std::vector<std::string> names {"help", "version"};
        for (const QCommandLineOption* option :
            {&example, &screenshot, &size, &tab, &presentation, &noPanels})
            names.push_back(option->names().constLast().toStdString());
        const auto meant = iolens::core::closestName(unknown.constFirst().toStdString(), names);
        printUsageError(meant
                ? QCoreApplication::translate("main", "Unknown option --%1 (did you mean --%2?).")
                      .arg(unknown.constFirst(), QString::fromStdString(*meant))
                : QCoreApplication::translate("main", "Unknown option --%1 (see iolens --help).")
                      .arg(unknown.constFirst()));
        return std::nullopt;
    }
    parser.process(app); // --help and --version

    Options options;
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1 || (files.size() == 1 && parser.isSet(example))) {
        printUsageError(
            QCoreApplication::translate("main", "Give one database file or --example, not both."));
        return std::nullopt;
    }
    if (!files.isEmpty())
        options.file = files.front();
    if (parser.isSet(example)) {
        const auto chosen = iolens::ui::parseExample(parser.value(example));
        if (!chosen) {
            printUsageError(
                QCoreApplication::translate("main", "Unknown example '%1': use tiered or local.")
                    .arg(parser.value(example)));
            return std::nullopt;
        }
        options.example = *chosen;
    }
    options.screenshot = parser.value(screenshot);
    if (parser.isSet(size)) {
        try {
            options.size = iolens::ui::parseRenderSize(parser.value(size));
        } catch (const iolens::core::Error& error) {
            printUsageError(QString::fromStdString(error.what()));
            return std::nullopt;
        }
    }
    options.tab = parser.value(tab);
    options.presentation = parser.isSet(presentation);
    options.panels = !parser.isSet(noPanels);
    return options;
}

/// The window on `options` until it closes (or, with --screenshot, until the picture is
/// written); the window is destroyed before this returns. Returns the exit status.
int runWindow(const Options& options)
{
    iolens::ui::MainWindow window;
    if (!options.tab.isEmpty()) {
        QTabWidget* views = window.views();
        // render's view names ("cdf", "surface") name their tabs too.
        auto* page = views->findChild<QWidget*>(iolens::ui::tabOfRenderView(options.tab));
        if (!page || views->indexOf(page) < 0) {
            QStringList names;
            std::vector<std::string> known;
            for (int i = 0; i < views->count(); ++i) {
                names << views->widget(i)->objectName();
                known.push_back(names.constLast().toStdString());
            }
            QString message = QCoreApplication::translate("main", "Unknown tab '%1' (tabs: %2).")
                                  .arg(options.tab, names.join(QStringLiteral(", ")));
            if (const auto meant = iolens::core::closestName(options.tab.toStdString(), known))
                message = QCoreApplication::translate(
                    "main", "Unknown tab '%1' (did you mean '%2'? tabs: %3).")
                              .arg(options.tab, QString::fromStdString(*meant),
                                  names.join(QStringLiteral(", ")));
            printUsageError(message);
            return 2;
        }
        views->setCurrentWidget(page);
    }
    const bool batch = !options.screenshot.isEmpty();
    window.setErrorDialogsEnabled(!batch);
    if (!batch)
        window.rememberSession();
    if (options.presentation)
        window.presentation()->setOn(true);
    window.setPanelsShown(options.panels);
    auto* documents = window.documents();
    const bool opened = options.file.isEmpty() ? documents->openExample(options.example)
                                               : documents->openFile(options.file);
    if (batch) {
        if (!opened)
            return 1;
        window.resize(options.size);
        window.show();
        iolens::ui::saveScreenshotWhenReady(window, options.screenshot, [&](bool ok) {
            // Once ready, the presentation picture replaces the 1x grab at the same path.
            if (ok && options.presentation)
                ok = iolens::ui::savePresentationScreenshot(window, options.screenshot);
            // A window cannot be smaller than its contents' minimum: say so rather than hand
            // back a picture of another size without a word (measured when it is taken, since
            // the minimum grows as the models fill the prediction panel).
            if (ok && window.size() != options.size)
                std::fprintf(stderr, "iolens: %s\n",
                    qPrintable(QCoreApplication::translate("main",
                        "the window cannot be %1x%2 pixels: its contents need %3x%4, the size "
                        "the screenshot shows it at")
                                   .arg(options.size.width())
                                   .arg(options.size.height())
                                   .arg(window.width())
                                   .arg(window.height())));
            if (ok)
                std::fputs("screenshot written\n", stdout);
            QCoreApplication::exit(ok ? 0 : 1);
        });
        return QApplication::exec();
    }
    window.show();
    return QApplication::exec();
}

} // namespace

int main(int argc, char* argv[])
{
    // The profiler's sweeps run in parallel on every slider step (core::sweepFactors), and
    // OpenMP's threads spin after each parallel region by default (libomp: 200 ms), longer than
    // the tens of milliseconds between a drag's steps: a whole core spun through a drag, taken
    // from the background training (bench_whatif_step's windowStep with a 30 ms pause after
    // each step: 137 s of CPU in 141 s, against 8.8 s in 106 s waiting passively). Passive
    // waiting costs a step about 0.6 ms of wake-up. Set before the runtime starts; a setting of
    // the user's own wins. The command line keeps the default: its jobs run back to back.
    setenv("OMP_WAIT_POLICY", "passive", 0);
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("iolens"));
    QCoreApplication::setApplicationName(QStringLiteral("iolens"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(iolens::kVersion));
    iolens::resources::initialize();
    QApplication::setWindowIcon(QIcon(iolens::resources::appIconPath()));
    // View ▸ Language, else the system's; numbers are then formatted in that language too.
    const QLocale locale = iolens::ui::interfaceLocale(iolens::ui::chosenLanguage());
    QLocale::setDefault(locale);
    iolens::ui::installTranslations(app, locale);

    const auto parsed = parseOptions(app);
    if (!parsed)
        return 2;
    return iolens::ui::endBackgroundWork(runWindow(*parsed));
}

// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/headless_window.hpp"

#include "common/error.hpp"
#include "data/scenario_text.hpp"
#include "document/document.hpp"
#include "document/document_controller.hpp"
#include "scenario/scenario_panel.hpp"
#include "window/main_window.hpp"
#include "window/stored_models.hpp"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

namespace iolens::ui {

namespace {

void openDocument(MainWindow& window, const HeadlessWindowSetup& setup)
{
    // The controller reports why it failed through a signal only; keep the last message. The
    // connection ends with this function, so no later error writes to the gone `failure`.
    QString failure;
    const QMetaObject::Connection listen
        = QObject::connect(window.documents(), &DocumentController::errorOccurred, &window,
            [&failure](const QString&, const QString& message) { failure = message; });
    const bool opened = setup.database.isEmpty() ? window.documents()->openExample(setup.example)
                                                 : window.documents()->openFile(setup.database);
    QObject::disconnect(listen);
    if (!opened)
        throw core::ConfigError((failure.isEmpty() ? setup.database : failure).toStdString());
}

} // namespace

void openHeadlessWindow(MainWindow& window, const HeadlessWindowSetup& setup)
{
    window.setErrorDialogsEnabled(false);
    window.setStoredModelChoice(setup.storedModels);
    if (!setup.techniques.empty())
        window.setTechniques(setup.techniques);
    openDocument(window, setup);
    const Document* document = window.documents()->document();
    if (document && document->database) {
        const QStringList missing = missingStoredModels(*document->database, setup.storedModels);
        if (!missing.isEmpty())
            throw core::ConfigError("--stored-models: " + document->name.toStdString()
                + " has no stored model named " + missing.join(QStringLiteral(", ")).toStdString());
    }
    if (!setup.scenario.isEmpty()) {
        const core::Configuration scenario = core::parseScenarioText(
            setup.scenario.toStdString(), window.scenarioPanel()->scenario());
        // Drawn anyway, every panel came out empty, exit 0.
        if (const std::string missing = window.scenarioPanel()->unmeasuredLevel(scenario);
            !missing.empty())
            throw core::ConfigError("--scenario: " + missing);
        window.scenarioPanel()->setScenario(scenario);
    }
    window.resize(setup.size);
    window.show();
}

bool runUntil(const std::function<bool()>& done, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done() || clock.elapsed() > timeoutMs)
            loop.quit();
    });
    poll.start(25);
    if (!done())
        loop.exec();
    return done();
}

} // namespace iolens::ui

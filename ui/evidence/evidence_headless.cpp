// SPDX-License-Identifier: GPL-3.0-or-later
#include "evidence/evidence_request.hpp"

#include "common/error.hpp"
#include "data/scenario_text.hpp"
#include "document/document_controller.hpp"
#include "evidence/evidence_folder.hpp"
#include "prediction/model_controller.hpp"
#include "scenario/scenario_panel.hpp"
#include "window/main_window.hpp"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <functional>

namespace iolens::ui {

namespace {

std::string str(const QString& text) { return text.toStdString(); }

/// Runs the event loop (background training reports through it) until `done` holds or
/// `timeoutMs` passes. Polling a state cannot miss a signal emitted before the wait began.
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

void openDocument(MainWindow& window, const EvidenceRequest& request)
{
    QString failure;
    QObject::connect(window.documents(), &DocumentController::errorOccurred, &window,
                     [&failure](const QString&, const QString& message) { failure = message; });
    const bool opened = request.database.isEmpty()
                            ? window.documents()->openExample(request.example)
                            : window.documents()->openFile(request.database);
    if (!opened)
        throw core::ConfigError(str(failure.isEmpty() ? request.database : failure));
}

bool modelsValidated(const MainWindow& window)
{
    const ModelController* models = window.models();
    return !models->entries().empty() && !models->isTraining() && !models->isValidating();
}

} // namespace

EvidencePackResult writeEvidencePackHeadless(const EvidenceRequest& request)
{
    if (request.out.isEmpty())
        throw core::ConfigError("evidence: missing required option --out");
    checkEvidenceFolder(request.out);
    // Parsed once here so that a bad scenario fails before a database is opened.
    core::parseScenarioText(str(request.scenario), core::Configuration{});
    MainWindow window;
    window.setErrorDialogsEnabled(false);
    openDocument(window, request);
    if (!request.scenario.isEmpty())
        window.scenarioPanel()->setScenario(
            core::parseScenarioText(str(request.scenario), window.scenarioPanel()->scenario()));
    window.resize(request.windowSize);
    window.show();
    if (!runUntil([&] { return modelsValidated(window); }, request.timeoutMs))
        throw core::Error("evidence: the models were not trained and cross-validated within " +
                          std::to_string(request.timeoutMs / 1000) + " s");
    return writeEvidencePack(window, request.out);
}

} // namespace iolens::ui

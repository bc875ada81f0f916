// SPDX-License-Identifier: GPL-3.0-or-later
#include "evidence/evidence_request.hpp"

#include "common/error.hpp"
#include "data/scenario_text.hpp"
#include "evidence/evidence_folder.hpp"
#include "prediction/model_controller.hpp"
#include "render/headless_window.hpp"
#include "window/main_window.hpp"

namespace iolens::ui {

namespace {

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
    core::parseScenarioText(request.scenario.toStdString(), core::Configuration {});
    MainWindow window;
    openHeadlessWindow(window,
        {request.database, request.example, request.scenario, request.windowSize,
            request.storedModels, request.techniques});
    if (!runUntil([&] { return modelsValidated(window); }, request.timeoutMs))
        throw core::Error("evidence: the models were not trained and cross-validated within "
            + std::to_string(request.timeoutMs / 1000) + " s");
    return writeEvidencePack(window, request.out);
}

} // namespace iolens::ui

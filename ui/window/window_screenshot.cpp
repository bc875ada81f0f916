// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/window_screenshot.hpp"

#include "appsim/application_panel.hpp"
#include "common/pending_layouts.hpp"
#include "models/model_comparison_panel.hpp"
#include "prediction/model_controller.hpp"
#include "traces/trace_panel.hpp"
#include "window/error_cdf_page.hpp"
#include "window/main_window.hpp"

#include <QComboBox>
#include <QDebug>
#include <QDir>
#include <QFileInfo>
#include <QPixmap>
#include <QPointer>
#include <QTabWidget>
#include <QTimer>

#include <memory>

namespace iolens::ui {

namespace {

bool grabTo(MainWindow& window, const QString& path, bool showsCrossValidation)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    // A picture of a view that shows no cross-validated figure is finished when its models are;
    // the status line's "Cross-validating them…" would make a slide look unfinished.
    if (!showsCrossValidation)
        window.showSettledStatus();
    settlePendingLayouts();
    const QPixmap picture = window.grab();
    if (picture.isNull() || !picture.save(path, "PNG")) {
        qWarning().noquote() << "cannot write screenshot" << path;
        return false;
    }
    return true;
}

} // namespace

void saveScreenshotWhenReady(
    MainWindow& window, const QString& path, const std::function<void(bool)>& done, int timeoutMs)
{
    QPointer<MainWindow> target(&window);
    // Shared by the two ways this can end, so only the first one reports.
    auto finished = std::make_shared<bool>(false);
    // The Models and Error CDF tabs show cross-validated figures, which come after the models.
    const bool figures = window.views()->currentWidget() == window.comparisonPanel()
        || window.views()->currentWidget() == window.errorCdfPage();
    auto finish = [target, path, done, finished, figures](bool ready) {
        if (*finished || !target)
            return;
        *finished = true;
        done(ready && grabTo(*target, path, figures));
    };
    // A zero timer lets the evaluation that follows modelsReady reach the panel and the layout
    // settle before the picture is taken.
    auto grabSoon = [finish] { QTimer::singleShot(0, [finish] { finish(true); }); };
    QTimer::singleShot(timeoutMs, &window, [finish] {
        qWarning() << "screenshot: the models did not finish in time";
        finish(false);
    });
    ModelController* models = window.models();
    // The Trace tab trains its own models on the stored trace; the prediction panel above it
    // shows the measurement models, so a picture waits for those that are training (a database
    // holding only a trace trains none, and is not waited for).
    if (window.views()->currentWidget() == window.tracePage()) {
        TracePanel* trace = window.tracePage();
        auto traceReady = [trace, grabSoon] {
            if (trace->traceChoice()->count() == 0) {
                grabSoon();
                return;
            }
            QObject::connect(
                trace, &TracePanel::analysisShown, trace, grabSoon, Qt::SingleShotConnection);
            trace->analyseNow();
        };
        if (models->isTraining())
            QObject::connect(models, &ModelController::modelsReady, &window, traceReady,
                Qt::SingleShotConnection);
        else
            traceReady();
        return;
    }
    // The Application tab draws a simulation of the models: once they are there, it runs one
    // at once and the picture waits for its curve.
    ApplicationPanel* application = window.views()->currentWidget() == window.applicationPage()
        ? window.applicationPage()
        : nullptr;
    auto whenReady = [application, grabSoon] {
        if (!application) {
            grabSoon();
            return;
        }
        QObject::connect(application, &ApplicationPanel::sweepShown, application, grabSoon,
            Qt::SingleShotConnection);
        application->simulateNow();
    };
    const bool ready = !models->entries().empty() && !models->isTraining()
        && !(figures && models->isValidating());
    if (ready)
        whenReady();
    else
        QObject::connect(models,
            figures ? &ModelController::evaluationsReady : &ModelController::modelsReady, &window,
            whenReady, Qt::SingleShotConnection);
}

} // namespace iolens::ui

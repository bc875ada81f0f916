// SPDX-License-Identifier: GPL-3.0-or-later
#include "evidence/evidence_views.hpp"

#include "common/pending_layouts.hpp"
#include "plots/plot_export.hpp"
#include "prediction/model_controller.hpp"
#include "render/render_views.hpp"
#include "render/widget_picture.hpp"
#include "window/main_window.hpp"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QDir>
#include <QImage>
#include <QImageWriter>
#include <QTabWidget>

namespace iolens::ui {

namespace {

/// The context of the messages for Qt Linguist.
class EvidenceViews {
    Q_DECLARE_TR_FUNCTIONS(EvidenceViews)
};

void addTexts(QImage& image, const QString& title, const EvidenceTexts& texts)
{
    const std::pair<const char*, QString> chunks[]
        = {{"Title", title}, {"Scenario", texts.scenario}, {"Models", texts.models},
            {"Dataset", texts.dataset}, {"Database-SHA256", texts.databaseSha256},
            {"Software", texts.software}, {"Creation Time", texts.created}};
    for (const auto& [key, value] : chunks)
        if (!value.isEmpty())
            image.setText(QString::fromLatin1(key), value);
}

/// Shows the tab that holds `widget`, so that it is laid out at its size in the window (a page
/// that was never shown has no size yet). Widgets outside the tabs are always shown.
void revealTab(MainWindow& window, QWidget* widget)
{
    QTabWidget* tabs = window.views();
    for (int i = 0; i < tabs->count(); ++i) {
        QWidget* page = tabs->widget(i);
        if (page == widget || page->isAncestorOf(widget)) {
            tabs->setCurrentIndex(i);
            QCoreApplication::processEvents(); // lay the page out before it is drawn
            return;
        }
    }
}

QString whyNotReady(const RenderView& view, MainWindow& window)
{
    if (view.name == QLatin1String("surface"))
        return EvidenceViews::tr("no parameter search has run in this window");
    if (window.models()->isTraining() || window.models()->entries().empty())
        return EvidenceViews::tr("the models are still training");
    if (window.models()->isValidating())
        return EvidenceViews::tr("the models are still being cross-validated");
    return EvidenceViews::tr("the view has nothing to show yet");
}

bool writePng(QImage image, const QString& path, const QString& title, const EvidenceTexts& texts,
    QString& reason)
{
    image.setDevicePixelRatio(1.0);
    addTexts(image, title, texts);
    QImageWriter writer(path, "png");
    if (writer.write(image))
        return true;
    reason = EvidenceViews::tr("%1: cannot write (%2)").arg(path, writer.errorString());
    return false;
}

/// One view as PNG and PDF; returns the names written, appends failures to `errors`.
QStringList writeView(const RenderView& view, MainWindow& window, const QString& folder,
    const EvidenceTexts& texts, QSize plotSize, QStringList& errors)
{
    const RenderTarget target = view.target(window);
    const PictureInfo info {view.title, texts.scenario, texts.models};
    const QString png = QStringLiteral("views/%1.png").arg(view.name);
    const QString pdf = QStringLiteral("views/%1.pdf").arg(view.name);
    QString reason;
    bool pngDone = false;
    bool pdfDone = false;
    if (target.plot) {
        PlotExportOptions options;
        options.size = plotSize;
        options.info = info;
        pngDone = writePng(plotImage(*target.plot, options), QDir(folder).filePath(png), view.title,
            texts, reason);
        if (!pngDone)
            errors.push_back(reason);
        pdfDone = savePlot(*target.plot, QDir(folder).filePath(pdf), options, &reason);
    } else {
        revealTab(window, target.widget);
        settlePendingLayouts();
        pngDone = writePng(
            target.widget->grab().toImage(), QDir(folder).filePath(png), view.title, texts, reason);
        if (!pngDone)
            errors.push_back(reason);
        pdfDone = saveWidgetPicture(*target.widget, QDir(folder).filePath(pdf), info, &reason);
    }
    if (!pdfDone)
        errors.push_back(reason);
    QStringList written;
    if (pngDone)
        written.push_back(png);
    if (pdfDone)
        written.push_back(pdf);
    return written;
}

} // namespace

ViewsEvidence writeViewPictures(
    MainWindow& window, const QString& folder, const EvidenceTexts& texts, QSize plotSize)
{
    ViewsEvidence evidence;
    QDir(folder).mkpath(QStringLiteral("views"));
    const int shownTab = window.views()->currentIndex();
    for (const RenderView& view : renderViews()) {
        if (!view.ready(window)) {
            evidence.skipped.emplace_back(view.name, whyNotReady(view, window));
            continue;
        }
        evidence.written += writeView(view, window, folder, texts, plotSize, evidence.errors);
    }
    window.views()->setCurrentIndex(shownTab);
    return evidence;
}

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace iolens::ui {

class MainWindow;

/// Text chunks every PNG of the pack carries (QImage::setText), so that a picture that leaves the
/// pack still names the scenario, the models and the data it shows.
struct EvidenceTexts {
    QString scenario;       ///< "Scenario": core::scenarioText of the window's scenario
    QString models;         ///< "Models": the model labels, comma separated
    QString dataset;        ///< "Dataset"
    QString databaseSha256; ///< "Database-SHA256"
    QString software;       ///< "Software": "iolens 0.1.0"
    QString created;        ///< "Creation Time": ISO 8601, UTC
};

/// What writeViewPictures() did.
struct ViewsEvidence {
    QStringList written; ///< file names relative to the folder ("views/cdf.png"), in order
    /// Views left out and why ("surface", "no parameter search has run in this window").
    std::vector<std::pair<QString, QString>> skipped;
    QStringList errors; ///< files that could not be written, with the reason
};

/// Writes every view of renderViews() that is ready in `window` now as `views/<name>.png` and
/// `views/<name>.pdf` under `folder`. Plots are drawn at `plotSize` (both formats); tables and
/// panels as they are laid out in the window, their tab shown for the moment of the picture (the
/// current tab is restored afterwards). A view that is not ready (models still training, no
/// parameter search run) is skipped with the reason; nothing here starts work.
/// Needs a QApplication; runs on the UI thread.
ViewsEvidence writeViewPictures(MainWindow& window, const QString& folder,
    const EvidenceTexts& texts, QSize plotSize = {1600, 1000});

} // namespace iolens::ui

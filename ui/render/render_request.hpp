// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/metric.hpp"
#include "document/example_database.hpp"
#include "whatif/sla_limit.hpp"
#include "window/stored_model_choice.hpp"

#include <QSize>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace iolens::ui {

/// What `iolens-cli render` draws: a view of the window on a database, headless, into a PNG,
/// SVG or PDF file ("Presenting and exporting").
struct RenderRequest {
    QString database;                   ///< database file; empty: the embedded `example`
    Example example = Example::Tiered;  ///< used when `database` is empty
    QString view;                       ///< a name of renderViews(): "cdf", "conservation", ...
    std::optional<core::Metric> metric; ///< cdf and surface: the metric shown (a core metric)
    QString scenario;                   ///< core::parseScenarioText form; empty: the default
    /// cdf: the error scenario, cv|interpolation|extrapolation|multivm or a rule in the
    /// `iolens-cli evaluate --scenario` syntax ("request_kib>32"); empty: cross-validation.
    QString cdfScenario;
    std::optional<int> local; ///< cdf: only the N measurements nearest the scenario (N >= 1)
    std::vector<core::SlaLimit> limits; ///< profiler: SLA limits shaded; empty: the window's
    QString runs; ///< insideout: a lowlevel directory (KEY.nodes.csv + KEY.target.csv per run)
    QSize size {1600, 1000};             ///< picture size in pixels (logical; PNG at scale 1)
    QString out;                         ///< .png, .svg or .pdf
    int timeoutMs = 600000;              ///< training, cross-validation or search must end by then
    StoredModelChoice storedModels;      ///< the database's stored models drawn beside the window's
    std::vector<std::string> techniques; ///< the window's own models; empty: its default
};

/// Parses "1600x1000" (width x height, each 100..10000 pixels). Throws core::ConfigError saying
/// what is expected.
QSize parseRenderSize(const QString& text);

} // namespace iolens::ui

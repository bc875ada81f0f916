// SPDX-License-Identifier: GPL-3.0-or-later
#include "profiler/profiler_view.hpp"

#include "common/metric_text.hpp"
#include "models/vm_projection.hpp"
#include "plots/plot_style.hpp"
#include "prediction/model_controller.hpp"
#include "prediction/scenario_evaluation.hpp"
#include "profiler/defined_stretch.hpp"
#include "profiler/profile_plot.hpp"
#include "profiler/value_range.hpp"
#include "validation/out_of_sample.hpp"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace iolens::ui {

namespace {

// The order of the plots: the workload factors an admin moves most first.
constexpr std::array kPlotOrder {core::Factor::RequestBytes, core::Factor::ReadPct,
    core::Factor::FilesetBytes, core::Factor::Scheduler, core::Factor::Pattern, core::Factor::Vms,
    core::Factor::Threads};

const QString kLegendSeparator = QStringLiteral("&nbsp;&nbsp;&nbsp; ");

/// The opacity of the recommended model's interval band over the plot.
constexpr int kIntervalAlpha = 55;

QString swatch(const QColor& color, const QString& glyph)
{
    return QStringLiteral("<span style=\"color:%1\">%2</span>").arg(color.name(), glyph);
}

/// `text` as HTML that never breaks across lines: the legend wraps between its items, never inside
/// one ("far" | "from data"). A word joiner after a dash, which would otherwise allow a break.
QString unbreakable(const QString& text)
{
    QString html = text.toHtmlEscaped();
    html.replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
    html.replace(QChar(0x2013), QStringLiteral("&#8211;&#8288;"));
    html.replace(QLatin1Char('-'), QStringLiteral("&#8209;")); // a non-breaking hyphen
    return html;
}

/// `fill` (with its alpha) blended over an opaque `background`: a band's colour as it looks on
/// the plot, for a legend swatch that HTML draws opaque.
QColor blendedOver(const QColor& fill, const QColor& background)
{
    const double a = fill.alphaF();
    const auto over
        = [a](int c, int under) { return static_cast<int>(std::lround(under + a * (c - under))); };
    return QColor(over(fill.red(), background.red()), over(fill.green(), background.green()),
        over(fill.blue(), background.blue()));
}

} // namespace

ProfilerView::ProfilerView(ModelController* models, QWidget* parent)
    : QWidget(parent)
    , m_models(models)
    , m_metricBox(new QComboBox(this))
    , m_legend(new QLabel(this))
    , m_limitCaption(new QLabel(this))
    , m_placeholder(new QLabel(this))
    , m_grid(new QGridLayout)
    , m_scroll(new QScrollArea)
{
    for (const core::Metric metric : core::kCoreMetrics)
        m_metricBox->addItem(tr("%1 (%2)").arg(metricTitle(metric), metricUnitText(metric)),
            static_cast<int>(metric));
    auto* metricLabel = new QLabel(tr("&Metric:"), this);
    metricLabel->setBuddy(m_metricBox);
    m_legend->setWordWrap(true);
    m_legend->setToolTip(
        tr("Model spread: the lowest to the highest prediction of the models. Far from data: "
           "the nearest measured configuration is more than one step away (a doubling of a "
           "size or count, all reads vs all writes, another scheduler or pattern). Measured: "
           "the measurements that equal the scenario in every other factor.")
        + QLatin1Char(' ')
        + tr("Dashed: where a stored model's curve leaves the data it was trained on.")
        + QLatin1Char(' ')
        + tr("The y axis fits the measurements and the first model's curve and interval; an "
             "arrow in a curve's colour on the top or bottom edge marks where it leaves.")
        + QLatin1Char(' ')
        + tr("A curve dashed in two colours lies exactly on another model's (\"cubist (= m5)\")."));
    m_legend->setTextFormat(Qt::RichText);
    m_limitCaption->setWordWrap(true);
    m_limitCaption->setTextFormat(Qt::RichText);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setText(tr("Open a database: the profiler shows how each factor moves the "
                              "prediction around the scenario."));
    auto* controls = new QHBoxLayout;
    controls->addWidget(metricLabel);
    controls->addWidget(m_metricBox);
    controls->addSpacing(12);
    controls->addWidget(m_legend, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_limitCaption);
    layout->addWidget(m_placeholder);
    // The panels scroll rather than shrink below their least height: in presentation mode's
    // large fonts at 1280x800, with the scenario panels open, the tab had about 160 pixels per
    // row, and the first row's tick labels were cut by the second row.
    auto* panels = new QWidget;
    panels->setLayout(m_grid);
    m_scroll->setWidget(panels);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    layout->addWidget(m_scroll, 1);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(2);

    connect(m_metricBox, &QComboBox::currentIndexChanged, this, &ProfilerView::refresh);
    connect(m_models, &ModelController::trainingStarted, this, &ProfilerView::rebuildDomain);
    connect(m_models, &ModelController::evaluated, this, &ProfilerView::onEvaluated);
    connect(m_models, &ModelController::entryChanged, this, &ProfilerView::refresh);
    updateLimitCaption();
    rebuildDomain();
}

core::Metric ProfilerView::metric() const
{
    return static_cast<core::Metric>(m_metricBox->currentData().toInt());
}

void ProfilerView::setMetric(core::Metric metric)
{
    const int index = m_metricBox->findData(static_cast<int>(metric));
    if (index >= 0)
        m_metricBox->setCurrentIndex(index);
}

ProfilePlot* ProfilerView::plot(core::Factor factor) const
{
    const auto it = m_plots.find(factor);
    return it == m_plots.end() ? nullptr : it->second;
}

const core::Profile* ProfilerView::profile(core::Factor factor) const
{
    const auto it = m_sweeps.find(factor);
    return it == m_sweeps.end() ? nullptr : &it->second.along.profile;
}

const core::LimitRegions* ProfilerView::limitRegions(core::Factor factor) const
{
    const auto it = m_sweeps.find(factor);
    return it == m_sweeps.end() ? nullptr : &it->second.regions;
}

void ProfilerView::setLimits(const std::vector<core::SlaLimit>& limits)
{
    m_limits = limits;
    updateLimitCaption();
    refresh();
}

QString ProfilerView::limitCaption() const
{
    return m_limitCaption->text();
}

void ProfilerView::updateLimitCaption()
{
    if (m_limits.empty()) {
        m_limitCaption->setText(tr("No SLA limits set: tick limits in the Capacity tab to shade "
                                   "where along each factor the scenario keeps them."));
        return;
    }
    QStringList texts;
    for (const core::SlaLimit& limit : m_limits)
        texts << tr("%1 %2 %3 %4")
                     .arg(metricShortTitle(limit.metric),
                         limit.atMost ? QStringLiteral("≤") : QStringLiteral("≥"),
                         QLocale().toString(limit.bound), metricUnitText(limit.metric))
                     .toHtmlEscaped();
    m_limitCaption->setText(tr(
        "<b>SLA limits:</b> %1. Shaded: green where every model keeps every limit, amber "
        "where the models disagree, red where none does; a dash-dotted line marks a limit on the "
        "metric shown.")
                                .arg(texts.join(QStringLiteral(", "))));
}

void ProfilerView::rebuildDomain()
{
    m_configs.clear();
    for (const core::AggregatedMeasurement& row : m_models->measured().all())
        m_configs.push_back(row.config);
    m_domain = core::factorDomain(m_configs);
    m_space = core::MeasuredSpace(m_configs);
    for (auto& [factor, plot] : m_plots)
        delete plot;
    m_plots.clear();
    m_sweeps.clear();
    if (!m_domain.empty()) {
        std::vector<core::Factor> shown;
        for (core::Factor factor : kPlotOrder)
            if (factor != core::Factor::Threads || core::variesInDomain(m_domain, factor))
                shown.push_back(factor);
        // Three columns fit 1280 px with readable ticks; a seventh plot takes a fourth column.
        const int columns = shown.size() > 6 ? 4 : 3;
        for (std::size_t i = 0; i < shown.size(); ++i) {
            auto* plot = new ProfilePlot(shown[i], this);
            m_grid->addWidget(plot, static_cast<int>(i) / columns, static_cast<int>(i) % columns);
            connect(plot, &ProfilePlot::valuePicked, this, &ProfilerView::pick);
            m_plots.emplace(shown[i], plot);
            m_sweeps[shown[i]].along.factor = shown[i];
        }
    }
    m_placeholder->setVisible(m_plots.empty());
    refresh();
}

void ProfilerView::onEvaluated(const ScenarioEvaluation& evaluation)
{
    m_scenario = evaluation.scenario;
    m_hasScenario = true;
    refresh();
}

void ProfilerView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

void ProfilerView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        updateLegend();
}

void ProfilerView::collectModels(std::vector<const core::TrainedModel*>& models)
{
    models.clear();
    m_labels.clear();
    m_colors.clear();
    m_ownDomain.clear();
    m_limitModels.clear();
    const auto& entries = m_models->entries();
    for (const core::SlaLimit& limit : m_limits)
        m_limitModels[limit.metric]; // every limited metric, even with no model yet
    for (const auto& entry : entries) {
        // A model set votes on the limits only with a model for every limited metric.
        const bool complete = std::all_of(m_limitModels.begin(), m_limitModels.end(),
            [&](const auto& limited) { return entry.model(limited.first) != nullptr; });
        if (!complete)
            continue;
        for (auto& [metric, voters] : m_limitModels)
            voters.push_back(entry.model(metric));
    }
    for (std::size_t e = 0; e < entries.size(); ++e) {
        if (const core::TrainedModel* model = entries[e].model(metric())) {
            models.push_back(model);
            m_labels.push_back(entries[e].label);
            m_ownDomain.push_back(entries[e].origin == ModelOrigin::Stored);
            // By entry, so a model keeps its colour while others are still training.
            m_colors.push_back(seriesColor(static_cast<int>(e)));
        }
    }
    // Whether the first model (the recommended one, when chosen) has calibrated intervals: asked
    // once here, so the legend can say what the band is before the plots are drawn.
    m_intervalLabel.clear();
    if (!models.empty() && m_hasScenario) {
        try {
            if (core::predictIntervalSpreadOverVms(
                    *models.front(), {m_scenario}, kPredictionIntervalLevel))
                m_intervalLabel = m_labels.front();
        } catch (const std::exception&) {
            // a scenario this model cannot answer: the band stays the models' spread
        }
    }
}

void ProfilerView::refresh()
{
    if (!isVisible()) {
        m_dirty = true; // hidden tabs cost nothing on a slider step
        return;
    }
    m_dirty = false;
    std::vector<const core::TrainedModel*> models;
    collectModels(models);
    if (!m_hasScenario || m_domain.empty()) {
        updateLegend();
        return;
    }
    // The sweeps in parallel (core::sweepFactors), the drawing after them on this thread.
    std::vector<core::FactorSweep*> sweeps;
    std::vector<std::pair<core::Factor, Sweep*>> drawn;
    for (auto& [factor, sweep] : m_sweeps) {
        sweeps.push_back(&sweep.along);
        drawn.emplace_back(factor, &sweep);
    }
    core::SweepInputs inputs;
    inputs.models = models;
    inputs.scenario = m_scenario;
    inputs.domain = &m_domain;
    inputs.options = m_options;
    inputs.space = &m_space;
    // The recommended model's calibrated interval replaces the models' spread as the band: it
    // says how far off the answer may be, which the spread of other models only hints at.
    if (!m_intervalLabel.isEmpty())
        inputs.intervalLevel = kPredictionIntervalLevel;
    core::sweepFactors(
        inputs, sweeps, [&](std::size_t k) { sweepLimits(drawn[k].first, *drawn[k].second); });
    ValueSpan span;
    for (auto& [factor, sweep] : drawn)
        drawPlot(factor, *sweep, models, span);
    const ValueRange range = paddedValueRange(span);
    for (auto& [factor, plot] : m_plots) {
        plot->setValueRange(range.low, range.high);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
    // Once per step, after the drawing: which curves coincide and which leave the range is
    // known only then.
    updateLegend();
}

void ProfilerView::drawPlot(core::Factor factor, Sweep& sweep,
    const std::vector<const core::TrainedModel*>& models, ValueSpan& span)
{
    const core::FactorSweep& along = sweep.along;
    const bool interval = along.interval;
    ProfileDrawing drawing;
    drawing.limits = &sweep.regions;
    for (const core::SlaLimit& limit : m_limits)
        if (limit.metric == metric()) {
            drawing.limitBounds.push_back(limit.bound);
            // The shared y range holds the bound, so its line is always in view.
            span.include(limit.bound);
        }
    drawing.profile = &along.profile;
    drawing.shown = definedStretch(along.profile.grid, metric());
    drawing.band = &along.band;
    if (interval) {
        QColor fill = m_colors.front();
        fill.setAlpha(kIntervalAlpha);
        drawing.bandColor = fill;
    }
    drawing.far = &along.far;
    drawing.colors = m_colors;
    drawing.labels = m_labels;
    drawing.outsideOwnDomain.resize(models.size());
    for (std::size_t m = 0; m < models.size(); ++m) {
        if (!m_ownDomain[m])
            continue;
        // As the prediction panel judges it: by what the model is asked for each point.
        auto& outside = drawing.outsideOwnDomain[m];
        for (const core::Configuration& point : along.profile.points)
            outside.push_back(!core::insideTrainingRanges(
                models[m]->schema(), core::askedConfiguration(*models[m], point)));
    }
    const auto& rows = m_models->measured().all();
    for (std::size_t i : core::measuredAlong(m_configs, m_scenario, factor)) {
        const std::optional<double> value = rows[i].value(metric());
        if (!value)
            continue;
        drawing.measuredX.push_back(core::sweepCoordinate(along.profile.grid, rows[i].config));
        drawing.measuredY.push_back(*value);
        span.include(*value);
    }
    // The range follows the data and the recommended (first) model with its interval; the other
    // curves and the models' spread may leave it (arrows at the edge).
    if (!along.profile.y.empty())
        for (const double v : along.profile.y.front())
            span.include(v);
    if (interval)
        for (const std::vector<double>* end : {&along.band.low, &along.band.high})
            for (const double v : *end)
                if (v > 0.0) // a lower bound at 0 would make the axis linear
                    span.include(v);
    m_plots.at(factor)->show(drawing,
        tr("%1 (%2)").arg(metricShortTitle(metric()), metricUnitText(metric())),
        metricUnitText(metric()));
}

void ProfilerView::sweepLimits(core::Factor factor, Sweep& sweep) const
{
    std::erase_if(
        sweep.limited, [&](const auto& kept) { return !m_limitModels.contains(kept.first); });
    // One sweep per limited metric (two limits on one metric share it), kept between redraws
    // so its buffers are reused.
    for (const auto& [metric, voters] : m_limitModels)
        core::profile(voters, m_scenario, factor, m_domain, m_options, sweep.limited[metric]);
    std::vector<core::LimitedProfile> limited;
    for (const core::SlaLimit& limit : m_limits)
        limited.push_back({limit, &sweep.limited.at(limit.metric)});
    core::limitRegions(limited, sweep.regions);
}

void ProfilerView::updateLegend()
{
    // The swatches are drawn in the colours the plots show on this palette (dark or light).
    const QPalette& shown = palette();
    const auto swatchOn = [&shown](const QColor& chosen, const QString& glyph) {
        return swatch(colorOnPalette(chosen, shown), glyph) + QStringLiteral("&nbsp;");
    };
    QStringList items;
    for (std::size_t m = 0; m < m_labels.size(); ++m) {
        // A curve on an earlier one in every plot is drawn dashed over it: "cubist (= m5)".
        const int earlier = coincidingEverywhere(static_cast<int>(m));
        items << (earlier >= 0 ? swatchOn(m_colors[m], QStringLiteral("&#9549;&#9549;"))
                    + unbreakable(
                        tr("%1 (= %2)")
                            .arg(m_labels[m], m_labels[static_cast<std::size_t>(earlier)]))
                               : swatchOn(m_colors[m], QStringLiteral("&#9473;&#9473;"))
                    + unbreakable(m_labels[m]));
    }
    if (m_labels.empty() && !m_plots.empty())
        items << unbreakable(tr("Training the models…"));
    // The swatches of bands show them as they look on the plot: the fill over its background.
    const QColor background = shown.color(QPalette::Base);
    if (m_intervalLabel.isEmpty()) {
        items << swatchOn(QColor(0xB0, 0xB0, 0xB0), QStringLiteral("&#9632;"))
                + unbreakable(tr("model spread (min–max)"));
    } else {
        QColor fill = colorOnPalette(m_colors.front(), shown);
        fill.setAlpha(kIntervalAlpha);
        items << swatch(blendedOver(fill, background), QStringLiteral("&#9632;"))
                + QStringLiteral("&nbsp;")
                + unbreakable(tr("%1: %2 % prediction interval")
                                  .arg(m_intervalLabel)
                                  .arg(qRound(kPredictionIntervalLevel * 100.0)));
    }
    if (!m_limits.empty()) {
        const auto band = [&background](core::LimitVerdict verdict) {
            return swatch(blendedOver(ProfilePlot::limitColor(verdict), background),
                       QStringLiteral("&#9608;"))
                + QStringLiteral("&nbsp;");
        };
        items << band(core::LimitVerdict::AllMeet) + unbreakable(tr("all models keep the limits"));
        items << band(core::LimitVerdict::Disagree) + unbreakable(tr("models disagree"));
        items << band(core::LimitVerdict::NoneMeet) + unbreakable(tr("no model keeps them"));
    }
    if (std::any_of(m_limits.begin(), m_limits.end(),
            [&](const core::SlaLimit& limit) { return limit.metric == metric(); }))
        items << swatchOn(ProfilePlot::limitLineColor(), QStringLiteral("&#8211;&#183;&#8211;"))
                + unbreakable(tr("limit"));
    items << swatchOn(QColor(0xB7, 0x41, 0x0E), QStringLiteral("&#9636;"))
            + unbreakable(
                tr("far from data (> %1 step)").arg(QLocale().toString(core::kFarFromDataSteps)));
    if (std::any_of(m_plots.begin(), m_plots.end(),
            [](const auto& shown) { return !shown.second->exitMarks().empty(); }))
        items << swatchOn(QColor(0x50, 0x50, 0x50), QStringLiteral("&#9650;&#9660;"))
                + unbreakable(tr("leaves the range"));
    items << swatchOn(Qt::black, QStringLiteral("&#9679;")) + unbreakable(tr("measured"));
    items << swatchOn(QColor(0x30, 0x30, 0x30), QStringLiteral("&#9478;"))
            + unbreakable(tr("scenario"));
    // Lines break only at the plain space that ends each separator.
    m_legend->setText(items.join(kLegendSeparator));
}

int ProfilerView::coincidingEverywhere(int curve) const
{
    int earlier = -1;
    for (const auto& [factor, plot] : m_plots) {
        if (plot->curveCount() != static_cast<int>(m_labels.size()))
            return -1; // drawn before the models changed: nothing to say yet
        const int here = plot->coincidingWith(curve);
        if (here < 0 || (earlier >= 0 && here != earlier))
            return -1;
        earlier = here;
    }
    return earlier;
}

QStringList ProfilerView::legendItems() const
{
    return m_legend->text().split(kLegendSeparator);
}

QString ProfilerView::legendText() const
{
    return m_legend->text();
}

void ProfilerView::pick(core::Factor factor, double x)
{
    const auto it = m_sweeps.find(factor);
    if (!m_hasScenario || it == m_sweeps.end() || it->second.along.profile.grid.x.empty())
        return;
    const core::SweepGrid& grid = it->second.along.profile.grid;
    x = std::clamp(x, grid.x.front(), grid.x.back());
    core::Configuration next = m_scenario;
    switch (grid.spacing) {
    case core::SweepSpacing::Categorical:
        core::applySweepPoint(grid, static_cast<std::size_t>(std::lround(x)), next);
        break;
    case core::SweepSpacing::Integer:
    case core::SweepSpacing::Linear: // the read-share slider moves in whole per cent
        core::setNumericValue(next, factor, std::round(x));
        break;
    case core::SweepSpacing::Log:
        core::setNumericValue(next, factor, x);
        break;
    }
    emit scenarioRequested(next);
}

} // namespace iolens::ui

#include "moc_profiler_view.cpp"

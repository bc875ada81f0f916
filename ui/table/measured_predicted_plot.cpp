// SPDX-License-Identifier: GPL-3.0-or-later
#include "table/measured_predicted_plot.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "models/vm_projection.hpp"
#include "plots/decade_ticker.hpp"
#include "plots/plot_style.hpp"
#include "prediction/model_controller.hpp"
#include "prediction/model_text.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace iolens::ui {

namespace {

void setupLogAxis(QCPAxis& axis, const QString& label)
{
    axis.setScaleType(QCPAxis::stLogarithmic);
    axis.setTicker(QSharedPointer<DecadeTicker>::create(&axis));
    axis.setLabel(label);
    axis.grid()->setSubGridVisible(true);
}

} // namespace

MeasuredPredictedPlot::MeasuredPredictedPlot(ModelController* models, QWidget* parent)
    : QWidget(parent)
    , m_models(models)
    , m_model(new QComboBox)
    , m_metric(new QComboBox)
    , m_plot(new QCustomPlot)
{
    for (core::Metric metric : core::kCoreMetrics)
        m_metric->addItem(metricTitle(metric), static_cast<int>(core::metricIndex(metric)));

    auto* choices = new QHBoxLayout;
    auto* modelLabel = new QLabel(tr("&Model:"));
    modelLabel->setBuddy(m_model);
    auto* metricLabel = new QLabel(tr("M&etric:"));
    metricLabel->setBuddy(m_metric);
    // The metric's name whole ("Read response time", which presentation mode's font cut to
    // "Read response tir"); the model's label takes what is left.
    m_metric->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    // Its minimum size hint is short of its text (151 of 212 pixels in presentation mode), and a
    // narrow panel gave it only that: "Read respons". Fixed, the layout reserves the whole text.
    m_metric->setSizePolicy(QSizePolicy::Fixed, m_metric->sizePolicy().verticalPolicy());
    m_model->setMinimumContentsLength(6);
    m_model->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    choices->addWidget(modelLabel);
    choices->addWidget(m_model, 1);
    choices->addWidget(metricLabel);
    choices->addWidget(m_metric);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(choices);
    layout->addWidget(m_plot, 1);

    applyPlotStyle(*m_plot);
    m_plot->setMinimumSize(320, 260);
    const PlotHeading heading = addHeadingRows(*m_plot, 1.1);
    m_title = heading.title;
    m_subtitle = heading.subtitle;
    m_others = m_plot->addGraph();
    m_others->setName(tr("other configurations"));
    m_others->setLineStyle(QCPGraph::lsNone);
    m_others->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(0xb0, 0xb0, 0xb0), 6));
    m_inFilter = m_plot->addGraph();
    m_inFilter->setName(tr("in the table's filter"));
    m_inFilter->setLineStyle(QCPGraph::lsNone);
    m_inFilter->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(0), 7));
    m_selectedMark = m_plot->addGraph();
    m_selectedMark->setName(tr("selected"));
    m_selectedMark->setLineStyle(QCPGraph::lsNone);
    m_selectedMark->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(seriesColor(1), 2.5), Qt::NoBrush, 16));
    m_identity = new QCPItemLine(m_plot);
    m_identity->setPen(QPen(QColor(0x60, 0x60, 0x60), 1.2, Qt::DashLine));
    // The legend in a row of its own under the axes, its entries side by side: inside the axes
    // every corner holds points for some model and metric.
    m_plot->plotLayout()->addElement(m_plot->plotLayout()->rowCount(), 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(m_plot->plotLayout()->rowCount() - 1, 0.001);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setVisible(true);
    // The legend draws its frame on its outer rectangle: as the plot's last row, the frame's
    // bottom line fell on the row of pixels under the widget.
    m_plot->plotLayout()->setMargins(QMargins(0, 0, 0, 2));
    fitAfterLayout(*m_plot, [this] { return wrapSubtitle(); });

    connect(m_model, &QComboBox::currentIndexChanged, this, &MeasuredPredictedPlot::redraw);
    connect(m_metric, &QComboBox::currentIndexChanged, this, &MeasuredPredictedPlot::redraw);
    // New data, or an entry's models replaced: the cached predictions are stale.
    connect(m_models, &ModelController::trainingStarted, this, [this] {
        m_cache.valid = false;
        rebuildModelChoice();
    });
    connect(m_models, &ModelController::entryChanged, this, [this](int entry) {
        if (entry == m_cache.entry)
            m_cache.valid = false;
        rebuildModelChoice();
    });
    rebuildModelChoice();
}

void MeasuredPredictedPlot::setHighlighted(const std::vector<core::Configuration>& configs)
{
    if (configs == m_highlighted)
        return; // the table was sorted, not filtered: the same points
    m_highlighted = configs;
    if (!std::is_sorted(m_highlighted.begin(), m_highlighted.end()))
        std::sort(m_highlighted.begin(), m_highlighted.end());
    redraw();
}

void MeasuredPredictedPlot::setSelected(const core::Configuration& config)
{
    m_selected = config;
    // Only the ring moves: the points and the title's figure stay as they are.
    const auto metric
        = core::kCoreMetrics[static_cast<std::size_t>(std::max(0, m_metric->currentIndex()))];
    const bool cached
        = m_cache.valid && m_cache.entry == m_model->currentIndex() && m_cache.metric == metric;
    markSelected(cached ? &m_cache.predicted : nullptr, metric);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MeasuredPredictedPlot::markSelected(const std::vector<double>* predicted, core::Metric metric)
{
    QVector<double> x, y;
    const auto& rows = m_models->measured().all();
    const core::AggregatedMeasurement* row
        = predicted && m_selected ? m_models->measured().find(*m_selected) : nullptr;
    if (row) {
        const double value = (*predicted)[static_cast<std::size_t>(row - rows.data())];
        const auto measured = row->value(metric);
        if (measured && *measured > 0.0 && std::isfinite(value) && value > 0.0) {
            x.append(*measured);
            y.append(value);
        }
    }
    m_selectedMark->setData(x, y);
    // A legend of what is drawn: "selected" with no selection, or "other configurations" when
    // the filter takes them all, named marks that were not there.
    for (QCPGraph* graph : {m_others, m_inFilter, m_selectedMark})
        graph->removeFromLegend();
    for (QCPGraph* graph : {m_others, m_inFilter, m_selectedMark})
        if (graph->dataCount() > 0)
            graph->addToLegend();
    m_plot->legend->setVisible(m_plot->legend->itemCount() > 0);
}

void MeasuredPredictedPlot::setMetric(core::Metric metric)
{
    m_metric->setCurrentIndex(static_cast<int>(core::metricIndex(metric)));
}

void MeasuredPredictedPlot::setEntry(int entry)
{
    m_model->setCurrentIndex(entry);
}

QString MeasuredPredictedPlot::titleText() const
{
    return m_title->text() + QLatin1Char('\n') + m_subtitleText;
}

QString MeasuredPredictedPlot::drawnSubtitle() const
{
    return m_subtitle->text();
}

bool MeasuredPredictedPlot::wrapSubtitle()
{
    const int width = m_plot->viewport().width() - 8; // a few pixels clear of the edges
    const QString wrapped = width > 0 ? wrapToWidth(m_subtitleText, m_subtitle->font(), width,
                                {{QStringLiteral(" "), QStringLiteral("\n")}})
                                      : m_subtitleText;
    if (wrapped == m_subtitle->text())
        return false;
    m_subtitle->setText(wrapped);
    return true;
}

void MeasuredPredictedPlot::setSubtitle(const QString& text)
{
    m_subtitleText = text;
    m_subtitle->setText(text); // wrapped at the next layout (wrapSubtitle)
}

void MeasuredPredictedPlot::rebuildModelChoice()
{
    const QString chosen = m_model->currentText();
    {
        const QSignalBlocker block(m_model);
        m_model->clear();
        for (const ModelEntry& entry : m_models->entries())
            m_model->addItem(entry.label);
        const int index = m_model->findText(chosen);
        m_model->setCurrentIndex(index >= 0 ? index : 0);
    }
    redraw();
}

const std::vector<double>& MeasuredPredictedPlot::predictions(
    int entryIndex, core::Metric metric, const core::TrainedModel& model)
{
    if (m_cache.valid && m_cache.entry == entryIndex && m_cache.metric == metric)
        return m_cache.predicted;
    const auto& rows = m_models->measured().all();
    std::vector<core::Configuration> configs;
    configs.reserve(rows.size());
    for (const auto& row : rows)
        configs.push_back(row.config);
    std::vector<double> predicted(rows.size(), std::numeric_limits<double>::quiet_NaN());
    try {
        // One batch: on a large database a prediction per row took seconds per redraw.
        const Eigen::VectorXd batch = core::predictSpreadOverVms(model, configs);
        for (std::size_t i = 0; i < rows.size(); ++i)
            predicted[i] = batch(static_cast<Eigen::Index>(i));
    } catch (const std::exception&) {
        // A configuration the model refuses (a stored model that never saw a scheduler of the
        // open data) leaves only that point out.
        for (std::size_t i = 0; i < rows.size(); ++i) {
            try {
                predicted[i] = core::predictSpreadOverVms(model, configs[i]);
            } catch (const std::exception&) {
            }
        }
    }
    m_cache = {entryIndex, metric, true, std::move(predicted)};
    return m_cache.predicted;
}

std::vector<char> MeasuredPredictedPlot::highlightedRows() const
{
    // Both lists in configuration order, walked side by side: a bisection per row compared
    // twenty configurations (scheduler strings first) per row, seconds at a million rows.
    const MeasuredLookup& measured = m_models->measured();
    const auto& rows = measured.all();
    std::vector<char> highlighted(rows.size(), 0);
    auto next = m_highlighted.begin();
    for (const std::uint32_t i : measured.inConfigurationOrder()) {
        const core::Configuration& config = rows[i].config;
        while (next != m_highlighted.end() && *next < config)
            ++next;
        if (next != m_highlighted.end() && *next == config)
            highlighted[i] = 1;
    }
    return highlighted;
}

void MeasuredPredictedPlot::redraw()
{
    const auto metric
        = core::kCoreMetrics[static_cast<std::size_t>(std::max(0, m_metric->currentIndex()))];
    const int entryIndex = m_model->currentIndex();
    const auto& entries = m_models->entries();
    const core::TrainedModel* model
        = entryIndex >= 0 && entryIndex < static_cast<int>(entries.size())
        ? entries[static_cast<std::size_t>(entryIndex)].model(metric)
        : nullptr;

    // Every configuration is predicted and counted in the title's figure; the drawing is
    // thinned by QCustomPlot's adaptive sampling, which draws one point per occupied pixel.
    QVector<double> inX, inY, outX, outY;
    double low = std::numeric_limits<double>::infinity();
    double high = 0.0;
    double errorSum = 0.0;
    if (model) {
        const auto& rows = m_models->measured().all();
        const std::vector<double>& predicted = predictions(entryIndex, metric, *model);
        const std::vector<char> highlighted = highlightedRows();
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const auto measured = rows[i].value(metric);
            if (!measured || *measured <= 0.0)
                continue; // a log axis has no zero
            if (!std::isfinite(predicted[i]) || predicted[i] <= 0.0)
                continue;
            low = std::min({low, *measured, predicted[i]});
            high = std::max({high, *measured, predicted[i]});
            const bool in = highlighted[i] != 0;
            (in ? inX : outX).append(*measured);
            (in ? inY : outY).append(predicted[i]);
            if (in)
                errorSum += std::abs(predicted[i] - *measured) / *measured;
        }
    }
    m_inFilter->setData(inX, inY);
    m_others->setData(outX, outY);
    markSelected(model ? &predictions(entryIndex, metric, *model) : nullptr, metric);

    const QString unit = metricUnitText(metric);
    setupLogAxis(*m_plot->xAxis, tr("Measured (%1)").arg(unit));
    setupLogAxis(*m_plot->yAxis, tr("Predicted (%1)").arg(unit));
    if (high > 0.0) {
        // Square decades, so that the identity line is the diagonal and errors read alike.
        const QCPRange range(low / 1.5, high * 1.5);
        m_plot->xAxis->setRange(range);
        m_plot->yAxis->setRange(range);
        m_identity->start->setCoords(range.lower, range.lower);
        m_identity->end->setCoords(range.upper, range.upper);
    }
    m_identity->setVisible(high > 0.0);
    m_title->setText(m_model->currentText() + QStringLiteral(" · ") + metricTitle(metric));
    if (!model)
        setSubtitle(tr("No trained model for this metric yet."));
    else if (inX.isEmpty())
        setSubtitle(tr("No measured configuration in the filter."));
    else {
        QString text = tr("Mean relative error %1 over the %L2 configurations in the filter")
                           .arg(formatPercent(100.0 * errorSum / inX.size()))
                           .arg(inX.size());
        // The window's own models were fitted to these runs: this is their fit, which read as
        // a contradiction of the Models tab's figure on levels held out (55 % here, 97 % there).
        if (entries[static_cast<std::size_t>(entryIndex)].origin != ModelOrigin::Stored)
            text += QLatin1Char('\n')
                + tr("(its fit to these runs; the Models tab scores held-out levels)");
        setSubtitle(text);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace iolens::ui

#include "moc_measured_predicted_plot.cpp"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/prediction_panel.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace iolens::ui {

namespace {

constexpr int kMetricCount = 4;

// The titles, the model columns and the measured column are three grids side by side (so the
// middle one can scroll); fixed heights keep their rows in line.
int rowHeight(const QWidget* widget)
{
    return widget->fontMetrics().height() + 6;
}
int headerHeight(const QWidget* widget)
{
    return 2 * widget->fontMetrics().lineSpacing() + 2;
}

// Which fixed height a label of the columns has, kept on the label so that a font change
// (presentation mode) can size every row again.
constexpr const char* kRowKind = "iolensPredictionRow";
enum class RowKind { Row = 1, Header = 2 };

void markRow(QLabel* label, RowKind kind)
{
    label->setProperty(kRowKind, static_cast<int>(kind));
}

QLabel* valueLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setFixedHeight(rowHeight(parent));
    markRow(label, RowKind::Row);
    return label;
}

QLabel* headerLabel(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setAlignment(Qt::AlignRight | Qt::AlignBottom);
    label->setForegroundRole(QPalette::PlaceholderText);
    label->setFixedHeight(headerHeight(parent));
    markRow(label, RowKind::Header);
    return label;
}

QGridLayout* columnGrid()
{
    auto* grid = new QGridLayout;
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setVerticalSpacing(0);
    grid->setHorizontalSpacing(12);
    return grid;
}

} // namespace

void PredictionPanel::fitRowHeights()
{
    for (QLabel* label : findChildren<QLabel*>()) {
        const int kind = label->property(kRowKind).toInt();
        if (kind != 0)
            label->setFixedHeight(
                kind == static_cast<int>(RowKind::Header) ? headerHeight(this) : rowHeight(this));
    }
    // Room for the scroll bar below the rows, so that it never covers the last one.
    m_scroll->setFixedHeight(headerHeight(this) + kMetricCount * rowHeight(this)
        + m_scroll->horizontalScrollBar()->sizeHint().height());
}

void PredictionPanel::changeEvent(QEvent* event)
{
    QGroupBox::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitRowHeights();
}

QString factorValueText(core::Factor factor, double modellingValue)
{
    switch (factor) {
    case core::Factor::FilesetBytes:
        return formatByteSizeRounded(std::llround(modellingValue * 1024.0 * 1024.0));
    case core::Factor::RequestBytes:
        return formatByteSizeRounded(std::llround(modellingValue * 1024.0));
    case core::Factor::ReadPct:
        return formatPercent(modellingValue);
    default:
        return QLocale().toString(modellingValue);
    }
}

PredictionPanel::PredictionPanel(QWidget* parent)
    : QGroupBox(tr("Prediction"), parent)
    , m_grid(columnGrid())
    , m_scroll(new QScrollArea(this))
    , m_measuredHeader(headerLabel(tr("Measured\nmean ± RSE"), this))
    , m_status(new QLabel(this))
    , m_extrapolation(new QLabel(this))
    , m_nearest(new QLabel(this))
{
    auto* titles = columnGrid();
    auto* measured = columnGrid();
    titles->addWidget(headerLabel({}, this), 0, 0);
    measured->addWidget(m_measuredHeader, 0, 0);
    m_measuredHeader->setToolTip(tr(
        "Mean over the runs of exactly this configuration ± relative standard error of the mean"));
    for (std::size_t i = 0; i < kMetricCount; ++i) {
        const core::Metric metric = core::kCoreMetrics[i];
        // The unit goes in the row title, so that the columns of numbers stay narrow.
        m_titles[i]
            = new QLabel(tr("%1 (%2)").arg(metricTitle(metric), metricUnitText(metric)), this);
        m_titles[i]->setFixedHeight(rowHeight(this));
        markRow(m_titles[i], RowKind::Row);
        m_measured[i] = valueLabel(this);
        titles->addWidget(m_titles[i], static_cast<int>(i) + 1, 0);
        measured->addWidget(m_measured[i], static_cast<int>(i) + 1, 0);
    }

    auto* columns = new QWidget;
    columns->setLayout(m_grid);
    // The scroll area is taller than the rows (room for its scroll bar): the spare height goes
    // below them, so they stay in line with the titles.
    m_grid->setRowStretch(kMetricCount + 1, 1);
    m_scroll->setWidget(columns);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_scroll->viewport()->setAutoFillBackground(false);
    columns->setAutoFillBackground(false);
    fitRowHeights();

    auto* table = new QHBoxLayout;
    table->setSpacing(12);
    table->addLayout(titles);
    table->addWidget(m_scroll, 1);
    table->addLayout(measured);
    table->setAlignment(titles, Qt::AlignTop);
    table->setAlignment(measured, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(table);
    layout->addWidget(m_status);
    layout->addWidget(m_nearest);
    layout->addWidget(m_extrapolation);
    layout->addStretch(1); // keep the rows together at the top when the panel is tall

    rebuildColumns({});
    m_status->setWordWrap(true);
    m_extrapolation->setWordWrap(true);
    m_extrapolation->setStyleSheet(QStringLiteral("QLabel { color: #b7410e; }"));
    m_extrapolation->hide();
    m_nearest->setWordWrap(true);
    m_nearest->setToolTip(
        tr("Distance in steps, summed over the factors: a doubling of a size, of the threads or "
           "of the VMs is one step, all reads vs all writes is one step, another scheduler or "
           "access pattern is one step. Beyond one step the models extrapolate."));
}

void PredictionPanel::rebuildColumns(const std::vector<ModelColumn>& models)
{
    for (const ModelCells& cells : m_columns) {
        delete cells.header;
        for (QLabel* value : cells.values)
            delete value;
    }
    m_columns.clear();
    m_labels.clear();
    QWidget* parent = m_scroll->widget();
    for (const ModelColumn& model : models) {
        ModelCells cells;
        cells.header = headerLabel(entryHeader(model.label, model.technique, model.rows), parent);
        // "cart (optimized)" breaks after the technique rather than widening its column.
        cells.header->setWordWrap(true);
        const int column = static_cast<int>(m_columns.size());
        m_grid->addWidget(cells.header, 0, column);
        for (std::size_t i = 0; i < kMetricCount; ++i) {
            cells.values[i] = valueLabel(parent);
            m_grid->addWidget(cells.values[i], static_cast<int>(i) + 1, column);
        }
        m_columns.push_back(cells);
        m_labels << model.label;
    }
}

void PredictionPanel::showEvaluation(const ScenarioEvaluation& evaluation)
{
    QStringList labels;
    for (const ModelColumn& model : evaluation.models)
        labels << model.label;
    if (labels != m_labels)
        rebuildColumns(evaluation.models);

    const bool multiVm = std::any_of(evaluation.models.begin(), evaluation.models.end(),
        [](const ModelColumn& model) { return model.rows == TrainingRows::OneVm; });
    for (std::size_t c = 0; c < m_columns.size(); ++c) {
        const ModelColumn& model = evaluation.models[c];
        const QString title = model.origin == ModelOrigin::Default
            ? tr("%1 with default parameters:")
            : model.origin == ModelOrigin::Optimized ? tr("%1 with optimized parameters:")
                                                     : tr("%1 stored in the database:");
        QString tip
            = title.arg(techniqueTitle(model.technique)) + QLatin1Char('\n') + model.parameters;
        const QString trainedOn = trainingRowsExplanation(model.rows, multiVm);
        if (!trainedOn.isEmpty())
            tip = model.label + QLatin1Char('\n') + trainedOn + QStringLiteral("\n\n") + tip;
        m_columns[c].header->setToolTip(tip);
        for (std::size_t i = 0; i < kMetricCount; ++i)
            showPrediction(m_columns[c].values[i], evaluation.metrics[i], model, c, i);
    }
    for (std::size_t i = 0; i < kMetricCount; ++i)
        showMeasured(m_measured[i], evaluation.metrics[i]);

    m_status->setText(statusFor(evaluation));
    int metricCount = 0;
    for (const MetricEvaluation& metric : evaluation.metrics)
        metricCount += metric.applies ? 1 : 0;
    QStringList notes;
    for (const ExtrapolationNote& note : evaluation.extrapolation)
        notes << describeNote(note, metricCount);
    m_extrapolation->setText(notes.join(QLatin1Char('\n')));
    m_extrapolation->setVisible(!notes.isEmpty());
    m_nearest->setText(nearestFor(evaluation));
    m_nearest->setVisible(!m_nearest->text().isEmpty());
}

QString PredictionPanel::nearestFor(const ScenarioEvaluation& evaluation) const
{
    if (!evaluation.nearest)
        return {};
    const core::NearestMeasurement& nearest = *evaluation.nearest;
    if (nearest.differing.empty())
        return tr("Nearest measurement: this configuration.");
    QStringList factors;
    for (core::Factor factor : nearest.differing)
        factors << factorTitle(factor);
    const QString steps = nearest.steps == 1.0
        ? tr("1 step")
        : tr("%1 steps").arg(QLocale().toString(nearest.steps, 'g', 2));
    return tr("Nearest measurement: %1 away (%2).").arg(steps, factors.join(QStringLiteral(", ")));
}

void PredictionPanel::showPrediction(QLabel* cell, const MetricEvaluation& metric,
    const ModelColumn& model, std::size_t column, std::size_t metricIndex) const
{
    cell->setToolTip({});
    const ModelPrediction* prediction
        = column < metric.predictions.size() ? &metric.predictions[column] : nullptr;
    if (!metric.applies) {
        cell->setText(tr("n/a"));
    } else if (!model.covers[metricIndex]) {
        cell->setText(tr("—"));
        cell->setToolTip(tr("%1 has no model of this metric").arg(model.label));
    } else if (!model.trained) {
        cell->setText(tr("…"));
        cell->setToolTip(tr("%1 is still training").arg(model.label));
    } else if (prediction && prediction->value) {
        cell->setText(formatSignificant(*prediction->value));
    } else {
        cell->setText(tr("—"));
        cell->setToolTip(tr("No prediction: %1")
                             .arg(QString::fromStdString(prediction ? prediction->error : "")));
    }
}

void PredictionPanel::showMeasured(QLabel* cell, const MetricEvaluation& metric) const
{
    if (!metric.applies)
        cell->setText(tr("n/a"));
    else if (!metric.measured)
        cell->setText(tr("not measured"));
    else if (metric.rse)
        cell->setText(
            formatSignificant(*metric.measured) + QLatin1Char(' ') + formatRse(*metric.rse));
    else
        cell->setText(formatSignificant(*metric.measured));
}

QString PredictionPanel::statusFor(const ScenarioEvaluation& evaluation) const
{
    QString text;
    if (evaluation.repetitions == 0)
        text = tr("This configuration was not measured; the predictions stand alone.");
    else if (evaluation.repetitions == 1)
        text = tr("Measured once: no standard error.");
    else
        text = tr("Measured %1 times.").arg(evaluation.repetitions);
    QStringList training;
    for (const ModelColumn& model : evaluation.models)
        if (!model.trained)
            training << model.label;
    if (!training.isEmpty())
        text += QLatin1Char(' ') + tr("Training %1…").arg(training.join(tr(", ")));
    return text;
}

QString PredictionPanel::describeNote(const ExtrapolationNote& note, int modelCount) const
{
    const QString factor = factorTitle(note.factor);
    const bool level = !note.trainedLevel.empty();
    const QString value
        = level ? QString::fromStdString(note.level) : factorValueText(note.factor, note.value);
    const QString trained = level ? QString::fromStdString(note.trainedLevel)
                                  : factorValueText(note.factor, note.min);
    const QString models = note.models.join(tr(", "));
    const bool one = note.models.size() == 1;
    QString text;
    if (note.projected)
        text = tr("⚠ %1 %2 was never measured (only %3): the models answer for all the VMs' "
                  "threads on all their files at once, on the storage they share (ICPE'13 "
                  "section 6.3).")
                   .arg(factor, value, trained);
    else if (level || note.min == note.max)
        text = note.models.isEmpty()
            ? tr("⚠ %1 %2 was never measured (only %3): the models ignore this factor and "
                 "predict as for %3.")
                  .arg(factor, value, trained)
            : (one ? tr("⚠ %1 %2 is not in the data %4 was trained on (only %3): it ignores "
                        "this factor and predicts as for %3.")
                   : tr("⚠ %1 %2 is not in the data %4 were trained on (only %3): they ignore "
                        "this factor and predict as for %3."))
                  .arg(factor, value, trained, models);
    else
        text = note.models.isEmpty()
            ? tr("⚠ %1 %2 is outside the measured range %3 – %4: the models extrapolate.")
                  .arg(factor, value, trained, factorValueText(note.factor, note.max))
            : (one ? tr("⚠ %1 %2 is outside the range %3 – %4 that %5 was trained on: it "
                        "extrapolates.")
                   : tr("⚠ %1 %2 is outside the range %3 – %4 that %5 were trained on: they "
                        "extrapolate."))
                  .arg(factor, value, trained, factorValueText(note.factor, note.max), models);
    if (static_cast<int>(note.metrics.size()) < modelCount) {
        QStringList metrics;
        for (core::Metric metric : note.metrics)
            metrics << metricTitle(metric);
        text += QLatin1Char(' ') + tr("(%1)").arg(metrics.join(tr(", ")));
    }
    return text;
}

QString PredictionPanel::modelHeader(int column) const
{
    return m_columns.at(static_cast<std::size_t>(column)).header->text();
}

QString PredictionPanel::modelHeaderToolTip(int column) const
{
    return m_columns.at(static_cast<std::size_t>(column)).header->toolTip();
}

QString PredictionPanel::rowTitle(core::Metric metric) const
{
    return m_titles.at(coreMetricIndex(metric))->text();
}

QString PredictionPanel::predictedText(core::Metric metric, int column) const
{
    return m_columns.at(static_cast<std::size_t>(column))
        .values.at(coreMetricIndex(metric))
        ->text();
}

QString PredictionPanel::predictedToolTip(core::Metric metric, int column) const
{
    return m_columns.at(static_cast<std::size_t>(column))
        .values.at(coreMetricIndex(metric))
        ->toolTip();
}

QString PredictionPanel::measuredText(core::Metric metric) const
{
    return m_measured.at(coreMetricIndex(metric))->text();
}

QString PredictionPanel::statusText() const
{
    return m_status->text();
}

QString PredictionPanel::extrapolationText() const
{
    return m_extrapolation->text();
}
QString PredictionPanel::nearestText() const
{
    return m_nearest->text();
}

} // namespace iolens::ui

#include "moc_prediction_panel.cpp"

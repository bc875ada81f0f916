// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/prediction_panel.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"

#include <QGridLayout>
#include <QLabel>
#include <QStringList>

#include <cmath>

namespace iolens::ui {

namespace {

std::size_t rowOf(core::Metric metric)
{
    for (std::size_t i = 0; i < core::kCoreMetrics.size(); ++i)
        if (core::kCoreMetrics[i] == metric)
            return i;
    return 0;
}

QLabel* valueLabel(QWidget* parent, bool bold)
{
    auto* label = new QLabel(parent);
    label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (bold) {
        // The prediction is the answer the window exists for: make it the first thing seen.
        QFont font = label->font();
        font.setBold(true);
        font.setPointSizeF(font.pointSizeF() * 1.2);
        label->setFont(font);
    }
    return label;
}

QString withUnit(double value, core::Metric metric)
{
    return formatSignificant(value) + QLatin1Char(' ') + metricUnitText(metric);
}

} // namespace

QString factorValueText(core::Factor factor, double modellingValue)
{
    switch (factor) {
    case core::Factor::FilesetBytes:
        return formatByteSize(std::llround(modellingValue * 1024.0 * 1024.0));
    case core::Factor::RequestBytes: return formatByteSize(std::llround(modellingValue * 1024.0));
    case core::Factor::ReadPct: return formatPercent(modellingValue);
    default: return QLocale().toString(modellingValue);
    }
}

PredictionPanel::PredictionPanel(QWidget* parent)
    : QGroupBox(tr("Prediction"), parent)
    , m_predictedHeader(new QLabel(this))
    , m_measuredHeader(new QLabel(tr("Measured (mean ± RSE)"), this))
    , m_status(new QLabel(this))
    , m_extrapolation(new QLabel(this))
{
    auto* grid = new QGridLayout(this);
    grid->setHorizontalSpacing(18);
    for (QLabel* header : {m_predictedHeader, m_measuredHeader}) {
        header->setAlignment(Qt::AlignRight | Qt::AlignBottom);
        header->setForegroundRole(QPalette::PlaceholderText);
    }
    m_measuredHeader->setToolTip(tr(
        "Mean over the runs of exactly this configuration ± relative standard error of the mean"));
    grid->addWidget(m_predictedHeader, 0, 1);
    grid->addWidget(m_measuredHeader, 0, 2);
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        Row& row = m_rows[i];
        row.title = new QLabel(metricTitle(core::kCoreMetrics[i]), this);
        row.predicted = valueLabel(this, true);
        row.measured = valueLabel(this, false);
        const int line = static_cast<int>(i) + 1;
        grid->addWidget(row.title, line, 0);
        grid->addWidget(row.predicted, line, 1);
        grid->addWidget(row.measured, line, 2);
    }
    grid->setColumnStretch(0, 1);
    m_status->setWordWrap(true);
    m_extrapolation->setWordWrap(true);
    m_extrapolation->setStyleSheet(QStringLiteral("QLabel { color: #b7410e; }"));
    m_extrapolation->hide();
    grid->addWidget(m_status, 5, 0, 1, 3);
    grid->addWidget(m_extrapolation, 6, 0, 1, 3);
    grid->setRowStretch(7, 1); // keep the rows together at the top when the panel is tall
    setModelName(tr("Linear model (lm)"));
}

void PredictionPanel::setModelName(const QString& name)
{
    m_predictedHeader->setText(tr("Predicted: %1").arg(name));
}

void PredictionPanel::showEvaluation(const ScenarioEvaluation& evaluation)
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        showRow(m_rows[i], evaluation.metrics[i], evaluation.modelsReady);

    if (!evaluation.modelsReady)
        m_status->setText(tr("Training the models…"));
    else if (evaluation.repetitions == 0)
        m_status->setText(tr("This configuration was not measured; the prediction stands alone."));
    else if (evaluation.repetitions == 1)
        m_status->setText(tr("Measured once: no standard error."));
    else
        m_status->setText(tr("Measured %1 times.").arg(evaluation.repetitions));

    int modelCount = 0;
    for (const MetricEvaluation& metric : evaluation.metrics)
        modelCount += metric.applies ? 1 : 0;
    QStringList notes;
    for (const ExtrapolationNote& note : evaluation.extrapolation)
        notes << describeNote(note, modelCount);
    m_extrapolation->setText(notes.join(QLatin1Char('\n')));
    m_extrapolation->setVisible(!notes.isEmpty());
}

void PredictionPanel::showRow(Row& row, const MetricEvaluation& metric, bool modelsReady)
{
    row.predicted->setToolTip({});
    if (!metric.applies)
        row.predicted->setText(tr("n/a"));
    else if (metric.predicted)
        row.predicted->setText(withUnit(*metric.predicted, metric.metric));
    else if (!modelsReady)
        row.predicted->setText(tr("…"));
    else {
        row.predicted->setText(tr("no model"));
        row.predicted->setToolTip(QString::fromStdString(metric.error));
    }

    if (!metric.applies)
        row.measured->setText(tr("n/a"));
    else if (!metric.measured)
        row.measured->setText(tr("not measured"));
    else if (metric.rse)
        row.measured->setText(withUnit(*metric.measured, metric.metric) + QLatin1Char(' ') +
                              formatRse(*metric.rse));
    else
        row.measured->setText(withUnit(*metric.measured, metric.metric));
}

QString PredictionPanel::describeNote(const ExtrapolationNote& note, int modelCount) const
{
    const QString factor = factorTitle(note.factor);
    const QString value = factorValueText(note.factor, note.value);
    QString text;
    if (note.min == note.max)
        text = tr("⚠ %1 %2 was never measured (only %3): the model ignores this factor and "
                  "predicts as for %3.")
                   .arg(factor, value, factorValueText(note.factor, note.min));
    else
        text = tr("⚠ %1 %2 is outside the measured range %3 – %4: the model extrapolates.")
                   .arg(factor, value, factorValueText(note.factor, note.min),
                        factorValueText(note.factor, note.max));
    if (static_cast<int>(note.metrics.size()) < modelCount) {
        QStringList metrics;
        for (core::Metric metric : note.metrics)
            metrics << metricTitle(metric);
        text += QLatin1Char(' ') + tr("(%1)").arg(metrics.join(tr(", ")));
    }
    return text;
}

QString PredictionPanel::predictedText(core::Metric metric) const
{
    return m_rows[rowOf(metric)].predicted->text();
}

QString PredictionPanel::measuredText(core::Metric metric) const
{
    return m_rows[rowOf(metric)].measured->text();
}

QString PredictionPanel::predictedHeader() const { return m_predictedHeader->text(); }

QString PredictionPanel::statusText() const { return m_status->text(); }

QString PredictionPanel::extrapolationText() const { return m_extrapolation->text(); }

} // namespace iolens::ui

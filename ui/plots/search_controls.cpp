// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/search_controls.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "common/param_text.hpp"
#include "models/regressor_registry.hpp"
#include "plots/search_surface_plot.hpp"
#include "tuning/search_space.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStringList>
#include <QVBoxLayout>

namespace iolens::ui {

namespace {

QSpinBox* countBox(QWidget* parent, int low, int high, int value, const QString& tip)
{
    auto* box = new QSpinBox(parent);
    box->setRange(low, high);
    box->setValue(value);
    box->setToolTip(tip);
    return box;
}

// Techniques whose parameters Algorithm 1 searches, from the registry rather than a list here,
// so a technique added to core appears without touching the window.
QStringList searchableTechniques()
{
    QStringList names;
    for (const std::string& name : core::techniqueNames())
        if (!core::searchSpace(*core::createRegressor(name)).empty())
            names << QString::fromStdString(name);
    return names;
}

} // namespace

SearchControls::SearchControls(QWidget* parent)
    : QWidget(parent)
    , m_technique(new QComboBox(this))
    , m_metric(new QComboBox(this))
    , m_cost(new QComboBox(this))
    , m_splits(
          countBox(this, 1, 20, 4, tr("k: split points per parameter around each explored point")))
    , m_explorations(
          countBox(this, 1, 50, 5, tr("n: best points explored further in each iteration")))
    , m_iterations(countBox(this, 1, 50, 10, tr("Iterations of the search")))
    , m_start(new QPushButton(tr("&Start"), this))
    , m_cancel(new QPushButton(tr("&Cancel"), this))
    , m_progress(new QProgressBar(this))
    , m_progressText(new QLabel(this))
    , m_status(new QLabel(this))
    , m_xAxis(new QComboBox(this))
    , m_yAxis(new QComboBox(this))
    , m_yLabel(new QLabel(tr("&Y axis:"), this))
    , m_axisHelp(new QLabel(this))
{
    for (const QString& name : searchableTechniques())
        m_technique->addItem(name);
    for (const core::Metric metric : core::kCoreMetrics)
        m_metric->addItem(metricTitle(metric), static_cast<int>(metric));
    // The paper's cost first, as the search's default; the what-if cost beside it, as
    // `iolens-cli optimize --cv grouped` offers it.
    m_cost->addItem(tr("10-fold CV (paper)"), static_cast<int>(core::SearchCv::Random));
    m_cost->setItemData(0,
        tr("RMSE over a seeded random 10-fold cross-validation (ICPE'13): every level of every "
           "factor stays in training"),
        Qt::ToolTipRole);
    m_cost->addItem(tr("Leave level out"), static_cast<int>(core::SearchCv::Grouped));
    m_cost->setItemData(1,
        tr("Mean |log(predicted / measured)| over whole levels of each factor left out of "
           "training in turn: rewards parameters that predict sizes and mixes nobody measured"),
        Qt::ToolTipRole);
    m_start->setToolTip(tr("Search the parameters (ICPE'13 Algorithm 1) in the background, each "
                           "point scored by the chosen cross-validation"));
    m_cancel->setToolTip(tr("Stop after the points being evaluated now"));
    m_cancel->setEnabled(false);
    m_progress->setTextVisible(false);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    // Shown from the first search on; idle before it, an empty bar only looks like a text field.
    m_progress->hide();
    for (QLabel* label : {m_progressText, m_status, m_axisHelp}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }

    arrangeLayout();

    connect(m_start, &QPushButton::clicked, this, &SearchControls::startRequested);
    connect(m_cancel, &QPushButton::clicked, this, &SearchControls::cancelRequested);
    connect(
        m_technique, &QComboBox::currentIndexChanged, this, &SearchControls::onTechniqueChanged);
    connect(m_metric, &QComboBox::currentIndexChanged, this, &SearchControls::choiceChanged);
    connect(m_cost, &QComboBox::currentIndexChanged, this, &SearchControls::choiceChanged);
    connect(m_xAxis, &QComboBox::currentIndexChanged, this,
        [this] { onAxisChosen(m_xAxis, m_yAxis, m_previousX); });
    connect(m_yAxis, &QComboBox::currentIndexChanged, this,
        [this] { onAxisChosen(m_yAxis, m_xAxis, m_previousY); });
    onTechniqueChanged();
}

void SearchControls::arrangeLayout()
{
    auto* form = new QFormLayout;
    form->addRow(tr("&Technique:"), m_technique);
    form->addRow(tr("&Metric:"), m_metric);
    form->addRow(tr("C&ost:"), m_cost);
    form->addRow(tr("Splits &k:"), m_splits);
    form->addRow(tr("E&xplorations n:"), m_explorations);
    form->addRow(tr("&Iterations:"), m_iterations);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_cancel);
    auto* axes = new QFormLayout;
    axes->addRow(tr("&X axis:"), m_xAxis);
    m_yLabel->setBuddy(m_yAxis);
    axes->addRow(m_yLabel, m_yAxis);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_progressText);
    layout->addWidget(m_status);
    layout->addSpacing(12);
    layout->addLayout(axes);
    layout->addWidget(m_axisHelp);
    layout->addStretch(1);
}

std::string SearchControls::technique() const
{
    return m_technique->currentText().toStdString();
}

core::Metric SearchControls::metric() const
{
    return static_cast<core::Metric>(m_metric->currentData().toInt());
}

core::SearchRequest SearchControls::request() const
{
    core::SearchRequest request;
    request.technique = technique();
    request.metric = metric();
    request.settings.splits = m_splits->value();
    request.settings.explorations = m_explorations->value();
    request.settings.maxIterations = m_iterations->value();
    request.cv = static_cast<core::SearchCv>(m_cost->currentData().toInt());
    return request;
}

std::size_t SearchControls::xDimension() const
{
    return static_cast<std::size_t>(std::max(0, m_xAxis->currentIndex()));
}

std::size_t SearchControls::yDimension() const
{
    if (m_dimensions.size() < 2)
        return xDimension();
    return static_cast<std::size_t>(std::max(0, m_yAxis->currentIndex()));
}

void SearchControls::setTechnique(const std::string& technique)
{
    const int index = m_technique->findText(QString::fromStdString(technique));
    if (index >= 0)
        m_technique->setCurrentIndex(index);
}

void SearchControls::setCv(core::SearchCv cv)
{
    const int index = m_cost->findData(static_cast<int>(cv));
    if (index >= 0)
        m_cost->setCurrentIndex(index);
}

void SearchControls::setMetric(core::Metric metric)
{
    const int index = m_metric->findData(static_cast<int>(metric));
    if (index >= 0)
        m_metric->setCurrentIndex(index);
}

void SearchControls::setSettings(const core::OptimizerSettings& settings)
{
    m_splits->setValue(settings.splits);
    m_explorations->setValue(settings.explorations);
    m_iterations->setValue(settings.maxIterations);
}

void SearchControls::setAxes(std::size_t x, std::size_t y)
{
    const QSignalBlocker blockX(m_xAxis);
    const QSignalBlocker blockY(m_yAxis);
    if (x < m_dimensions.size() && y < m_dimensions.size() && (x != y || m_dimensions.size() < 2)) {
        m_xAxis->setCurrentIndex(static_cast<int>(x));
        m_yAxis->setCurrentIndex(static_cast<int>(y));
        m_previousX = m_xAxis->currentIndex();
        m_previousY = m_yAxis->currentIndex();
    }
    updateAxisHelp();
    emit choiceChanged();
}

void SearchControls::onTechniqueChanged()
{
    m_dimensions.clear();
    m_logHints.clear();
    m_descriptions.clear();
    if (m_technique->count() > 0) {
        const auto prototype = core::createRegressor(technique());
        m_dimensions = core::searchSpace(*prototype);
        for (const core::SearchDimension& dimension : m_dimensions)
            for (const core::ParamSpec& spec : prototype->paramSpecs())
                if (spec.name == dimension.name) {
                    m_logHints.push_back(spec.logScale);
                    m_descriptions.push_back(paramDescription(spec));
                }
    }
    fillAxisBoxes();
    emit choiceChanged();
}

void SearchControls::fillAxisBoxes()
{
    const QSignalBlocker blockX(m_xAxis);
    const QSignalBlocker blockY(m_yAxis);
    m_xAxis->clear();
    m_yAxis->clear();
    for (std::size_t d = 0; d < m_dimensions.size(); ++d) {
        const QString name = QString::fromStdString(m_dimensions[d].name);
        for (QComboBox* box : {m_xAxis, m_yAxis}) {
            box->addItem(name);
            box->setItemData(
                box->count() - 1, m_descriptions.value(static_cast<qsizetype>(d)), Qt::ToolTipRole);
        }
    }
    // One searched parameter: the plot is cost over that parameter, there is no y to choose.
    const bool twoAxes = m_dimensions.size() >= 2;
    m_yAxis->setVisible(twoAxes);
    m_yLabel->setVisible(twoAxes);
    m_xAxis->setCurrentIndex(0);
    m_yAxis->setCurrentIndex(twoAxes ? 1 : 0);
    m_previousX = m_xAxis->currentIndex();
    m_previousY = m_yAxis->currentIndex();
    updateAxisHelp();
}

// The axes carry the technique's own parameter names (R's: nk, thresh, cp); what they mean is
// said under the choice, so a reader of the plot need not know R's manuals.
void SearchControls::updateAxisHelp()
{
    QStringList lines;
    std::vector<int> shown {m_xAxis->currentIndex()};
    if (m_dimensions.size() >= 2)
        shown.push_back(m_yAxis->currentIndex());
    for (int index : shown)
        if (index >= 0 && index < m_descriptions.size())
            lines << tr("%1: %2").arg(m_xAxis->itemText(index), m_descriptions[index]);
    m_axisHelp->setText(lines.join(QStringLiteral("\n\n")));
}

QString SearchControls::axisHelpText() const
{
    return m_axisHelp->text();
}

// Both axes showing one parameter would draw a diagonal of nothing: choosing the other axis's
// parameter swaps the two instead.
void SearchControls::onAxisChosen(QComboBox* chosen, QComboBox* other, int previous)
{
    if (m_dimensions.size() >= 2 && chosen->currentIndex() == other->currentIndex()) {
        const QSignalBlocker block(other);
        other->setCurrentIndex(previous);
    }
    m_previousX = m_xAxis->currentIndex();
    m_previousY = m_yAxis->currentIndex();
    updateAxisHelp();
    emit choiceChanged();
}

void SearchControls::setRunning(bool running)
{
    m_running = running;
    for (QWidget* knob : std::initializer_list<QWidget*> {
             m_technique, m_metric, m_cost, m_splits, m_explorations, m_iterations})
        knob->setEnabled(!running);
    m_start->setEnabled(!running && m_startEnabled);
    m_cancel->setEnabled(running);
    if (running) {
        // Busy until the first report: iteration 0 fits the corner point.
        m_progress->show();
        m_progress->setRange(0, 0);
        m_progressText->setText(tr("Evaluating the corner point..."));
    } else if (m_progress->maximum() == 0) {
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
    }
}

void SearchControls::setStartEnabled(bool enabled)
{
    m_startEnabled = enabled;
    m_start->setEnabled(!m_running && m_startEnabled);
}

void SearchControls::showProgress(const SearchProgress& progress)
{
    int doneThisIteration = 0;
    for (const core::EvaluatedPoint& point : progress.points)
        doneThisIteration += point.iteration == progress.iteration ? 1 : 0;
    // Algorithm 1 reports once per iteration (one batch), so a bar of this iteration's points
    // would only jump from empty to full; the bar counts iterations, the text gives the points.
    const int iterations = m_iterations->value();
    m_progress->setRange(0, iterations);
    m_progress->setValue(std::min(progress.iteration, iterations));
    const QString best = formatSignificant(progress.bestCost, 3);
    if (progress.plannedThisIteration == 0) // the grids around the best points are exhausted
        m_progressText->setText(
            tr("Iteration %1 of %2: nothing left to evaluate, %3 in all; best %4 %5")
                .arg(progress.iteration)
                .arg(iterations)
                .arg(countText(progress.evaluated, tr("1 point"), tr("%1 points")), costName(),
                    best));
    else
        m_progressText->setText(tr("Iteration %1 of %2: %3 of %4 points, %5 in all; best %6 %7")
                                    .arg(progress.iteration)
                                    .arg(iterations)
                                    .arg(doneThisIteration)
                                    .arg(progress.plannedThisIteration)
                                    .arg(progress.evaluated)
                                    .arg(costName(), best));
}

QString SearchControls::costName() const
{
    return m_costName.isEmpty()
        ? searchCostName(core::SearchCv::Random, core::SearchRequest {}.folds)
        : m_costName;
}

void SearchControls::showFinished(const core::OptimizerResult& result)
{
    m_progress->setRange(0, 1);
    m_progress->setValue(1);
    m_progressText->setText(
        tr("Done: %1, %2; best %3 %4")
            .arg(countText(result.iterations, tr("1 iteration"), tr("%1 iterations")),
                countText(
                    static_cast<qlonglong>(result.points.size()), tr("1 point"), tr("%1 points")),
                costName(), formatSignificant(result.best.cost, 3)));
}

void SearchControls::showStatus(const QString& text)
{
    m_status->setText(text);
}

QString SearchControls::statusText() const
{
    return m_status->text();
}

QString SearchControls::progressText() const
{
    return m_progressText->text();
}

} // namespace iolens::ui

#include "moc_search_controls.cpp"

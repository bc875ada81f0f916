// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_compare_panel.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "prediction/model_controller.hpp"
#include "scenario/scenario_comparison.hpp"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace iolens::ui {

namespace {

constexpr int kCurrent = -1;

enum Column { MetricColumn, SourceColumn, AColumn, BColumn, ChangeColumn, PercentColumn };

QString valueText(const std::optional<double>& value, core::Metric metric)
{
    if (!value)
        return QStringLiteral("–");
    return formatSignificant(*value) + QLatin1Char(' ') + metricUnitText(metric);
}

QTableWidgetItem* cell(const QString& text, bool number = true)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

QString scenarioSummary(const core::Configuration& config)
{
    return ScenarioComparePanel::tr("%1 · %2 read · %3 · %4 · %5 · %6")
               .arg(formatByteSizeRounded(config.requestBytes), formatPercent(config.readPct),
                   formatByteSizeRounded(config.filesetBytes),
                   QString::fromStdString(config.scheduler),
                   config.pattern == core::Pattern::Random ? ScenarioComparePanel::tr("random")
                                                           : ScenarioComparePanel::tr("sequential"),
                   vmCountText(config.vms))
        // Apart, so the translated summary above stays as it was.
        + QStringLiteral(" · ") + threadCountText(config.threads);
}

ScenarioComparePanel::ScenarioComparePanel(ModelController* models, QWidget* parent)
    : QWidget(parent)
    , m_models(models)
    , m_scenarios(new SavedScenarios(this))
    , m_name(new QLineEdit)
    , m_save(new QPushButton(tr("&Save current scenario")))
    , m_list(new QListWidget)
    , m_remove(new QPushButton(tr("Remove")))
    , m_export(new QPushButton(tr("Export CSV…")))
    , m_a(new QComboBox)
    , m_b(new QComboBox)
    , m_table(new QTableWidget(0, 6))
    , m_listHint(new QLabel(tr("No saved scenarios yet. Name the current scenario above and "
                               "save it as a baseline; then move the controls, and the table "
                               "compares the baseline (A) with where they are (B).")))
    , m_sameHint(new QLabel(tr("A and B are the same configuration, so nothing changes: move the "
                               "controls, or choose another scenario as A or B.")))
{
    for (QLabel* hint : {m_listHint, m_sameHint}) {
        hint->setWordWrap(true);
        hint->setForegroundRole(QPalette::PlaceholderText);
    }
    m_name->setPlaceholderText(tr("Name, e.g. “after the upgrade”"));
    m_list->setToolTip(tr("Double-click a scenario to move the controls there."));
    m_export->setToolTip(
        tr("The scenarios as CSV, which `iolens-cli predict --configs` predicts headless."));
    m_table->setHorizontalHeaderLabels(
        {tr("Metric"), tr("Model"), tr("A"), tr("B"), tr("Change"), tr("Change %")});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setAlternatingRowColors(true);

    auto* left = new QVBoxLayout;
    auto* saveRow = new QHBoxLayout;
    saveRow->addWidget(m_name, 1);
    saveRow->addWidget(m_save);
    left->addLayout(saveRow);
    left->addWidget(m_listHint);
    left->addWidget(m_list, 1);
    auto* listButtons = new QHBoxLayout;
    listButtons->addWidget(m_remove);
    listButtons->addStretch(1);
    listButtons->addWidget(m_export);
    left->addLayout(listButtons);

    auto* right = new QVBoxLayout;
    auto* choice = new QFormLayout;
    choice->addRow(tr("Scenario &A:"), m_a);
    choice->addRow(tr("Scenario &B:"), m_b);
    right->addLayout(choice);
    right->addWidget(m_sameHint);
    right->addWidget(m_table, 1);

    auto* layout = new QHBoxLayout(this);
    layout->addLayout(left, 2);
    layout->addLayout(right, 5);

    connect(m_save, &QPushButton::clicked, this, [this] { saveCurrent(m_name->text()); });
    connect(m_name, &QLineEdit::returnPressed, this, [this] { saveCurrent(m_name->text()); });
    connect(m_remove, &QPushButton::clicked, this,
        [this] { m_scenarios->remove(m_list->currentRow()); });
    connect(m_export, &QPushButton::clicked, this, &ScenarioComparePanel::exportCsv);
    connect(m_list, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem* item) {
        const int index = m_list->row(item);
        emit applyRequested(m_scenarios->all()[static_cast<std::size_t>(index)].config);
    });
    connect(m_scenarios, &SavedScenarios::changed, this, &ScenarioComparePanel::rebuildList);
    connect(m_a, &QComboBox::currentIndexChanged, this, &ScenarioComparePanel::refresh);
    connect(m_b, &QComboBox::currentIndexChanged, this, &ScenarioComparePanel::refresh);
    connect(m_models, &ModelController::entryChanged, this, &ScenarioComparePanel::refresh);
    connect(m_models, &ModelController::trainingStarted, this, &ScenarioComparePanel::refresh);
    rebuildList();
}

void ScenarioComparePanel::setCurrentScenario(const core::Configuration& config)
{
    m_current = config;
    m_a->setItemText(0, tr("Current: %1").arg(scenarioSummary(config)));
    m_b->setItemText(0, tr("Current: %1").arg(scenarioSummary(config)));
    refresh();
}

void ScenarioComparePanel::setComparison(int a, int b)
{
    m_a->setCurrentIndex(a + 1);
    m_b->setCurrentIndex(b + 1);
    refresh();
}

int ScenarioComparePanel::saveCurrent(const QString& name)
{
    const int index = m_scenarios->save(name, m_current);
    if (index >= 0) {
        m_name->clear();
        // The newest scenario becomes the baseline A, and B follows the controls: the change
        // is then the what-if, from the saved scenario to where the user moves.
        m_a->setCurrentIndex(index + 1);
        m_b->setCurrentIndex(0);
    }
    return index;
}

void ScenarioComparePanel::rebuildList()
{
    const int a = m_a->currentIndex();
    const int b = m_b->currentIndex();
    const QSignalBlocker blockA(m_a);
    const QSignalBlocker blockB(m_b);
    m_list->clear();
    m_a->clear();
    m_b->clear();
    m_a->addItem(tr("Current: %1").arg(scenarioSummary(m_current)));
    m_b->addItem(tr("Current: %1").arg(scenarioSummary(m_current)));
    for (const SavedScenario& saved : m_scenarios->all()) {
        const QString text = saved.name + QStringLiteral(" — ") + scenarioSummary(saved.config);
        m_list->addItem(text);
        m_a->addItem(text);
        m_b->addItem(text);
    }
    m_a->setCurrentIndex(std::clamp(a, 0, m_a->count() - 1));
    m_b->setCurrentIndex(std::clamp(b, 0, m_b->count() - 1));
    const bool any = !m_scenarios->all().empty();
    m_listHint->setVisible(!any);
    m_remove->setEnabled(any);
    m_export->setEnabled(any);
    m_save->setEnabled(!m_scenarios->documentKey().isEmpty());
    refresh();
}

core::Configuration ScenarioComparePanel::chosen(const QComboBox* box) const
{
    const int index = box->currentIndex() - 1;
    if (index == kCurrent || index < 0 || index >= static_cast<int>(m_scenarios->all().size()))
        return m_current;
    return m_scenarios->all()[static_cast<std::size_t>(index)].config;
}

void ScenarioComparePanel::refresh()
{
    m_sameHint->setVisible(chosen(m_a) == chosen(m_b));
    const auto& entries = m_models->entries();
    const ScenarioEvaluation a = evaluateScenario(chosen(m_a), m_models->measured(), entries);
    const ScenarioEvaluation b = evaluateScenario(chosen(m_b), m_models->measured(), entries);
    const std::vector<ScenarioDelta> rows = compareScenarios(a, b);
    m_table->setRowCount(static_cast<int>(rows.size()));
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const ScenarioDelta& row = rows[static_cast<std::size_t>(r)];
        m_table->setItem(r, MetricColumn, cell(metricTitle(row.metric), false));
        m_table->setItem(r, SourceColumn, cell(row.source, false));
        m_table->setItem(r, AColumn, cell(valueText(row.a, row.metric)));
        m_table->setItem(r, BColumn, cell(valueText(row.b, row.metric)));
        const auto change = row.change();
        m_table->setItem(r, ChangeColumn,
            cell(change ? (*change > 0 ? QStringLiteral("+") : QString())
                        + valueText(change, row.metric)
                        : QStringLiteral("–")));
        const auto percent = row.changePercent();
        m_table->setItem(r, PercentColumn,
            cell(percent
                    ? (*percent > 0 ? QStringLiteral("+") : QString()) + formatPercent(*percent)
                    : QStringLiteral("–")));
    }
}

void ScenarioComparePanel::exportCsv()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export scenarios"), QStringLiteral("scenarios.csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QFile file(path);
    const QByteArray text = QByteArray::fromStdString(m_scenarios->toConfigsCsv());
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text) != text.size())
        QMessageBox::warning(this, tr("Export scenarios"),
            tr("Could not write %1: %2").arg(path, file.errorString()));
}

} // namespace iolens::ui

#include "moc_scenario_compare_panel.cpp"

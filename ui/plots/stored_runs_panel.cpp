// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/stored_runs_panel.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "data/metric.hpp"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace iolens::ui {

QString storedRunStatusText(const std::string& status)
{
    if (status == "finished")
        return QCoreApplication::translate("iolens::ui::StoredRunsPanel", "finished");
    if (status == "cancelled")
        return QCoreApplication::translate("iolens::ui::StoredRunsPanel", "cancelled");
    if (status == "failed")
        return QCoreApplication::translate("iolens::ui::StoredRunsPanel", "failed");
    // A run killed with its process stays "running" in the database.
    if (status == "running")
        return QCoreApplication::translate("iolens::ui::StoredRunsPanel", "running or stopped");
    return QString::fromStdString(status);
}

QString storedRunText(const core::StoredOptimizerRun& run)
{
    const auto metric = core::parseMetric(run.metric);
    return QCoreApplication::translate("iolens::ui::StoredRunsPanel", "Run %1 · %2 · %3 · %4 · %5")
        .arg(run.id)
        .arg(QString::fromStdString(run.technique),
            metric ? metricTitle(*metric) : QString::fromStdString(run.metric),
            storedRunStatusText(run.status),
            countText(run.points,
                QCoreApplication::translate("iolens::ui::StoredRunsPanel", "1 point"),
                QCoreApplication::translate("iolens::ui::StoredRunsPanel", "%1 points")));
}

StoredRunsPanel::StoredRunsPanel(QWidget* parent)
    : QWidget(parent)
    , m_runs(new QComboBox(this))
    , m_show(new QPushButton(tr("Sho&w"), this))
    , m_resume(new QPushButton(tr("Res&ume"), this))
    , m_note(new QLabel(this))
{
    m_runs->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_runs->setMinimumContentsLength(18);
    m_show->setToolTip(tr("Draw the points this run evaluated"));
    m_resume->setToolTip(tr("Continue this run where it stopped, as iolens-cli optimize "
                            "--resume does; its new points are recorded in the database"));
    m_note->setWordWrap(true);
    auto* title = new QLabel(tr("Stored ru&ns:"), this);
    title->setBuddy(m_runs);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_show);
    buttons->addWidget(m_resume);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title);
    layout->addWidget(m_runs);
    layout->addLayout(buttons);
    layout->addWidget(m_note);

    connect(m_runs, &QComboBox::currentIndexChanged, this, &StoredRunsPanel::updateButtons);
    connect(m_show, &QPushButton::clicked, this, [this] {
        if (const auto id = selectedRun())
            emit showRequested(*id);
    });
    connect(m_resume, &QPushButton::clicked, this, [this] {
        if (const auto id = selectedRun())
            emit resumeRequested(*id);
    });
    setRuns({}, false);
}

void StoredRunsPanel::setRuns(const std::vector<core::StoredOptimizerRun>& runs, bool writable)
{
    const auto previous = selectedRun();
    m_list = runs;
    m_writable = writable;
    const QSignalBlocker blocker(m_runs);
    m_runs->clear();
    // Newest first: the run just made or just resumed is the one people look for.
    for (auto it = m_list.rbegin(); it != m_list.rend(); ++it)
        m_runs->addItem(storedRunText(*it), static_cast<qlonglong>(it->id));
    if (previous)
        selectRun(*previous);
    if (m_list.empty())
        m_note->setText(writable ? tr("No stored runs for this dataset yet: a search started "
                                      "here is recorded.")
                                 : tr("No stored runs. This database is read-only or an "
                                      "example, so searches here are not recorded."));
    else
        m_note->setText(
            writable ? QString() : tr("Read-only database: runs can be shown, not resumed."));
    updateButtons();
}

void StoredRunsPanel::selectRun(std::int64_t id)
{
    const int index = m_runs->findData(static_cast<qlonglong>(id));
    if (index >= 0)
        m_runs->setCurrentIndex(index);
    updateButtons();
}

std::optional<std::int64_t> StoredRunsPanel::selectedRun() const
{
    if (m_runs->currentIndex() < 0)
        return std::nullopt;
    return m_runs->currentData().toLongLong();
}

void StoredRunsPanel::setBusy(bool busy)
{
    m_busy = busy;
    updateButtons();
}

const core::StoredOptimizerRun* StoredRunsPanel::selected() const
{
    const auto id = selectedRun();
    if (!id)
        return nullptr;
    const auto it = std::find_if(m_list.begin(), m_list.end(),
        [&](const core::StoredOptimizerRun& run) { return run.id == *id; });
    return it == m_list.end() ? nullptr : &*it;
}

void StoredRunsPanel::updateButtons()
{
    const core::StoredOptimizerRun* run = selected();
    m_runs->setEnabled(!m_busy && !m_list.empty());
    m_show->setEnabled(!m_busy && run != nullptr);
    m_resume->setEnabled(!m_busy && m_writable && run && run->status != "finished");
    if (run && run->created.size() > 0)
        m_runs->setToolTip(tr("Started %1").arg(QString::fromStdString(run->created)));
}

} // namespace iolens::ui

#include "moc_stored_runs_panel.cpp"

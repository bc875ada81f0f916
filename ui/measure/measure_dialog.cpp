// SPDX-License-Identifier: GPL-3.0-or-later
#include "measure/measure_dialog.hpp"

#include "common/number_format.hpp"
#include "measure/measure_runner.hpp"
#include "measure/plan_check.hpp"
#include "measure/plan_form.hpp"
#include "measure/stored_runs_table.hpp"

#include "common/error.hpp"
#include "harness/measurement_plan.hpp"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QVBoxLayout>

#include <cmath>
#include <exception>

namespace iolens::ui {

QString clockText(double seconds)
{
    const long total = std::lround(std::max(0.0, seconds));
    const QChar zero(QLatin1Char('0'));
    if (total >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(total / 3600)
            .arg(total / 60 % 60, 2, 10, zero)
            .arg(total % 60, 2, 10, zero);
    return QStringLiteral("%1:%2").arg(total / 60).arg(total % 60, 2, 10, zero);
}

MeasureDialog::MeasureDialog(const QString& databasePath, QWidget* parent)
    : QDialog(parent)
    , m_databasePath(databasePath)
    , m_form(new PlanForm)
    , m_estimate(new QLabel)
    , m_runner(new MeasureRunner(this))
{
    setWindowTitle(tr("Measure"));
    m_estimate->setObjectName(QStringLiteral("estimate"));
    m_estimate->setWordWrap(true);
    m_estimate->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_load = new QPushButton(tr("Load plan…"));
    m_save = new QPushButton(tr("Save plan…"));
    m_run = new QPushButton(tr("Run"));
    m_run->setObjectName(QStringLiteral("run"));
    m_run->setDefault(true);
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setObjectName(QStringLiteral("cancel"));
    auto* close = new QPushButton(tr("Close"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_load);
    buttons->addWidget(m_save);
    buttons->addStretch();
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(close);

    auto* where = new QLabel(tr("Database: %1").arg(QDir::toNativeSeparators(databasePath)));
    where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(where);
    layout->addWidget(m_form);
    layout->addWidget(m_estimate);
    layout->addLayout(buttons);
    layout->addWidget(buildProgress(), 1);

    connect(m_form, &PlanForm::changed, this, &MeasureDialog::refreshEstimate);
    connect(m_load, &QPushButton::clicked, this, &MeasureDialog::promptLoad);
    connect(m_save, &QPushButton::clicked, this, &MeasureDialog::promptSave);
    connect(m_run, &QPushButton::clicked, this, &MeasureDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, &MeasureDialog::cancel);
    connect(close, &QPushButton::clicked, this, &MeasureDialog::reject);
    connect(m_runner, &MeasureRunner::progressed, this, &MeasureDialog::onProgress);
    connect(m_runner, &MeasureRunner::rowStored, this, &MeasureDialog::onRowStored);
    connect(m_runner, &MeasureRunner::finished, this, &MeasureDialog::onFinished);
    setRunning(false);
    refreshEstimate();
    resize(900, 760);
}

MeasureDialog::~MeasureDialog()
{
    // Stop and join the worker while the dialog's members still exist.
    delete m_runner;
}

QWidget* MeasureDialog::buildProgress()
{
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("progress"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("%v of %m runs"));
    m_timeLeft = new QLabel;
    m_timeLeft->setObjectName(QStringLiteral("timeLeft"));
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_progress, 1);
    bar->addWidget(m_timeLeft);
    m_log = new QPlainTextEdit;
    m_log->setObjectName(QStringLiteral("log"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    m_runs = new StoredRunsTable;
    m_runs->setObjectName(QStringLiteral("storedRuns"));
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_log);
    split->addWidget(m_runs);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    auto* box = new QWidget;
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    return box;
}

void MeasureDialog::setOptions(const core::MeasureOptions& options)
{
    m_options = options;
    refreshEstimate();
}

std::optional<core::MeasurementPlan> MeasureDialog::plan() const
{
    return m_plan;
}
QString MeasureDialog::planError() const
{
    return m_error;
}
bool MeasureDialog::isRunning() const
{
    return m_runner->isRunning();
}

void MeasureDialog::refreshEstimate()
{
    if (m_runner->isRunning())
        return; // the plan is fixed while it runs; the database is busy being written
    const PlanCheck check = checkPlan(m_form->toJson(), m_planSource, m_databasePath, m_options);
    m_plan = check.plan;
    m_error = check.error;
    m_run->setEnabled(m_plan.has_value() && check.estimate.runsPending > 0);
    if (!m_plan) {
        m_estimate->setStyleSheet(QStringLiteral("color: #b00020;"));
        m_estimate->setText(m_error);
        return;
    }
    const core::MeasureEstimate& e = check.estimate;
    if (!m_started) { // before the first run the bar previews the runs to do
        m_progress->setRange(0, std::max(1, e.runsPending));
        m_progress->setValue(0);
    }
    m_estimate->setStyleSheet(QString());
    // "Name: value" rather than sentences: no plural forms to get wrong for 1.
    QString text = tr("Configurations: %1 × repetitions: %2 = runs: %3")
                       .arg(e.configurations)
                       .arg(m_plan->workload.repetitions)
                       .arg(e.runsTotal);
    if (e.runsAlreadyStored > 0)
        text += tr(", already stored: %1 (skipped)").arg(e.runsAlreadyStored);
    if (e.runsPending == 0)
        text += tr(". Every run is stored: nothing to do.");
    else
        text += tr(". Estimated time: %1 for runs: %2; file sets to write: %3.")
                    .arg(clockText(e.seconds))
                    .arg(e.runsPending)
                    .arg(formatByteSize(e.layoutBytes));
    text += QLatin1Char('\n') + tr("Scheduler: %1").arg(QString::fromStdString(e.schedulerNote));
    m_estimate->setText(text);
}

bool MeasureDialog::loadPlan(const QString& path)
{
    try {
        core::readPlanFile(path.toStdString()); // core's verdict and messages, as in the CLI
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            throw core::ConfigError(path.toStdString() + ": cannot be read");
        const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        const QString design = json.value(QStringLiteral("design")).toString();
        if (!design.isEmpty() && design != QStringLiteral("full_factorial"))
            throw core::ConfigError(
                tr("%1: the dialog edits full-factorial plans only; run this \"%2\" plan with "
                   "iolens-cli measure")
                    .arg(path, design)
                    .toStdString());
        m_planSource = QFileInfo(path).fileName();
        m_form->setJson(json);
        log(tr("Loaded %1").arg(QDir::toNativeSeparators(path)));
        return true;
    } catch (const std::exception& e) {
        m_estimate->setStyleSheet(QStringLiteral("color: #b00020;"));
        m_estimate->setText(QString::fromUtf8(e.what()));
        return false;
    }
}

bool MeasureDialog::savePlan(const QString& path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(QJsonDocument(m_form->toJson()).toJson(QJsonDocument::Indented)) < 0
        || !file.commit()) {
        log(tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    m_planSource = QFileInfo(path).fileName();
    log(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

void MeasureDialog::promptLoad()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Load measurement plan"), QString(), tr("Plans (*.json);;All files (*)"));
    if (!path.isEmpty())
        loadPlan(path);
}

void MeasureDialog::promptSave()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save measurement plan"),
        QStringLiteral("plan.json"), tr("Plans (*.json);;All files (*)"));
    if (!path.isEmpty())
        savePlan(path);
}

void MeasureDialog::start()
{
    refreshEstimate();
    if (!m_plan || m_runner->isRunning())
        return;
    m_storedThisSession = 0;
    m_started = true;
    m_runningDataset = m_plan->dataset;
    log(tr("Measuring into dataset \"%1\" of %2")
            .arg(
                QString::fromStdString(m_plan->dataset), QDir::toNativeSeparators(m_databasePath)));
    m_runner->start(*m_plan, m_databasePath, m_options);
    setRunning(true);
}

void MeasureDialog::cancel()
{
    if (!m_runner->isRunning())
        return;
    log(tr("Cancelling…"));
    m_cancel->setEnabled(false);
    m_runner->cancel();
}

void MeasureDialog::reject()
{
    // Closing while fio runs stops the session first; the dialog closes when it has stopped.
    if (m_runner->isRunning()) {
        m_closeWhenDone = true;
        cancel();
        return;
    }
    QDialog::reject();
}

void MeasureDialog::onProgress(
    int runsDone, int runsPending, double remainingSeconds, const QString& message)
{
    m_progress->setRange(0, std::max(1, runsPending));
    m_progress->setValue(runsDone);
    m_timeLeft->setText(tr("about %1 left").arg(clockText(remainingSeconds)));
    m_timeLeft->show();
    log(QStringLiteral("[%1/%2] %3").arg(runsDone).arg(runsPending).arg(message));
}

void MeasureDialog::onRowStored(const core::Measurement& row)
{
    ++m_storedThisSession;
    m_runs->addRun(row);
    emit rowStored(row);
}

void MeasureDialog::onFinished(bool cancelled, int runsStored, const QString& error)
{
    // After a failure the report is lost; the rows that arrived are the ones stored.
    const int stored = error.isEmpty() ? runsStored : m_storedThisSession;
    if (!error.isEmpty())
        log(tr("Failed: %1").arg(error));
    else if (cancelled)
        log(tr("Cancelled: %1 runs stored; run the plan again to resume.").arg(stored));
    else
        log(tr("Done: %1 runs stored.").arg(stored));
    m_timeLeft->setText(QString());
    m_timeLeft->hide(); // an empty label would still hold the bar's last width back
    setRunning(false);
    refreshEstimate();
    emit measurementFinished(QString::fromStdString(m_runningDataset), stored, cancelled);
    if (m_closeWhenDone)
        QDialog::reject();
}

void MeasureDialog::setRunning(bool running)
{
    m_form->setEnabled(!running);
    m_load->setEnabled(!running);
    if (running)
        m_run->setEnabled(false); // refreshEstimate() enables it again when there is work
    m_cancel->setEnabled(running);
}

void MeasureDialog::log(const QString& line)
{
    m_log->appendPlainText(line);
}

} // namespace iolens::ui

#include "moc_measure_dialog.cpp"

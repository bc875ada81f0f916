// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/fio_import_dialog.hpp"

#include "common/error.hpp"
#include "common/number_format.hpp"
#include "data/fio_json_reader.hpp"
#include "store/measurement_database.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace iolens::ui {

namespace {

// The schedulers Linux offers for a block device; the box is editable for any other.
const QStringList kSchedulers {QStringLiteral("none"), QStringLiteral("mq-deadline"),
    QStringLiteral("bfq"), QStringLiteral("kyber")};

// A dataset name from the files: their common folder, as a folder of results is named after the
// experiment ("fio-json" when they lie in the current folder).
QString suggestedDataset(const QStringList& paths)
{
    if (paths.isEmpty())
        return QStringLiteral("fio-json");
    const QString folder = QFileInfo(paths.front()).absoluteDir().dirName();
    for (const QString& path : paths)
        if (QFileInfo(path).absoluteDir().dirName() != folder)
            return QStringLiteral("fio-json");
    return folder.isEmpty() ? QStringLiteral("fio-json") : folder;
}

} // namespace

FioImportDialog::FioImportDialog(
    const QStringList& jsonPaths, const QString& databasePath, QWidget* parent)
    : QDialog(parent)
    , m_databasePath(databasePath)
    , m_table(new QTableWidget(this))
    , m_scheduler(new QComboBox(this))
    , m_fileset(new QLineEdit(this))
    , m_dataset(new QLineEdit(suggestedDataset(jsonPaths), this))
    , m_skipRefused(new QCheckBox(tr("Skip the refused files and import the others"), this))
    , m_summary(new QLabel(this))
    , m_refused(new QPlainTextEdit(this))
    , m_import(new QPushButton(tr("&Import"), this))
{
    setWindowTitle(tr("Import fio results"));
    m_table->setObjectName(QStringLiteral("files"));
    m_scheduler->setObjectName(QStringLiteral("scheduler"));
    m_dataset->setObjectName(QStringLiteral("dataset"));
    m_fileset->setObjectName(QStringLiteral("fileset"));
    m_skipRefused->setObjectName(QStringLiteral("skipRefused"));
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setWordWrap(true);
    m_import->setObjectName(QStringLiteral("import"));
    m_refused->setObjectName(QStringLiteral("refused"));
    m_refused->setReadOnly(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->verticalHeader()->hide();
    // A harness name is long: its middle goes first, the number and the rest's end stay.
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setWordWrap(false);
    m_scheduler->setEditable(true);
    m_scheduler->addItems(kSchedulers);

    m_paths = jsonPaths;
    readFiles();

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Each file is one fio run, or one VM's share of a run over "
                                    "VMs (those become one run); its configuration as fio's job "
                                    "options give it:"),
        this));
    layout->addWidget(m_table, 3);
    auto* form = new QFormLayout;
    form->addRow(tr("Scheduler where the file name does not say it:"), m_scheduler);
    m_fileset->setPlaceholderText(tr("e.g. 512 GiB, for fio on a whole device"));
    form->addRow(tr("File set where fio's options do not give it:"), m_fileset);
    form->addRow(tr("Dataset:"), m_dataset);
    layout->addLayout(form);
    layout->addWidget(m_skipRefused);
    layout->addWidget(m_summary);
    layout->addWidget(m_refused, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    buttons->addButton(m_import, QDialogButtonBox::AcceptRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_import, &QPushButton::clicked, this, [this] {
        if (importRuns())
            accept();
    });
    m_scheduler->setEnabled(filesWithoutScheduler() > 0);
    connect(m_scheduler, &QComboBox::currentTextChanged, this, [this] {
        fillTable();
        refresh();
    });
    connect(m_fileset, &QLineEdit::textChanged, this, [this] {
        readFiles();
        fillTable();
        refresh();
    });
    connect(m_skipRefused, &QCheckBox::toggled, this, &FioImportDialog::refresh);
    connect(m_dataset, &QLineEdit::textChanged, this, &FioImportDialog::refresh);
    fillTable();
    refresh();
    // Fits a 1280x800 screen, in presentation mode's fonts too.
    resize(1000, 640);
}

int FioImportDialog::filesWithoutScheduler() const
{
    int count = 0;
    for (const FileRun& file : m_files)
        count += file.harnessScheduler ? 0 : 1;
    return count;
}

void FioImportDialog::readFiles()
{
    // Read again whenever the file set changes: it settles the files without a size of their own.
    core::FioImportOptions options;
    options.filesetBytes = filesetBytes();
    m_files.clear();
    std::vector<std::string> paths;
    std::vector<std::optional<core::Measurement>> perFile;
    std::vector<std::optional<core::FioSettings>> settings;
    for (const QString& path : m_paths) {
        paths.push_back(path.toStdString());
        FileRun file {path, core::schedulerInHarnessName(paths.back()), std::nullopt, {}, {}};
        std::optional<core::FioSettings> fileSettings;
        try {
            // Settled in runs(): the file's own scheduler, else the one chosen here.
            options.scheduler = file.harnessScheduler.value_or("none");
            core::FioResult result = core::readFioResult(paths.back(), options);
            file.run = std::move(result.run);
            fileSettings = std::move(result.settings);
        } catch (const core::Error& e) {
            file.problem = QString::fromStdString(e.what());
        }
        perFile.push_back(file.run);
        settings.push_back(std::move(fileSettings));
        m_files.push_back(std::move(file));
    }
    // As the command line refuses them: one dataset would take two experiments for one.
    m_settingsProblem = QString::fromStdString(core::settingsDisagreement(paths, settings));
    // The same grouping as `iolens-cli import --fio-json`: a run over VMs is one row.
    m_runs = core::groupVmResults(paths, perFile);
    for (const core::FioResultRun& run : m_runs) {
        for (std::size_t i : run.files) {
            FileRun& file = m_files[i];
            if (const auto vm = core::vmResultName(paths[i]); vm && vm->vms > 1)
                file.vmOfRun = tr("%1 of %2").arg(vm->vm + 1).arg(vm->vms);
            if (!run.run && file.run) {
                // It read, but its run cannot be stored without the others: refused with it.
                file.run.reset();
                file.problem = QString::fromStdString(run.problem);
            }
        }
    }
}

std::optional<long long> FioImportDialog::filesetBytes() const
{
    // A bare number in bytes, as fio and `iolens-cli import --fileset` read it.
    const auto bytes = parseByteSize(m_fileset->text().trimmed(), 1);
    if (!bytes || *bytes <= 0)
        return std::nullopt;
    return *bytes;
}

void FioImportDialog::setFileset(const QString& size)
{
    m_fileset->setText(size);
}

std::vector<core::Measurement> FioImportDialog::runs() const
{
    std::vector<core::Measurement> runs;
    for (const core::FioResultRun& run : m_runs) {
        if (!run.run)
            continue;
        runs.push_back(*run.run);
        // The VMs' files of one run share the name that carries the scheduler.
        if (!m_files[run.files.front()].harnessScheduler)
            runs.back().config.scheduler = scheduler().toStdString();
    }
    return runs;
}

void FioImportDialog::fillTable()
{
    const QStringList headers {tr("File"), tr("Scheduler"), tr("Request"), tr("Pattern"),
        tr("Read %"), tr("File set"), tr("Threads"), tr("VM")};
    m_table->clear();
    m_table->clearSpans();
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    // Sections exist from here on: the file name takes what the others leave.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->setRowCount(static_cast<int>(m_files.size()));
    QString refused;
    for (std::size_t i = 0; i < m_files.size(); ++i) {
        const FileRun& file = m_files[i];
        const int row = static_cast<int>(i);
        QStringList cells {QFileInfo(file.path).fileName()};
        if (file.run) {
            const core::Configuration& config = file.run->config;
            cells << (file.harnessScheduler ? QString::fromStdString(*file.harnessScheduler)
                                            : tr("%1 (chosen)").arg(scheduler()))
                  << formatByteSize(config.requestBytes)
                  << QString::fromLatin1(core::patternName(config.pattern).data())
                  << formatPercent(config.readPct) << formatByteSize(config.filesetBytes)
                  << QString::number(config.threads)
                  << (file.vmOfRun.isEmpty() ? tr("all") : file.vmOfRun);
        } else {
            // The reason is long (file, field, what is wrong): in full in the list below.
            cells << tr("refused, see below");
            m_table->setSpan(row, 1, 1, static_cast<int>(headers.size()) - 1);
            refused += file.problem + QLatin1Char('\n');
        }
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setToolTip(c == 0 ? file.path : (file.run ? cells[c] : file.problem));
            m_table->setItem(row, c, item);
        }
    }
    m_refused->setPlainText(refused);
    m_refused->setVisible(!refused.isEmpty());
}

void FioImportDialog::refresh()
{
    const std::size_t good = runs().size();
    std::size_t refused = 0;
    for (const core::FioResultRun& run : m_runs)
        refused += run.run ? 0 : 1;
    const bool schedulerMissing = filesWithoutScheduler() > 0 && scheduler().isEmpty();
    QString text = good + refused == m_files.size()
        ? tr("%1 runs to import, %2 refused.").arg(good).arg(refused)
        : tr("%1 runs to import from %2 files (a run over VMs has a file per VM), %3 refused.")
              .arg(good)
              .arg(m_files.size())
              .arg(refused);
    if (schedulerMissing)
        text += QLatin1Char(' ') + tr("Choose the scheduler for the files whose names lack it.");
    if (!m_settingsProblem.isEmpty())
        text += QLatin1Char(' ') + tr("Not one experiment: %1").arg(m_settingsProblem);
    m_summary->setText(text);
    m_import->setEnabled(good > 0 && !dataset().isEmpty() && !schedulerMissing
        && m_settingsProblem.isEmpty() && (refused == 0 || m_skipRefused->isChecked()));
}

void FioImportDialog::setScheduler(const QString& scheduler)
{
    m_scheduler->setCurrentText(scheduler);
}

QString FioImportDialog::scheduler() const
{
    return m_scheduler->currentText().trimmed();
}

void FioImportDialog::setSkipRefusedFiles(bool skip)
{
    m_skipRefused->setChecked(skip);
}

void FioImportDialog::setDataset(const QString& dataset)
{
    m_dataset->setText(dataset);
}

QString FioImportDialog::dataset() const
{
    return m_dataset->text().trimmed();
}

bool FioImportDialog::importRuns()
{
    refresh();
    if (!m_import->isEnabled())
        return false;
    const std::vector<core::Measurement> measurements = runs();
    std::vector<core::ImportedFile> records;
    for (const core::FioResultRun& run : m_runs)
        for (std::size_t i : run.files) {
            // The run's row counts once, with its first file, as the command line records it.
            const int imported = run.run && i == run.files.front() ? 1 : 0;
            records.push_back({m_files[i].path.toStdString(), {}, imported, run.run ? 0 : 1, {}});
        }
    try {
        auto database = core::MeasurementDatabase::openOrCreate(m_databasePath.toStdString());
        const core::ImportTarget target {dataset().toStdString(), {}, {}, std::nullopt};
        const int stored = database.importMeasurements(measurements, target, records);
        emit imported(m_databasePath, dataset(), stored);
        return true;
    } catch (const std::exception& e) {
        m_summary->setText(tr("Nothing imported: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
}

} // namespace iolens::ui

#include "moc_fio_import_dialog.cpp"

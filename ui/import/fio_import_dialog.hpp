// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"
#include "harness/fio_result_files.hpp"

#include <QDialog>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

namespace iolens::ui {

/// File ▸ Import measurements… for fio results: one `fio --output-format=json` file per run,
/// read by core's readFioJson and grouped by groupVmResults (a run over VMs left a file per VM)
/// as `iolens-cli import --fio-json` reads them. Each file's
/// configuration is shown before anything is written; a file that does not read is listed with
/// core's message (file and field). The scheduler comes from the file name where iolens's
/// harness wrote it (schedulerInHarnessName); for the other files the user chooses it here.
class FioImportDialog : public QDialog {
    Q_OBJECT
public:
    /// Reads every file of `jsonPaths` (folders already expanded: importPaths()); imports into
    /// `databasePath` (created if missing).
    FioImportDialog(
        const QStringList& jsonPaths, const QString& databasePath, QWidget* parent = nullptr);

    /// One file as read: its run, or why it was refused.
    struct FileRun {
        QString path;
        std::optional<std::string> harnessScheduler; ///< from the file name, if it says it
        std::optional<core::Measurement> run;        ///< scheduler still to be settled
        QString problem;                             ///< core's message when run is empty
        QString vmOfRun; ///< "2 of 3" for one VM's file of a run over VMs, else empty
    };
    const std::vector<FileRun>& files() const { return m_files; }
    /// The runs that would be imported now, each with its scheduler settled: one per file, but
    /// one per run for the VMs' files of a run over VMs (core's groupVmResults).
    std::vector<core::Measurement> runs() const;
    /// How many files lack a scheduler in their name (the scheduler box applies to them).
    int filesWithoutScheduler() const;

    /// The scheduler for files whose names do not say it.
    void setScheduler(const QString& scheduler);
    QString scheduler() const;
    /// The file-set size for files whose fio options give none (fio on a whole device), as
    /// the window writes sizes ("512 GiB", "64M"); the files are read again with it.
    void setFileset(const QString& size);
    void setSkipRefusedFiles(bool skip);
    void setDataset(const QString& dataset);
    QString dataset() const;
    /// Stores runs() in one transaction, recording every file (a skipped one with its row as
    /// skipped). Returns false (and shows why) if nothing was stored.
    bool importRuns();

signals:
    /// importRuns() stored `rows` measurements in `dataset` of `databasePath`.
    void imported(const QString& databasePath, const QString& dataset, int rows);

private:
    /// Reads every file, checks their settings agree and groups them into runs.
    void readFiles();
    std::optional<long long> filesetBytes() const;
    void fillTable();
    void refresh();

    QString m_databasePath;
    QStringList m_paths;
    std::vector<FileRun> m_files;
    std::vector<core::FioResultRun> m_runs; ///< m_files grouped into runs
    QString m_settingsProblem; ///< core's settingsDisagreement of the files, empty if none
    QTableWidget* m_table;
    QComboBox* m_scheduler;
    QLineEdit* m_fileset;
    QLineEdit* m_dataset;
    QCheckBox* m_skipRefused;
    QLabel* m_summary;
    QPlainTextEdit* m_refused;
    QPushButton* m_import;
};

} // namespace iolens::ui

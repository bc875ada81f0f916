// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/example_database.hpp"
#include "store/measurement_database.hpp"

#include <QObject>

#include <string>
#include <vector>

class QAction;
class QActionGroup;
class QMainWindow;
class QMenu;
class QTabWidget;

namespace iolens::ui {

class RecentFiles;
struct Document;

/// The main window's menu bar: File (new, open, examples, recent files, save as, import, export,
/// measure, evidence pack, quit), Dataset (one entry per dataset of the database with the files
/// it was imported from, rename, delete), Models (which techniques to train, which stored models
/// to show), View
/// (presentation mode, tabs, language) and Help. It only turns clicks into requests; the window
/// decides what they do, so the menus stay free of dialogs and of the document's logic.
class WindowMenus : public QObject {
    Q_OBJECT
public:
    /// Builds the menus into `window`'s menu bar; `recent` fills "Open recent".
    WindowMenus(QMainWindow* window, RecentFiles* recent);

    /// Updates the dataset menu and what is enabled for `document` (nullptr: nothing open).
    void setDocument(const Document* document);

    QAction* saveAsAction() const { return m_saveAs; }
    QMenu* recentMenu() const { return m_recent; }
    QMenu* datasetMenu() const { return m_datasets; }
    QMenu* modelsMenu() const { return m_models; }
    /// Models ▸ Stored models… (enabled while a database is open).
    QAction* storedModelsAction() const { return m_storedModels; }
    /// View ▸ Presentation mode (checkable, F5).
    QAction* presentationAction() const { return m_presentation; }
    /// View ▸ Scenario and prediction panels (checkable, ticked, F9).
    QAction* panelsAction() const { return m_panels; }
    /// View ▸ Go to tab: one entry per page of `views`, the first nine on Ctrl+1 … Ctrl+9.
    void setViews(QTabWidget* views);
    QMenu* goToMenu() const { return m_goTo; }
    /// View ▸ Language: the system default, English, Deutsch; the choice applies from the next
    /// start.
    QMenu* languageMenu() const { return m_language; }
    /// Ticks the techniques the window trains.
    void setTechniques(const std::vector<std::string>& techniques);

signals:
    /// File ▸ New database…: create an empty measurement database and open it.
    void newDatabaseRequested();
    void openRequested();
    void exampleRequested(iolens::ui::Example example);
    void recentRequested(const QString& path);
    void saveAsRequested();
    /// File ▸ Import measurements…: CSV files (in iolens's format or through a column mapping)
    /// or fio JSON results.
    void importRequested();
    /// File ▸ Import a folder of fio results….
    void importFolderRequested();
    /// File ▸ Export dataset as CSV…: the shown dataset, as `iolens-cli export` writes it.
    void exportDatasetRequested();
    void importModelRequested();
    void exportModelRequested();
    /// File ▸ Measure…: measure a plan with fio.
    void measureRequested();
    /// File ▸ Export evidence pack…: views, scenario, models and hashes into a folder.
    void evidenceRequested();
    /// View ▸ Presentation mode was ticked or unticked.
    void presentationToggled(bool on);
    /// View ▸ Scenario and prediction panels was ticked or unticked.
    void panelsToggled(bool shown);
    /// View ▸ Save presentation screenshot…: the window at twice its pixels.
    void presentationScreenshotRequested();
    /// View ▸ Language: the user chose `code` (empty: the system's), already stored.
    void languageChosen(const QString& code);
    /// File ▸ Inside-Out accuracy…: the accuracy density of measured runs (seed 002 Fig. 9).
    void insideOutAccuracyRequested();
    void datasetRequested(const QString& dataset);
    /// Dataset ▸ Rename…: rename the shown dataset.
    void renameDatasetRequested();
    /// Dataset ▸ Delete…: delete the shown dataset (the window asks first).
    void removeDatasetRequested();
    /// The user ticked or unticked a technique in the Models menu: the new choice, registry order.
    void techniquesRequested(const std::vector<std::string>& techniques);
    /// Models ▸ Stored models…: choose which of the database's stored models the window shows.
    void storedModelsRequested();
    void aboutRequested();
    void quitRequested();

private:
    void rebuildRecent();
    void buildLanguageMenu(QMenu* menu);

    RecentFiles* m_recentFiles;
    QAction* m_saveAs = nullptr;
    QMenu* m_recent = nullptr;
    QMenu* m_datasets = nullptr;
    QActionGroup* m_datasetGroup = nullptr;
    QMenu* m_models = nullptr;
    QAction* m_storedModels = nullptr;
    QAction* m_evidence = nullptr;
    QAction* m_exportDataset = nullptr;
    QAction* m_presentation = nullptr;
    QAction* m_panels = nullptr;
    QMenu* m_goTo = nullptr;
    QMenu* m_language = nullptr;
};

/// The Dataset menu's line under a dataset imported from files: "from a.csv, b.csv · imported
/// 2026-11-26 10:11" (the first files by name, then how many more); empty without files.
QString importedFilesText(const std::vector<core::ImportedFile>& files);

/// The examples' menu entries: "fio-tiered: cache in front of a throttled array".
QString exampleMenuText(Example example);

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/example_database.hpp"
#include "window/stored_model_choice.hpp"

#include <QMainWindow>

class QCloseEvent;
class QSplitter;
class QTabWidget;

namespace iolens::ui {

class ConservationView;
class DocumentController;
struct Document;
class MeasurementTablePanel;
class ApplicationPanel;
class TracePanel;
class CapacityPanel;
class MeasuredPredictedPlot;
class ModelComparisonPanel;
class ModelController;
class ErrorCdfPage;
class ErrorCdfView;
class SearchSurfaceView;
class PredictionPanel;
class ProfilerView;
class ScenarioComparePanel;
class ScenarioPanel;
class WindowMenus;
class PresentationMode;
class TabLabels;

/// The iolens window: scenario sliders and the prediction side by side at the top, the
/// measurement table (and, in tabs beside it, the plot area and the model comparison) below. It
/// only wires the parts together and runs the file dialogs; documents, models and every view are
/// separate objects.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    DocumentController* documents() const { return m_documents; }
    ModelController* models() const { return m_models; }
    ScenarioPanel* scenarioPanel() const { return m_scenario; }
    PredictionPanel* predictionPanel() const { return m_prediction; }
    MeasurementTablePanel* tablePanel() const { return m_table; }
    ErrorCdfPage* errorCdfPage() const { return m_errorCdf; }
    ErrorCdfView* errorCdfView() const;
    SearchSurfaceView* searchView() const { return m_search; }
    ScenarioComparePanel* scenariosPage() const { return m_scenarios; }
    MeasuredPredictedPlot* measuredPredictedPlot() const { return m_scatter; }
    CapacityPanel* capacityPage() const { return m_capacity; }
    ApplicationPanel* applicationPage() const { return m_application; }
    TracePanel* tracePage() const { return m_trace; }
    ModelComparisonPanel* comparisonPanel() const { return m_comparison; }
    ProfilerView* profilerView() const { return m_profiler; }
    ConservationView* conservationView() const { return m_conservation; }
    /// The tabs below the controls; each page's objectName (measurements, predictions, models,
    /// error-cdf, profiler, scenarios, capacity, search, conservation) lets a caller pick one
    /// (iolens --tab).
    QTabWidget* views() const { return m_views; }
    /// The tab titles, brief where the full ones do not fit (tab_labels.hpp).
    TabLabels* tabLabels() const { return m_tabLabels; }
    WindowMenus* menus() const { return m_menus; }
    /// View ▸ Presentation mode: larger fonts and plot lines for a projector.
    PresentationMode* presentation() const { return m_presentation; }
    /// View ▸ Scenario and prediction panels: hidden, the tabs take the whole window. Every
    /// window starts with them shown, so that no one starts without the sliders.
    void setPanelsShown(bool shown);
    bool panelsShown() const;
    /// Which of the database's stored models the window shows from the next document on (every
    /// one unless set: `render` and `evidence` --stored-models).
    void setStoredModelChoice(StoredModelChoice choice) { m_storedModelChoice = std::move(choice); }
    /// Models ▸ Stored models…'s answer for the open database: every stored model but `hidden` is
    /// shown in every view from now on, and, after rememberSession(), whenever this database
    /// opens again. Models ticked back are added at once; hiding one sets the window's models up
    /// afresh (retrained, as after a change in the Models menu), since the views cannot drop a
    /// column. Nothing to do without a document or a change.
    void setHiddenStoredModels(const QStringList& hidden);
    const StoredModelChoice& storedModelChoice() const { return m_storedModelChoice; }
    /// The window's own models from now on (registry keys, column order; not empty), retrained
    /// at once if a document is open. Unlike the Models menu it does not remember the choice:
    /// `render` and `evidence` --technique.
    void setTechniques(const std::vector<std::string>& techniques);

    /// Off for batch runs (--screenshot): errors are then only logged, since a modal message box
    /// would wait forever for a click that never comes.
    void setErrorDialogsEnabled(bool enabled) { m_errorDialogs = enabled; }
    /// The status line without the work still running in the background ("Cross-validating
    /// them…"), for a picture of a view that does not wait for it.
    void showSettledStatus();
    /// For interactive runs: restores the layout saved at the last close and from now on keeps
    /// the layout and each database's last scenario (window_settings.hpp). Off by default, so
    /// that batch runs (--screenshot) and tests start from the same state every time.
    void rememberSession();

protected:
    /// Keeps the window layout if rememberSession() was called.
    void closeEvent(QCloseEvent* event) override;

private:
    QWidget* buildControls();
    void connectParts();
    void onDocumentChanged();
    void onModelsReady();
    void chooseTechniques(const std::vector<std::string>& techniques);
    /// Trains the window's models on `document` and adds its database's stored ones.
    void trainModels(const Document& document);
    /// Adds the stored models of `document`'s database that `choice` shows (addStoredModels).
    void showStoredModels(const Document& document, const StoredModelChoice& choice);
    void promptStoredModels();
    void onEvaluationsReady();
    QString datasetSummary() const;
    QString trainedSummary() const;
    void showError(const QString& title, const QString& message);
    void promptOpen();
    void promptSaveAs();
    void promptImportModel();
    void promptExportModel();
    void promptMeasure();
    void showAbout();
    void updateTitle();

    DocumentController* m_documents;
    ModelController* m_models;
    ScenarioPanel* m_scenario;
    PredictionPanel* m_prediction;
    MeasurementTablePanel* m_table;
    ModelComparisonPanel* m_comparison;
    ErrorCdfPage* m_errorCdf;
    SearchSurfaceView* m_search;
    ProfilerView* m_profiler = nullptr;
    ScenarioComparePanel* m_scenarios;
    MeasuredPredictedPlot* m_scatter;
    CapacityPanel* m_capacity;
    ApplicationPanel* m_application;
    TracePanel* m_trace;
    ConservationView* m_conservation;
    QTabWidget* m_views;
    TabLabels* m_tabLabels = nullptr;
    WindowMenus* m_menus;
    PresentationMode* m_presentation = nullptr;
    QSplitter* m_splitter = nullptr;
    bool m_errorDialogs = true;
    bool m_remembers = false;
    /// Why stored models of the open database are not shown (addStoredModels), for the status.
    QStringList m_storedModelProblems;
    StoredModelChoice m_storedModelChoice;
    /// The database m_storedModelChoice.hidden belongs to (Document::databaseKey()).
    QString m_storedModelsDatabase;
};

} // namespace iolens::ui

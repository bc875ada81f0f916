// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/main_window.hpp"

#include "appsim/application_panel.hpp"
#include "conservation/conservation_view.hpp"
#include "document/document_controller.hpp"
#include "document/recent_files.hpp"
#include "evidence/evidence_prompt.hpp"
#include "import/import_prompt.hpp"
#include "measure/measure_prompt.hpp"
#include "models/model_comparison_panel.hpp"
#include "planning/capacity_panel.hpp"
#include "plots/error_cdf_view.hpp"
#include "plots/search_surface_view.hpp"
#include "prediction/model_controller.hpp"
#include "prediction/prediction_chart.hpp"
#include "prediction/prediction_panel.hpp"
#include "prediction/technique_choice.hpp"
#include "profiler/profiler_view.hpp"
#include "scenario/scenario_compare_panel.hpp"
#include "scenario/scenario_panel.hpp"
#include "table/measured_predicted_plot.hpp"
#include "table/measurement_table_panel.hpp"
#include "traces/trace_panel.hpp"
#include "window/about_text.hpp"
#include "window/dataset_prompts.hpp"
#include "window/error_cdf_page.hpp"
#include "window/file_drop_filter.hpp"
#include "window/inside_out_accuracy_dialog.hpp"
#include "window/presentation_mode.hpp"
#include "window/stored_models.hpp"
#include "window/stored_models_dialog.hpp"
#include "window/tab_labels.hpp"
#include "window/window_menus.hpp"
#include "window/window_settings.hpp"

#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QMessageBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>

namespace iolens::ui {

namespace {
const QString kDatabaseFilter = QStringLiteral("*.sqlite *.db *.iolens");
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_documents(new DocumentController(this))
    , m_models(new ModelController(this))
    , m_scenario(new ScenarioPanel)
    , m_prediction(new PredictionPanel)
    , m_table(new MeasurementTablePanel)
    , m_comparison(new ModelComparisonPanel(m_models))
    , m_errorCdf(new ErrorCdfPage(m_models))
    , m_search(new SearchSurfaceView)
    , m_scenarios(new ScenarioComparePanel(m_models))
    , m_scatter(new MeasuredPredictedPlot(m_models))
    , m_capacity(new CapacityPanel(m_models))
    , m_application(new ApplicationPanel(m_models))
    , m_trace(new TracePanel)
    , m_conservation(new ConservationView)
    , m_views(new QTabWidget)
    , m_menus(new WindowMenus(this, &m_documents->recentFiles()))
{
    m_profiler = new ProfilerView(m_models);
    // The prediction panel's numbers as a chart with each model's cross-validated error bars.
    auto* predictions = new PredictionChart(m_models);
    predictions->setObjectName(QStringLiteral("predictions"));
    m_table->setSideView(m_scatter);
    // The data, then what the models say about it, then the what-if and planning views, then
    // the tools; each page's objectName is what `iolens --tab` and `render --view` take.
    // A brief title for the longest ones, shown when the full titles do not fit the window's
    // width (presentation mode's font at 1280 pixels): no tab hides behind a scroll arrow.
    struct Page {
        QWidget* page;
        QString title;
        QString brief;
    };
    const Page pages[] = {{m_table, tr("Measurements"), {}}, {predictions, tr("Predictions"), {}},
        {m_comparison, tr("Models"), {}}, {m_errorCdf, tr("Error CDF"), {}},
        {m_profiler, tr("Profiler"), {}}, {m_scenarios, tr("Scenarios"), {}},
        {m_capacity, tr("Capacity"), {}}, {m_application, tr("Application"), {}},
        {m_trace, tr("Trace"), {}},
        {m_search, tr("Parameter search"), tr("Search", "a brief tab title of Parameter search")},
        {m_conservation, tr("Conservation"), {}}};
    m_tabLabels = new TabLabels(m_views);
    for (const Page& page : pages)
        m_tabLabels->setLabels(m_views->addTab(page.page, page.title), page.title, page.brief);
    m_menus->setViews(m_views);
    m_table->setObjectName(QStringLiteral("measurements"));
    m_comparison->setObjectName(QStringLiteral("models"));
    m_errorCdf->setObjectName(QStringLiteral("error-cdf"));
    m_profiler->setObjectName(QStringLiteral("profiler"));
    m_scenarios->setObjectName(QStringLiteral("scenarios"));
    m_capacity->setObjectName(QStringLiteral("capacity"));
    m_application->setObjectName(QStringLiteral("application"));
    m_trace->setObjectName(QStringLiteral("trace"));
    m_search->setObjectName(QStringLiteral("search"));
    m_conservation->setObjectName(QStringLiteral("conservation"));
    setTechniques(loadTechniqueChoice());
    m_views->setDocumentMode(true);
    // The tabs' minimum is their tallest page's (Parameter search, Profiler), which with the
    // controls above made presentation mode's window taller than the 800 pixels asked for.
    // Those pages are squeezed a little instead, and only when shown in so short a window.
    m_views->setMinimumHeight(300);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(buildControls());
    m_splitter->addWidget(m_views);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);

    connectParts();
    updateTitle();
    statusBar()->showMessage(tr("Open a measurement database or an example from the File menu."));
}

MainWindow::~MainWindow() = default;

ErrorCdfView* MainWindow::errorCdfView() const
{
    return m_errorCdf->view();
}

QWidget* MainWindow::buildControls()
{
    // The question (scenario) and the answer (prediction) side by side above the data, so the
    // answer stays in view while a slider moves; the table gets the full width it needs.
    auto* controls = new QWidget;
    auto* layout = new QHBoxLayout(controls);
    layout->setContentsMargins(0, 0, 0, 0);
    // The answer gets the larger share: its table grows with every model (and with presentation
    // mode's fonts), while shorter sliders still move in fine steps.
    layout->addWidget(m_scenario, 2);
    layout->addWidget(m_prediction, 3);
    return controls;
}

void MainWindow::connectParts()
{
    connect(
        m_documents, &DocumentController::documentChanged, this, &MainWindow::onDocumentChanged);
    // Rows a running measurement adds: the table fills live; the models retrain at its end.
    connect(m_documents, &DocumentController::runsRefreshed, this, [this] {
        const Document* document = m_documents->document();
        m_table->setRows(document->rows, static_cast<int>(document->runs.size()));
        statusBar()->showMessage(tr("%1: %2 runs so far, measuring…")
                                     .arg(QString::fromStdString(document->dataset))
                                     .arg(document->runs.size()));
    });
    connect(m_documents, &DocumentController::errorOccurred, this, &MainWindow::showError);
    connect(m_scenario, &ScenarioPanel::scenarioChanged, m_models, &ModelController::setScenario);
    connect(m_table, &MeasurementTablePanel::configurationSelected, m_scenario,
        &ScenarioPanel::setScenario);
    connect(m_profiler, &ProfilerView::scenarioRequested, m_scenario, &ScenarioPanel::setScenario);
    // The profiler shades the Capacity tab's SLA limits; the stored ones were loaded before.
    connect(m_capacity, &CapacityPanel::limitsChanged, m_profiler, &ProfilerView::setLimits);
    m_profiler->setLimits(m_capacity->limits());
    connect(m_scenario, &ScenarioPanel::scenarioChanged, m_scenarios,
        &ScenarioComparePanel::setCurrentScenario);
    connect(m_scenario, &ScenarioPanel::scenarioChanged, m_capacity, &CapacityPanel::setScenario);
    connect(
        m_scenario, &ScenarioPanel::scenarioChanged, m_application, &ApplicationPanel::setScenario);
    connect(m_scenario, &ScenarioPanel::scenarioChanged, this,
        [this](const core::Configuration& config) {
            if (const Document* document = m_documents->document(); document && m_remembers)
                saveLastScenario(document->settingsKey(), config);
        });
    connect(m_scenarios, &ScenarioComparePanel::applyRequested, m_scenario,
        &ScenarioPanel::setScenario);
    connect(m_table, &MeasurementTablePanel::shownConfigurationsChanged, m_scatter,
        &MeasuredPredictedPlot::setHighlighted);
    connect(m_table, &MeasurementTablePanel::configurationSelected, m_scatter,
        &MeasuredPredictedPlot::setSelected);
    connect(m_models, &ModelController::evaluated, m_prediction, &PredictionPanel::showEvaluation);
    connect(m_models, &ModelController::modelsReady, this, &MainWindow::onModelsReady);
    connect(m_models, &ModelController::evaluationsReady, this, &MainWindow::onEvaluationsReady);

    connect(m_menus, &WindowMenus::openRequested, this, &MainWindow::promptOpen);
    new FileDropFilter(
        this, [this](const QString& path) { m_documents->openFile(path); },
        [this](const QStringList& paths) { openImportFiles(this, m_documents, paths); });
    connect(m_menus, &WindowMenus::saveAsRequested, this, &MainWindow::promptSaveAs);
    connect(m_menus, &WindowMenus::importModelRequested, this, &MainWindow::promptImportModel);
    connect(m_menus, &WindowMenus::exportModelRequested, this, &MainWindow::promptExportModel);
    connect(m_menus, &WindowMenus::measureRequested, this, &MainWindow::promptMeasure);
    connect(m_menus, &WindowMenus::newDatabaseRequested, this,
        [this] { promptNewDatabase(this, m_documents); });
    connect(m_menus, &WindowMenus::importRequested, this,
        [this] { openImportDialog(this, m_documents); });
    connect(m_menus, &WindowMenus::importFolderRequested, this,
        [this] { openImportFolder(this, m_documents); });
    connect(m_menus, &WindowMenus::exportDatasetRequested, this,
        [this] { promptExportDataset(this, m_documents); });
    connect(m_menus, &WindowMenus::renameDatasetRequested, this,
        [this] { promptRenameDataset(this, m_documents); });
    connect(m_menus, &WindowMenus::removeDatasetRequested, this,
        [this] { promptRemoveDataset(this, m_documents); });
    // Saved and last scenarios follow a renamed dataset and go with a deleted one.
    connect(m_documents, &DocumentController::datasetRenamed, this,
        [this](const QString& from, const QString& to) {
            if (m_remembers)
                moveRememberedDataset(from, to);
        });
    connect(m_documents, &DocumentController::datasetRemoved, this, [this](const QString& key) {
        if (m_remembers)
            moveRememberedDataset(key, {});
    });
    connect(m_menus, &WindowMenus::insideOutAccuracyRequested, this,
        [this] { promptInsideOutAccuracy(this); });
    connect(m_menus, &WindowMenus::exampleRequested, m_documents, &DocumentController::openExample);
    connect(m_menus, &WindowMenus::recentRequested, m_documents, &DocumentController::openFile);
    connect(
        m_menus, &WindowMenus::datasetRequested, m_documents, &DocumentController::selectDataset);
    connect(m_menus, &WindowMenus::techniquesRequested, this, &MainWindow::chooseTechniques);
    connect(m_menus, &WindowMenus::storedModelsRequested, this, &MainWindow::promptStoredModels);
    connect(m_search, &SearchSurfaceView::modelOptimized, this,
        [this](const core::TrainedModel& model) {
            const QString label
                = tr("%1 (optimized)").arg(QString::fromStdString(model.regressor().technique()));
            m_models->addModel(label, model);
            // Kept in a writable database, so it outlives the window (a stored model then).
            if (const Document* document = m_documents->document())
                statusBar()->showMessage(saveWindowModel(*document, model, label));
        });
    connect(m_menus, &WindowMenus::evidenceRequested, this, [this] { promptEvidencePack(*this); });
    m_presentation = new PresentationMode(this, m_menus);
    connect(m_menus, &WindowMenus::aboutRequested, this, &MainWindow::showAbout);
    connect(m_menus, &WindowMenus::languageChosen, this,
        [this] { statusBar()->showMessage(tr("The language changes when iolens starts next.")); });
    connect(m_menus, &WindowMenus::quitRequested, this, &MainWindow::close);
    connect(m_menus, &WindowMenus::panelsToggled, this, &MainWindow::setPanelsShown);
}

void MainWindow::setPanelsShown(bool shown)
{
    m_splitter->widget(0)->setVisible(shown);
    const QSignalBlocker blocker(m_menus->panelsAction());
    m_menus->panelsAction()->setChecked(shown);
}

bool MainWindow::panelsShown() const
{
    return !m_splitter->widget(0)->isHidden();
}

void MainWindow::onDocumentChanged()
{
    const Document* document = m_documents->document();
    if (document->databaseKey() != m_storedModelsDatabase) {
        // Stored models are named per database: another one has its own hidden ones.
        m_storedModelsDatabase = document->databaseKey();
        m_storedModelChoice.hidden
            = m_remembers ? hiddenStoredModels(m_storedModelsDatabase) : QStringList();
    }
    m_menus->setDocument(document);
    m_table->setRows(document->rows, static_cast<int>(document->runs.size()));
    // The models train in the background; the scenario is shown at once with its measurement.
    trainModels(*document);
    m_search->setRows(document->rows);
    m_search->setRunStore(document->database, document->dataset, !document->readOnly());
    m_conservation->setMeasurements(document->runs);
    m_application->setDatabase(document->database);
    m_trace->setDatabase(document->database);
    // Saved scenarios belong to a database (and its dataset): each has its own list.
    m_scenarios->scenarios()->setDocumentKey(document->settingsKey());
    const auto& measured = m_models->measured().all();
    std::vector<core::Configuration> configs;
    configs.reserve(measured.size());
    for (const auto& row : measured)
        configs.push_back(row.config);
    m_scenario->setDomain(scenarioDomain(configs), typicalThreads(configs));
    // Where the user left this database, else a measured configuration to start from.
    if (const auto last = m_remembers ? lastScenario(document->settingsKey()) : std::nullopt)
        m_scenario->setScenario(*last);
    else if (const auto start = defaultScenario(measured))
        m_scenario->setScenario(*start);
    updateTitle();
    statusBar()->showMessage(datasetSummary() + QLatin1Char(' ')
        + tr("Training %1 techniques…").arg(m_models->techniques().size())
        + (m_storedModelProblems.isEmpty() ? QString()
                                           : QLatin1Char(' ') + m_storedModelProblems.first()));
}

void MainWindow::chooseTechniques(const std::vector<std::string>& techniques)
{
    if (techniques.empty()) {
        m_menus->setTechniques(m_models->techniques()); // at least one model stays
        return;
    }
    saveTechniqueChoice(techniques);
    setTechniques(techniques);
}

void MainWindow::setTechniques(const std::vector<std::string>& techniques)
{
    m_models->setTechniques(techniques);
    m_menus->setTechniques(techniques);
    // Retraining drops the optimized models too: they are re-made from the Parameter search tab.
    if (const Document* document = m_documents->document())
        trainModels(*document);
}

void MainWindow::trainModels(const Document& document)
{
    m_models->setMeasurements(document.runs, document.rows);
    // The database's stored models join as columns of their own (setMeasurements forgot them).
    m_storedModelProblems.clear();
    showStoredModels(document, m_storedModelChoice);
}

void MainWindow::showStoredModels(const Document& document, const StoredModelChoice& choice)
{
    if (!document.database)
        return;
    const QStringList problems
        = addStoredModels(*m_models, *document.database, choice, document.dataset);
    for (const QString& problem : problems)
        qWarning().noquote() << problem;
    m_storedModelProblems += problems;
}

void MainWindow::promptStoredModels()
{
    const Document* document = m_documents->document();
    if (!document || !document->database)
        return;
    StoredModelsDialog* dialog = openStoredModelsDialog(this, *document, m_storedModelChoice);
    if (!dialog)
        return;
    connect(dialog, &QDialog::accepted, this, [this, dialog, key = document->databaseKey()] {
        // The answer is about the database the dialog listed, not one opened meanwhile.
        if (const Document* now = m_documents->document(); now && now->databaseKey() == key)
            setHiddenStoredModels(dialog->hiddenNames());
    });
}

void MainWindow::setHiddenStoredModels(const QStringList& hidden)
{
    const Document* document = m_documents->document();
    if (!document)
        return;
    const StoredModelChoice before = m_storedModelChoice;
    m_storedModelChoice = {true, {}, hidden};
    if (m_remembers)
        saveHiddenStoredModels(m_storedModelsDatabase, hidden);
    const StoredModelChange change = storedModelChange(before, hidden);
    if (change.removes)
        trainModels(*document);
    else if (!change.added.isEmpty())
        showStoredModels(*document, {false, change.added, {}});
}

void MainWindow::onModelsReady()
{
    if (m_documents->document())
        statusBar()->showMessage(datasetSummary() + QLatin1Char(' ') + trainedSummary()
            + QLatin1Char(' ') + tr("Cross-validating them…"));
}

void MainWindow::showSettledStatus()
{
    if (m_documents->document() && !m_models->isTraining())
        statusBar()->showMessage(datasetSummary() + QLatin1Char(' ') + trainedSummary());
}

void MainWindow::onEvaluationsReady()
{
    if (m_documents->document())
        statusBar()->showMessage(datasetSummary() + QLatin1Char(' ') + trainedSummary()
            + QLatin1Char(' ') + tr("Cross-validation done: see Models."));
}

QString MainWindow::datasetSummary() const
{
    const Document* document = m_documents->document();
    const QString summary = tr("%1: %L2 runs of %L3 configurations.")
                                .arg(QString::fromStdString(document->dataset))
                                .arg(document->runs.size())
                                .arg(m_models->totalConfigurations());
    if (!m_models->isSampled())
        return summary;
    return summary + QLatin1Char(' ')
        + tr("Models trained on a seeded sample of %L1 of them.")
              .arg(m_models->trainingConfigurations());
}

QString MainWindow::trainedSummary() const
{
    int trained = 0;
    int total = 0;
    for (const ModelEntry& entry : m_models->entries()) {
        for (core::Metric metric : core::kCoreMetrics) {
            total += entry.covers(metric) ? 1 : 0;
            trained += entry.model(metric) ? 1 : 0;
        }
    }
    return tr("%1 of %2 models trained in %3 s.")
        .arg(trained)
        .arg(total)
        .arg(QLocale().toString(m_models->trainingSeconds(), 'f', 1));
}

void MainWindow::showError(const QString& title, const QString& message)
{
    // DocumentController has logged it already.
    if (m_errorDialogs)
        QMessageBox::warning(this, title, message);
}

void MainWindow::promptOpen()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open measurement database"),
        QString(), tr("iolens databases (%1);;All files (*)").arg(kDatabaseFilter));
    if (!path.isEmpty())
        m_documents->openFile(path);
}

void MainWindow::promptSaveAs()
{
    const Document* document = m_documents->document();
    if (!document)
        return;
    const QString suggestion
        = document->path.isEmpty() ? document->name + QStringLiteral(".sqlite") : document->path;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save a copy of the database"),
        suggestion, tr("iolens databases (%1);;All files (*)").arg(kDatabaseFilter));
    if (!path.isEmpty())
        m_documents->saveAs(path);
}

void MainWindow::promptImportModel()
{
    const Document* document = m_documents->document();
    if (!document)
        return;
    if (document->readOnly()) {
        // An example or a read-only file is never changed: the model goes into a copy.
        if (QMessageBox::question(this, tr("Import model"),
                tr("%1 is read-only. Save a copy of it and import the model into the copy?")
                    .arg(document->name))
            != QMessageBox::Yes)
            return;
        promptSaveAs();
        document = m_documents->document();
        if (!document || document->readOnly())
            return;
    }
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import model"), QString(), tr("iolens model files (*.json);;All files (*)"));
    if (!path.isEmpty())
        m_documents->importModel(path);
}

void MainWindow::promptExportModel()
{
    const Document* document = m_documents->document();
    if (!document)
        return;
    QStringList names;
    try {
        for (const core::StoredModel& model : document->database->models())
            names << QString::fromStdString(model.name);
    } catch (const std::exception& e) {
        showError(tr("Cannot export model"), QString::fromStdString(e.what()));
        return;
    }
    if (names.isEmpty()) {
        QMessageBox::information(this, tr("Export model"),
            tr("%1 holds no stored model. Models come from iolens-cli train or optimize, from "
               "File > Import model…, or from the Parameter search tab.")
                .arg(document->name));
        return;
    }
    bool chosen = false;
    const QString name = QInputDialog::getItem(
        this, tr("Export model"), tr("Stored model:"), names, 0, false, &chosen);
    if (!chosen)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export model"),
        name + QStringLiteral(".json"), tr("iolens model files (*.json);;All files (*)"));
    if (!path.isEmpty() && m_documents->exportModel(name, path))
        statusBar()->showMessage(tr("Model %1 written to %2.").arg(name, path), 10000);
}

void MainWindow::promptMeasure()
{
    openMeasureDialog(this, m_documents);
}

void MainWindow::rememberSession()
{
    m_remembers = true;
    restoreWindowLayout(*this, *m_splitter, *m_views);
    m_presentation->restoreSaved();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_remembers)
        saveWindowLayout(*this, *m_splitter, *m_views);
    QMainWindow::closeEvent(event);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About iolens"), aboutText());
}

void MainWindow::updateTitle()
{
    const Document* document = m_documents->document();
    if (!document) {
        setWindowTitle(QStringLiteral("iolens"));
        return;
    }
    QString name = document->name;
    if (document->datasets.size() > 1)
        name += QStringLiteral(" · ") + QString::fromStdString(document->dataset);
    if (document->example)
        name = tr("%1 (read-only example)").arg(name);
    else if (document->readOnly())
        name = tr("%1 (read-only)").arg(name);
    setWindowTitle(tr("%1 — iolens").arg(name));
}

} // namespace iolens::ui

#include "moc_main_window.cpp"

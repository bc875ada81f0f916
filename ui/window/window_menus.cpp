// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/window_menus.hpp"

#include "common/language_choice.hpp"
#include "document/document.hpp"
#include "document/recent_files.hpp"
#include "models/regressor_registry.hpp"
#include "prediction/model_text.hpp"

#include <QAction>
#include <QActionGroup>
#include <QDir>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>

#include <algorithm>

namespace iolens::ui {

namespace {

// The platform's keys for `key`, else `fallback`: Windows, and Qt's generic theme (offscreen,
// bare window managers), bind nothing to Save As and Quit.
QList<QKeySequence> keysOr(QKeySequence::StandardKey key, const QKeySequence& fallback)
{
    QList<QKeySequence> keys = QKeySequence::keyBindings(key);
    if (keys.isEmpty())
        keys.append(fallback);
    return keys;
}

} // namespace

QString importedFilesText(const std::vector<core::ImportedFile>& files)
{
    if (files.empty())
        return {};
    // Three names are enough to recognise an import; a folder of results has hundreds.
    constexpr std::size_t kNamed = 3;
    QStringList names;
    for (std::size_t i = 0; i < files.size() && i < kNamed; ++i)
        names << QFileInfo(QString::fromStdString(files[i].file)).fileName();
    QString text = names.join(QStringLiteral(", "));
    if (files.size() > kNamed)
        text = WindowMenus::tr("%1 and %2 more").arg(text).arg(files.size() - kNamed);
    // ISO 8601 as stored, minutes are enough: "2026-11-26T10:11:05Z" → "2026-11-26 10:11".
    const QString when = QString::fromStdString(files.back().importedAt)
                             .left(16)
                             .replace(QLatin1Char('T'), QLatin1Char(' '));
    return WindowMenus::tr("from %1 · imported %2").arg(text, when);
}

QString exampleMenuText(Example example)
{
    return example == Example::Tiered
        ? WindowMenus::tr("fio-tiered: a cache in front of a throttled array")
        : WindowMenus::tr("fio-local: a fast virtual disk");
}

WindowMenus::WindowMenus(QMainWindow* window, RecentFiles* recent)
    : QObject(window)
    , m_recentFiles(recent)
{
    QMenu* file = window->menuBar()->addMenu(tr("&File"));
    QAction* newDatabase
        = file->addAction(tr("&New database…"), this, &WindowMenus::newDatabaseRequested);
    newDatabase->setShortcut(QKeySequence::New);
    QAction* open = file->addAction(tr("&Open…"), this, &WindowMenus::openRequested);
    open->setShortcut(QKeySequence::Open);
    QMenu* examples = file->addMenu(tr("Open &example"));
    for (Example example : kAllExamples)
        examples->addAction(
            exampleMenuText(example), this, [this, example] { emit exampleRequested(example); });
    m_recent = file->addMenu(tr("Open &recent"));
    file->addSeparator();
    m_saveAs = file->addAction(tr("Save &as…"), this, &WindowMenus::saveAsRequested);
    m_saveAs->setShortcuts(keysOr(QKeySequence::SaveAs, Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    file->addAction(tr("Im&port measurements…"), this, &WindowMenus::importRequested);
    file->addAction(
        tr("Import a &folder of fio results…"), this, &WindowMenus::importFolderRequested);
    m_exportDataset = file->addAction(
        tr("E&xport dataset as CSV…"), this, &WindowMenus::exportDatasetRequested);
    file->addAction(tr("Import mo&del…"), this, &WindowMenus::importModelRequested);
    file->addAction(tr("Export mode&l…"), this, &WindowMenus::exportModelRequested);
    QAction* measure = file->addAction(tr("&Measure…"), this, &WindowMenus::measureRequested);
    measure->setShortcut(Qt::CTRL | Qt::Key_M);
    m_evidence
        = file->addAction(tr("Export e&vidence pack…"), this, &WindowMenus::evidenceRequested);
    m_evidence->setShortcut(Qt::CTRL | Qt::Key_E);
    file->addAction(tr("&Inside-Out accuracy…"), this, &WindowMenus::insideOutAccuracyRequested);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &WindowMenus::quitRequested);
    quit->setShortcuts(keysOr(QKeySequence::Quit, Qt::CTRL | Qt::Key_Q));

    m_datasets = window->menuBar()->addMenu(tr("&Dataset"));
    m_datasetGroup = new QActionGroup(this);

    m_models = window->menuBar()->addMenu(tr("&Models"));
    for (const std::string& technique : core::techniqueNames()) {
        QAction* action = m_models->addAction(
            tr("%1 (%2)").arg(techniqueTitle(technique), QString::fromStdString(technique)));
        action->setCheckable(true);
        action->setData(QString::fromStdString(technique));
        connect(action, &QAction::triggered, this, [this] {
            std::vector<std::string> chosen;
            for (QAction* item : m_models->actions())
                if (item->isCheckable() && item->isChecked())
                    chosen.push_back(item->data().toString().toStdString());
            emit techniquesRequested(chosen);
        });
    }
    m_models->addSeparator();
    m_storedModels
        = m_models->addAction(tr("&Stored models…"), this, &WindowMenus::storedModelsRequested);

    QMenu* view = window->menuBar()->addMenu(tr("&View"));
    m_presentation = view->addAction(tr("&Presentation mode"));
    m_presentation->setCheckable(true);
    m_presentation->setShortcut(Qt::Key_F5); // starts a slide show in Impress and PowerPoint too
    connect(m_presentation, &QAction::toggled, this, &WindowMenus::presentationToggled);
    view->addAction(
        tr("Save presentation &screenshot…"), this, &WindowMenus::presentationScreenshotRequested);
    // On a projector's 1280x800 at presentation size the panels take 40 % of the height: hiding
    // them leaves the window to the plot being shown.
    m_panels = view->addAction(tr("Scenario and p&rediction panels"));
    m_panels->setCheckable(true);
    m_panels->setChecked(true);
    m_panels->setShortcut(Qt::Key_F9);
    connect(m_panels, &QAction::toggled, this, &WindowMenus::panelsToggled);
    m_goTo = view->addMenu(tr("&Go to tab"));
    buildLanguageMenu(view->addMenu(tr("&Language")));

    QMenu* help = window->menuBar()->addMenu(tr("&Help"));
    QAction* about = help->addAction(tr("&About iolens"), this, &WindowMenus::aboutRequested);
    // There is no manual to open, so F1 (Qt's HelpContents) leads to the next best thing.
    about->setShortcut(QKeySequence::HelpContents);

    connect(m_recentFiles, &RecentFiles::changed, this, &WindowMenus::rebuildRecent);
    rebuildRecent();
    setDocument(nullptr);
}

void WindowMenus::setDocument(const Document* document)
{
    m_saveAs->setEnabled(document != nullptr);
    m_evidence->setEnabled(document != nullptr);
    m_exportDataset->setEnabled(document && !document->dataset.empty());
    m_storedModels->setEnabled(document && document->database);
    for (QAction* action : m_datasetGroup->actions())
        delete action;
    m_datasets->clear();
    m_datasets->menuAction()->setVisible(false);
    if (!document)
        return;
    for (const core::DatasetInfo& info : document->datasets) {
        const QString name = QString::fromStdString(info.name);
        QAction* action
            = m_datasets->addAction(tr("%1 (%2 runs)").arg(name).arg(info.measurementCount), this,
                [this, name] { emit datasetRequested(name); });
        action->setCheckable(true);
        action->setChecked(info.name == document->dataset);
        action->setToolTip(QString::fromStdString(info.system));
        m_datasetGroup->addAction(action);
        const auto files = document->importedFiles.find(info.name);
        if (files != document->importedFiles.end() && !files->second.empty()) {
            QAction* source = m_datasets->addAction(importedFilesText(files->second));
            source->setEnabled(false);
            QStringList all;
            for (const core::ImportedFile& file : files->second)
                all << QString::fromStdString(file.file);
            source->setToolTip(all.join(QLatin1Char('\n')));
        }
    }
    if (!document->datasets.empty()) {
        // On the shown dataset, so the entry above it that is ticked says which one.
        m_datasets->addSeparator();
        m_datasets->addAction(tr("&Rename dataset…"), this, &WindowMenus::renameDatasetRequested);
        m_datasets->addAction(tr("De&lete dataset…"), this, &WindowMenus::removeDatasetRequested);
    }
    m_datasets->setToolTipsVisible(true);
    m_datasets->menuAction()->setVisible(!document->datasets.empty());
}

// Qt widgets cannot all be retranslated in place (texts built with arg(), tooltips, plots), so
// the choice applies from the next start, as the status bar says.
void WindowMenus::buildLanguageMenu(QMenu* menu)
{
    m_language = menu;
    auto* group = new QActionGroup(menu);
    const QString chosen = chosenLanguage();
    for (const LanguageOption& option : languageOptions()) {
        QAction* action
            = menu->addAction(option.code.isEmpty() ? tr("System default") : option.nativeName);
        action->setCheckable(true);
        action->setChecked(option.code == chosen);
        action->setData(option.code);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code = option.code] {
            setChosenLanguage(code);
            emit languageChosen(code);
        });
    }
}

void WindowMenus::setViews(QTabWidget* views)
{
    m_goTo->clear();
    for (int i = 0; i < views->count(); ++i) {
        QAction* action = m_goTo->addAction(
            views->tabText(i), views, [views, i] { views->setCurrentIndex(i); });
        // Ctrl+1 … Ctrl+9 as in browsers; QTabWidget itself only offers Ctrl+Tab, and only while
        // the focus is inside it.
        if (i < 9)
            action->setShortcut(QKeyCombination(Qt::CTRL, Qt::Key(Qt::Key_1 + i)));
    }
}

void WindowMenus::setTechniques(const std::vector<std::string>& techniques)
{
    for (QAction* action : m_models->actions()) {
        if (!action->isCheckable())
            continue; // the separator and Stored models…
        const std::string technique = action->data().toString().toStdString();
        action->setChecked(
            std::find(techniques.begin(), techniques.end(), technique) != techniques.end());
    }
}

void WindowMenus::rebuildRecent()
{
    m_recent->clear();
    const QStringList files = m_recentFiles->files();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        // "&1 name" gives the first nine entries a keyboard accelerator.
        const QString text = i < 9
            ? QStringLiteral("&%1 %2").arg(i + 1).arg(QDir::toNativeSeparators(path))
            : QDir::toNativeSeparators(path);
        m_recent->addAction(text, this, [this, path] { emit recentRequested(path); });
    }
    if (!files.isEmpty()) {
        m_recent->addSeparator();
        m_recent->addAction(tr("&Clear list"), m_recentFiles, &RecentFiles::clear);
    }
    m_recent->setEnabled(!files.isEmpty());
}

} // namespace iolens::ui

#include "moc_window_menus.cpp"

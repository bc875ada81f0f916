// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/window_settings.hpp"

#include "common/settings_key.hpp"
#include "scenario/configuration_codec.hpp"
#include "scenario/saved_scenarios.hpp"

#include <QMainWindow>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>

namespace iolens::ui {

namespace {

const QString kGeometry = QStringLiteral("window/geometry");
const QString kSplitter = QStringLiteral("window/splitter");
const QString kTab = QStringLiteral("window/tab");

QString scenarioKey(const QString& documentKey)
{
    return settingsKeyIn(QStringLiteral("lastScenario"), documentKey);
}

QString hiddenModelsKey(const QString& databaseKey)
{
    return settingsKeyIn(QStringLiteral("hiddenStoredModels"), databaseKey);
}

} // namespace

void saveWindowLayout(const QMainWindow& window, const QSplitter& splitter, const QTabWidget& views)
{
    QSettings settings;
    settings.setValue(kGeometry, window.saveGeometry());
    settings.setValue(kSplitter, splitter.saveState());
    if (const QWidget* page = views.currentWidget())
        settings.setValue(kTab, page->objectName());
}

void restoreWindowLayout(QMainWindow& window, QSplitter& splitter, QTabWidget& views)
{
    const QSettings settings;
    if (settings.contains(kGeometry))
        window.restoreGeometry(settings.value(kGeometry).toByteArray());
    if (settings.contains(kSplitter))
        splitter.restoreState(settings.value(kSplitter).toByteArray());
    const QString tab = settings.value(kTab).toString();
    if (auto* page = tab.isEmpty() ? nullptr : views.findChild<QWidget*>(tab);
        page && views.indexOf(page) >= 0)
        views.setCurrentWidget(page);
}

void saveLastScenario(const QString& documentKey, const core::Configuration& config)
{
    QSettings().setValue(scenarioKey(documentKey), encodeConfiguration(config));
}

std::optional<core::Configuration> lastScenario(const QString& documentKey)
{
    return decodeConfiguration(QSettings().value(scenarioKey(documentKey)).toString());
}

void moveRememberedDataset(const QString& fromKey, const QString& toKey)
{
    SavedScenarios::moveStored(fromKey, toKey);
    moveSettingsValue(scenarioKey(fromKey), toKey.isEmpty() ? QString() : scenarioKey(toKey));
}

void saveHiddenStoredModels(const QString& databaseKey, const QStringList& names)
{
    QSettings settings;
    if (names.isEmpty())
        settings.remove(hiddenModelsKey(databaseKey)); // the default needs no entry
    else
        settings.setValue(hiddenModelsKey(databaseKey), names);
}

QStringList hiddenStoredModels(const QString& databaseKey)
{
    return QSettings().value(hiddenModelsKey(databaseKey)).toStringList();
}

} // namespace iolens::ui

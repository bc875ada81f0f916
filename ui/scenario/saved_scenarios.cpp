// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/saved_scenarios.hpp"

#include "common/error.hpp"
#include "common/settings_key.hpp"
#include "data/csv_table.hpp"
#include "data/measurement_csv.hpp"

#include <QSettings>
#include <QtDebug>

#include <algorithm>

namespace iolens::ui {

namespace {

const QString kGroup = QStringLiteral("scenarios");

std::vector<std::string> csvHeader()
{
    std::vector<std::string> header {"name"};
    const auto& required = core::requiredMeasurementColumns();
    // The first seven required columns are the configuration (measurement_csv.hpp).
    header.insert(header.end(), required.begin(), required.begin() + 7);
    return header;
}

std::string toCsv(const std::vector<SavedScenario>& scenarios)
{
    std::string text = core::formatCsvLine(csvHeader());
    for (const SavedScenario& scenario : scenarios) {
        std::vector<std::string> fields {scenario.name.toStdString()};
        const auto config = core::configurationFields(scenario.config);
        fields.insert(fields.end(), config.begin(), config.end());
        text += core::formatCsvLine(fields);
    }
    return text;
}

QString settingsKey(const QString& documentKey)
{
    return settingsKeyIn(kGroup, documentKey);
}

} // namespace

SavedScenarios::SavedScenarios(QObject* parent)
    : QObject(parent)
{
}

void SavedScenarios::setDocumentKey(const QString& documentKey)
{
    m_key = documentKey;
    m_scenarios.clear();
    if (!m_key.isEmpty()) {
        const QString stored = QSettings().value(settingsKey(m_key)).toString();
        if (!stored.isEmpty()) {
            // Stored as the same CSV the export writes; a damaged entry loses the list, not
            // the window.
            try {
                const core::CsvTable table = core::parseCsv(stored.toStdString(), "settings");
                const auto configs = core::configurationsFromCsv(table);
                const int nameColumn = table.columnIndex("name");
                for (std::size_t i = 0; i < configs.size(); ++i)
                    m_scenarios.push_back(
                        {QString::fromStdString(
                             table.rows[i].fields[static_cast<std::size_t>(nameColumn)]),
                            configs[i]});
            } catch (const core::Error& error) {
                qWarning("saved scenarios dropped: %s", error.what());
                m_scenarios.clear();
            }
        }
    }
    emit changed();
}

int SavedScenarios::indexOf(const QString& name) const
{
    const auto found = std::find_if(m_scenarios.begin(), m_scenarios.end(),
        [&](const SavedScenario& s) { return s.name == name; });
    return found == m_scenarios.end() ? -1 : static_cast<int>(found - m_scenarios.begin());
}

int SavedScenarios::save(const QString& name, const core::Configuration& config)
{
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty() || m_key.isEmpty())
        return -1;
    int index = indexOf(trimmed);
    if (index >= 0) {
        m_scenarios[static_cast<std::size_t>(index)].config = config;
    } else {
        m_scenarios.push_back({trimmed, config});
        index = static_cast<int>(m_scenarios.size()) - 1;
    }
    store();
    emit changed();
    return index;
}

bool SavedScenarios::remove(int index)
{
    if (index < 0 || index >= static_cast<int>(m_scenarios.size()))
        return false;
    m_scenarios.erase(m_scenarios.begin() + index);
    store();
    emit changed();
    return true;
}

std::string SavedScenarios::toConfigsCsv() const
{
    return toCsv(m_scenarios);
}

void SavedScenarios::moveStored(const QString& fromKey, const QString& toKey)
{
    moveSettingsValue(settingsKey(fromKey), toKey.isEmpty() ? QString() : settingsKey(toKey));
}

void SavedScenarios::store() const
{
    QSettings settings;
    if (m_scenarios.empty())
        settings.remove(settingsKey(m_key));
    else
        settings.setValue(settingsKey(m_key), QString::fromStdString(toCsv(m_scenarios)));
}

} // namespace iolens::ui

#include "moc_saved_scenarios.cpp"

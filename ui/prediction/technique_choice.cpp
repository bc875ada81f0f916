// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/technique_choice.hpp"

#include "models/regressor_registry.hpp"

#include <QSettings>
#include <QStringList>

#include <algorithm>

namespace iolens::ui {

namespace {
const QString kKey = QStringLiteral("models/techniques");
} // namespace

std::vector<std::string> loadTechniqueChoice()
{
    const QStringList stored = QSettings().value(kKey).toStringList();
    std::vector<std::string> chosen;
    for (const std::string& technique : core::techniqueNames())
        if (stored.contains(QString::fromStdString(technique)))
            chosen.push_back(technique);
    return chosen.empty() ? core::defaultTechniques() : chosen;
}

void saveTechniqueChoice(const std::vector<std::string>& techniques)
{
    QStringList names;
    for (const std::string& technique : techniques)
        names << QString::fromStdString(technique);
    QSettings().setValue(kKey, names);
}

} // namespace iolens::ui

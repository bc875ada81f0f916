// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/regressor_registry.hpp"

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace iolens::test {

// Points QSettings and QStandardPaths at Qt's test locations under the organisation
// "iolens-tests" and the application `testName`, then empties those settings: a test never reads
// or writes the user's own iolens settings, and each run starts from the defaults whatever an
// earlier run left behind. Call it from initTestCase(), before any object that reads settings.
inline void useIsolatedSettings(const char* testName)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("iolens-tests"));
    QCoreApplication::setApplicationName(QString::fromLatin1(testName));
    QSettings().clear();
}

/// The paper's five techniques as the settings' value of the Models menu's choice.
inline QStringList paperTechniqueList()
{
    QStringList names;
    for (const std::string& technique : core::paperTechniques())
        names << QString::fromStdString(technique);
    return names;
}

// Stores the paper's five techniques as the Models menu's choice in the (isolated) settings. A
// window test that is not about the recommended model calls it, so that it does not pay for
// "auto"'s nested cross-validation: half a minute per window on fio-local, ten times that under
// the sanitizers.
inline void choosePaperTechniques()
{
    QSettings().setValue(QStringLiteral("models/techniques"), paperTechniqueList());
}

// The same choice for a window started as a process with XDG_CONFIG_HOME=`configHome`.
inline void choosePaperTechniquesIn(const QString& configHome)
{
    QSettings settings(configHome + QStringLiteral("/iolens/iolens.conf"), QSettings::IniFormat);
    settings.setValue(QStringLiteral("models/techniques"), paperTechniqueList());
}

} // namespace iolens::test

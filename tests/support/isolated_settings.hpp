// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QString>

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

} // namespace iolens::test

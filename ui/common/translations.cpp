// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/translations.hpp"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace iolens::ui {

bool installTranslations(QCoreApplication& app, const QLocale& locale)
{
    // qt_add_translations embeds the .qm files under :/i18n.
    auto* own = new QTranslator(&app);
    const bool found = own->load(
        locale, QStringLiteral("iolens"), QStringLiteral("_"), QStringLiteral(":/i18n"));
    if (found)
        QCoreApplication::installTranslator(own);
    else
        delete own;

    // Qt's own strings (dialog buttons); missing on systems without qt6-translations-l10n.
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return found;
}

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLocale>
#include <QString>

#include <vector>

namespace iolens::ui {

/// The interface languages iolens has translations for, and the one the user chose in
/// View ▸ Language (QSettings). Without a choice the system's locale decides.

struct LanguageOption {
    QString code;       ///< "en", "de"; empty: the system's language
    QString nativeName; ///< as the language calls itself ("Deutsch"); empty for the system's
};

/// The system default first, then English and German.
std::vector<LanguageOption> languageOptions();

/// The stored choice: empty for the system's language, else a code of languageOptions().
QString chosenLanguage();
/// Stores `code` (empty: follow the system); it applies from the next start.
void setChosenLanguage(const QString& code);

/// The locale of translations and number formats for the stored `code`: the system's when empty
/// or unknown (an outdated setting must not leave the window untranslated).
QLocale interfaceLocale(const QString& code);

} // namespace iolens::ui

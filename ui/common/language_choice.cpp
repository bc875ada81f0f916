// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/language_choice.hpp"

#include <QSettings>

#include <algorithm>

namespace iolens::ui {

namespace {

const QString kSettingsKey = QStringLiteral("ui/language");

} // namespace

std::vector<LanguageOption> languageOptions()
{
    return {{QString(), QString()}, {QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("de"), QStringLiteral("Deutsch")}};
}

QString chosenLanguage()
{
    return QSettings().value(kSettingsKey).toString();
}

void setChosenLanguage(const QString& code)
{
    if (code.isEmpty())
        QSettings().remove(kSettingsKey);
    else
        QSettings().setValue(kSettingsKey, code);
}

QLocale interfaceLocale(const QString& code)
{
    const std::vector<LanguageOption> options = languageOptions();
    const bool known = !code.isEmpty()
        && std::any_of(options.begin(), options.end(),
            [&](const LanguageOption& o) { return o.code == code; });
    return known ? QLocale(code) : QLocale::system();
}

} // namespace iolens::ui

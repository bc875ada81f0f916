// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/stored_model_choice.hpp"

#include "common/error.hpp"

namespace iolens::ui {

StoredModelChoice parseStoredModelChoice(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == QStringLiteral("all"))
        return {};
    if (trimmed == QStringLiteral("none"))
        return {false, {}};
    StoredModelChoice choice {false, {}};
    for (const QString& name : trimmed.split(QLatin1Char(','))) {
        if (name.trimmed().isEmpty())
            throw core::ConfigError("--stored-models '" + text.toStdString()
                + "': give all, none, or model names separated by commas");
        choice.names << name.trimmed();
    }
    return choice;
}

} // namespace iolens::ui

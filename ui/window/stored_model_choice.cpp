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
        return {false, {}, {}};
    StoredModelChoice choice {false, {}, {}};
    for (const QString& name : trimmed.split(QLatin1Char(','))) {
        if (name.trimmed().isEmpty())
            throw core::ConfigError("--stored-models '" + text.toStdString()
                + "': give all, none, or model names separated by commas");
        choice.names << name.trimmed();
    }
    return choice;
}

StoredModelChange storedModelChange(const StoredModelChoice& before, const QStringList& hidden)
{
    StoredModelChange change;
    if (!before.all) {
        // Which of the database's models a list of names leaves out is not known here.
        change.removes = true;
        return change;
    }
    for (const QString& name : hidden)
        change.removes = change.removes || !before.hidden.contains(name);
    for (const QString& name : before.hidden)
        if (!hidden.contains(name))
            change.added << name;
    return change;
}

} // namespace iolens::ui

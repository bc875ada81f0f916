// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace iolens::ui {

/// Which of the database's stored models the window shows (`render` and `evidence`
/// --stored-models, Models ▸ Stored models…): every one by default.
struct StoredModelChoice {
    bool all = true;   ///< every stored model (but `hidden`)
    QStringList names; ///< when !all: only these (empty: none)
    /// When all: these are not shown (unticked in Models ▸ Stored models…). Listing the hidden
    /// rather than the shown ones lets a model stored later (the Parameter search tab's) show.
    QStringList hidden;

    /// True if the stored model `name` is shown.
    bool shows(const QString& name) const
    {
        return all ? !hidden.contains(name) : names.contains(name);
    }
};

/// What going from `before` to every stored model but `hidden` (Models ▸ Stored models…) does
/// to the window's columns.
struct StoredModelChange {
    /// A shown model is hidden: its column must go, and the model controller drops added columns
    /// only when it starts afresh (ModelController::setMeasurements).
    bool removes = false;
    /// Hidden models shown again, which can simply be added (ModelController::addModel).
    QStringList added;
};

/// Compares the two choices by name only; a name not in the database changes nothing later.
/// A `before` that names its models (!all, from --stored-models) counts as removing.
StoredModelChange storedModelChange(const StoredModelChoice& before, const QStringList& hidden);

/// Parses "all", "none" or "NAME,NAME,..." (names as stored, spaces around commas ignored).
/// Throws core::ConfigError (exit status 2) naming the option for an empty text or name.
StoredModelChoice parseStoredModelChoice(const QString& text);

} // namespace iolens::ui

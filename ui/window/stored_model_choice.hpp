// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace iolens::ui {

/// Which of the database's stored models the window shows (`render` and `evidence`
/// --stored-models): every one by default.
struct StoredModelChoice {
    bool all = true;   ///< every stored model
    QStringList names; ///< when !all: only these (empty: none)
};

/// Parses "all", "none" or "NAME,NAME,..." (names as stored, spaces around commas ignored).
/// Throws core::ConfigError (exit status 2) naming the option for an empty text or name.
StoredModelChoice parseStoredModelChoice(const QString& text);

} // namespace iolens::ui

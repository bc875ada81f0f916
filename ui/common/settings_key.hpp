// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace iolens::ui {

/// The QSettings key of `name` in `group`. Names are file paths and dataset names, which may hold
/// '/' or '\\' (QSettings reads those as groups), so the name is stored base64url-encoded.
QString settingsKeyIn(const QString& group, const QString& name);

/// Moves the value stored at `fromKey` to `toKey`, replacing what `toKey` held (and removing it
/// when `fromKey` held nothing); an empty `toKey` only removes `fromKey`. For what the window
/// remembers per dataset when the dataset is renamed or deleted.
void moveSettingsValue(const QString& fromKey, const QString& toKey);

} // namespace iolens::ui

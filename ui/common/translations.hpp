// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLocale>

class QCoreApplication;

namespace iolens::ui {

/// Installs the translations for `locale` into `app`: iolens's own (embedded from
/// translations/iolens_<language>.ts) and Qt's for standard dialogs where the system has them.
/// Returns true if iolens's translation was found; English (the source language) needs none.
bool installTranslations(QCoreApplication& app, const QLocale& locale = QLocale());

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/settings_key.hpp"

#include <QSettings>
#include <QVariant>

namespace iolens::ui {

QString settingsKeyIn(const QString& group, const QString& name)
{
    return group + QLatin1Char('/')
        + QString::fromLatin1(name.toUtf8().toBase64(QByteArray::Base64UrlEncoding));
}

void moveSettingsValue(const QString& fromKey, const QString& toKey)
{
    QSettings settings;
    const QVariant value = settings.value(fromKey);
    settings.remove(fromKey);
    if (toKey.isEmpty())
        return;
    if (value.isValid())
        settings.setValue(toKey, value);
    else
        settings.remove(toKey);
}

} // namespace iolens::ui

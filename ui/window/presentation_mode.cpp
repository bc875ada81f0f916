// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/presentation_mode.hpp"

#include "plots/presentation_scale.hpp"
#include "window/presentation_screenshot.hpp"
#include "window/window_menus.hpp"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QSettings>

namespace iolens::ui {

namespace {
const QString kSettingsKey = QStringLiteral("view/presentationMode");
} // namespace

PresentationMode::PresentationMode(QWidget* window, WindowMenus* menus)
    : QObject(window)
    , m_window(window)
    , m_menus(menus)
{
    if (!m_menus)
        return;
    connect(m_menus, &WindowMenus::presentationToggled, this, &PresentationMode::setOn);
    connect(this, &PresentationMode::toggled, m_menus->presentationAction(), &QAction::setChecked);
    connect(m_menus, &WindowMenus::presentationScreenshotRequested, this,
        [this] { promptPresentationScreenshot(*m_window); });
}

PresentationMode::~PresentationMode()
{
    if (m_on)
        QApplication::setFont(m_normalFont);
}

void PresentationMode::setOn(bool on)
{
    if (on == m_on)
        return;
    m_on = on;
    if (on) {
        // Kept from the moment of switching on, so that switching off gives back exactly the
        // font the platform or the user chose.
        m_normalFont = QApplication::font();
        QFont large = m_normalFont;
        if (large.pointSizeF() > 0)
            large.setPointSizeF(large.pointSizeF() * kFactor);
        else
            large.setPixelSize(qRound(large.pixelSize() * kFactor));
        QApplication::setFont(large);
    } else {
        QApplication::setFont(m_normalFont);
    }
    refreshPlots();
    if (m_remembers)
        QSettings().setValue(kSettingsKey, on);
    emit toggled(on);
}

void PresentationMode::refreshPlots()
{
    for (QCustomPlot* plot : m_window->findChildren<QCustomPlot*>()) {
        installPresentationScale(*plot, m_on ? kFactor : 1.0);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void PresentationMode::restoreSaved()
{
    m_remembers = true;
    setOn(QSettings().value(kSettingsKey, false).toBool());
}

} // namespace iolens::ui

#include "moc_presentation_mode.cpp"

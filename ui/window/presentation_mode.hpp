// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFont>
#include <QObject>

class QWidget;

namespace iolens::ui {

class WindowMenus;

/// View ▸ Presentation mode ("larger fonts and line widths, for projectors"): the
/// application font and every plot's fonts and pens of the window become kFactor times their
/// normal size (plots through installPresentationScale(), which also scales what a plot redraws
/// later); off restores them. The choice is remembered in QSettings ("view/presentationMode")
/// and restored by restoreSaved(), which only interactive runs call, so tests and batch runs
/// always start in the normal mode.
class PresentationMode : public QObject {
    Q_OBJECT
public:
    static constexpr double kFactor = 1.5;

    /// Works on `window` and its children; follows and updates `menus`' action (may be null).
    PresentationMode(QWidget* window, WindowMenus* menus);
    /// Gives the application its normal font back: the font is the application's, the mode the
    /// window's.
    ~PresentationMode() override;

    bool isOn() const { return m_on; }
    /// Switches the mode; saves the choice if remember(true) was called.
    void setOn(bool on);
    /// Applies the mode again to plots created since the last switch (a view built later).
    void refreshPlots();
    /// From now on saves each switch, and switches to the saved choice now.
    void restoreSaved();

signals:
    void toggled(bool on);

private:
    QWidget* m_window;
    WindowMenus* m_menus;
    QFont m_normalFont;
    bool m_on = false;
    bool m_remembers = false;
};

} // namespace iolens::ui

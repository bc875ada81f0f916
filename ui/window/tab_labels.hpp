// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <vector>

class QTabWidget;

namespace iolens::ui {

/// Keeps every tab of a QTabWidget in view, none behind scroll arrows: each tab shows its full
/// title while all full titles fit in the tab bar's width, and its brief title (where it has one)
/// once they do not, as in presentation mode's larger font at 1280 pixels; the full title is
/// then the tab's tooltip. Titles still too wide are elided rather than scrolled away. Follows
/// the widget's width and font by itself.
class TabLabels : public QObject {
    Q_OBJECT
public:
    /// Works on `tabs` (its parent); labels are given per tab with setLabels().
    explicit TabLabels(QTabWidget* tabs);

    /// Tab `index`'s titles; `brief` empty: the full title always.
    void setLabels(int index, const QString& full, const QString& brief = {});
    /// True while the tabs show their brief titles.
    bool briefShown() const { return m_brief; }
    /// Chooses full or brief titles for the tab bar's width now.
    void fit();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Labels {
        QString full;
        QString brief;
    };

    void show(bool brief);
    /// The width the tab bar needs with every full title.
    int fullWidth() const;

    QTabWidget* m_tabs;
    std::vector<Labels> m_labels; ///< per tab index
    bool m_brief = false;
};

} // namespace iolens::ui

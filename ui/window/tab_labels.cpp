// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/tab_labels.hpp"

#include <QEvent>
#include <QFontMetrics>
#include <QTabBar>
#include <QTabWidget>

namespace iolens::ui {

TabLabels::TabLabels(QTabWidget* tabs)
    : QObject(tabs)
    , m_tabs(tabs)
{
    // The last resort below the brief titles: elided text stays in view, a scroll arrow hides
    // whole tabs.
    m_tabs->setElideMode(Qt::ElideRight);
    m_tabs->installEventFilter(this);
}

void TabLabels::setLabels(int index, const QString& full, const QString& brief)
{
    if (index < 0 || index >= m_tabs->count())
        return;
    if (static_cast<int>(m_labels.size()) <= index)
        m_labels.resize(static_cast<std::size_t>(index) + 1);
    m_labels[static_cast<std::size_t>(index)] = {full, brief};
    fit();
}

void TabLabels::fit()
{
    // Not laid out yet (a window being built): its width says nothing. Showing it sends a resize.
    const bool brief = m_tabs->isVisible() && fullWidth() > m_tabs->width();
    show(brief);
}

void TabLabels::show(bool brief)
{
    m_brief = brief;
    for (std::size_t i = 0; i < m_labels.size(); ++i) {
        const Labels& labels = m_labels[i];
        const int index = static_cast<int>(i);
        if (labels.full.isEmpty() || index >= m_tabs->count())
            continue;
        const bool shortened = brief && !labels.brief.isEmpty();
        const QString text = shortened ? labels.brief : labels.full;
        if (m_tabs->tabText(index) != text)
            m_tabs->setTabText(index, text);
        m_tabs->setTabToolTip(index, shortened ? labels.full : QString());
    }
}

int TabLabels::fullWidth() const
{
    // Every tab at its full size (QTabBar's hint, however much it elides them meanwhile), with
    // the full titles' extra width where brief ones are shown: measured without switching the
    // titles, since a switch lays the bar out again, which would call fit() again.
    const QTabBar* bar = m_tabs->tabBar();
    int width = bar->sizeHint().width();
    const QFontMetrics metrics(bar->font());
    for (int i = 0; i < bar->count() && i < static_cast<int>(m_labels.size()); ++i) {
        const Labels& labels = m_labels[static_cast<std::size_t>(i)];
        if (!labels.full.isEmpty() && bar->tabText(i) != labels.full)
            width += metrics.horizontalAdvance(labels.full)
                - metrics.horizontalAdvance(bar->tabText(i));
    }
    return width;
}

bool TabLabels::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::Resize:
    case QEvent::Show:          // a window resized before it is shown has its width only from now
    case QEvent::LayoutRequest: // the tab bar's size changed: a new font (presentation mode)
        fit();
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace iolens::ui

#include "moc_tab_labels.cpp"

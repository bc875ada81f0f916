// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/plot_area.hpp"

#include <QGridLayout>
#include <QLabel>

namespace iolens::ui {

namespace {
constexpr int kPlotsPerRow = 2;
} // namespace

PlotArea::PlotArea(QWidget* parent)
    : QWidget(parent)
    , m_grid(new QGridLayout(this))
    , m_placeholder(new QLabel(this))
{
    m_placeholder->setText(tr("Plots of the measurements and the model over one factor will "
                              "appear here."));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);
    m_grid->addWidget(m_placeholder, 0, 0);
}

void PlotArea::addPlot(QWidget* plot)
{
    if (m_count == 0) {
        m_grid->removeWidget(m_placeholder);
        m_placeholder->hide();
    }
    m_grid->addWidget(plot, m_count / kPlotsPerRow, m_count % kPlotsPerRow);
    ++m_count;
}

} // namespace iolens::ui

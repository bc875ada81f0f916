// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QGridLayout;
class QLabel;

namespace iolens::ui {

/// The frame the plots go into: a grid that later plot widgets (QCustomPlot adapters) are added
/// to, two per row. Until the first arrives it says what will appear here.
class PlotArea : public QWidget {
    Q_OBJECT
public:
    explicit PlotArea(QWidget* parent = nullptr);

    /// Adds `plot` (ownership passes to the area) in the next free cell.
    void addPlot(QWidget* plot);
    int plotCount() const { return m_count; }

private:
    QGridLayout* m_grid;
    QLabel* m_placeholder;
    int m_count = 0;
};

} // namespace iolens::ui

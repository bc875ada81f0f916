// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/swarm_graph.hpp"

#include <cmath>
#include <cstddef>

namespace iolens::ui {

std::vector<double> swarmOffsets(const std::vector<double>& columnPixels,
    const std::vector<double>& valuePixels, double markerSize)
{
    const std::size_t n = std::min(columnPixels.size(), valuePixels.size());
    std::vector<double> offsets(n, 0.0);
    // Half a marker apart sideways: two markers at one value then touch without covering.
    const double step = 0.55 * markerSize;
    const double clearance = markerSize * markerSize;
    for (std::size_t i = 0; i < n; ++i) {
        for (int k = 0;; ++k) {
            // 0, +1, -1, +2, -2, ... steps from the column's centre.
            const double candidate = step * ((k + 1) / 2) * (k % 2 == 1 ? 1.0 : -1.0);
            bool free = true;
            for (std::size_t j = 0; j < i && free; ++j) {
                if (std::fabs(columnPixels[j] - columnPixels[i]) > 0.5)
                    continue;
                const double dx = offsets[j] - candidate;
                const double dy = valuePixels[j] - valuePixels[i];
                free = dx * dx + dy * dy >= clearance;
            }
            if (free) {
                offsets[i] = candidate;
                break;
            }
        }
    }
    return offsets;
}

SwarmGraph::SwarmGraph(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPGraph(keyAxis, valueAxis)
{
    setLineStyle(lsNone);
}

void SwarmGraph::drawScatterPlot(
    QCPPainter* painter, const QVector<QPointF>& scatters, const QCPScatterStyle& style) const
{
    std::vector<double> columns;
    std::vector<double> values;
    const QCPAxis* axis = keyAxis();
    for (const QPointF& point : scatters) {
        columns.push_back(
            axis ? axis->coordToPixel(axis->pixelToCoord(point.x()) + m_keyShift) : point.x());
        values.push_back(point.y());
    }
    const std::vector<double> offsets = swarmOffsets(columns, values, style.size());
    QVector<QPointF> spread = scatters;
    for (qsizetype i = 0; i < spread.size(); ++i) {
        const auto index = static_cast<std::size_t>(i);
        spread[i].rx() = columns[index] + offsets[index];
    }
    QCPGraph::drawScatterPlot(painter, spread, style);
}

} // namespace iolens::ui

#include "moc_swarm_graph.cpp"

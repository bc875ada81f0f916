// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

#include <vector>

namespace iolens::ui {

/// Sideways offsets (pixels) that keep markers of one column from hiding each other: the points
/// are placed in the order given, each at the offset nearest the column's centre (0, +step,
/// -step, +2 step, ...) where no point already placed lies within `markerSize` of it. Points whose
/// `columnPixels` differ by more than half a pixel are in different columns and never interact.
/// A beeswarm, as R's beeswarm package or seaborn's swarmplot draw it; no packaged C++ library
/// offers one, and the rule fits in a loop.
std::vector<double> swarmOffsets(const std::vector<double>& columnPixels,
    const std::vector<double>& valuePixels, double markerSize);

/// A scatter graph whose markers are drawn spread sideways: all of the graph's markers by
/// `keyShift` (in key units, so that several graphs at one key stand side by side, dodged, and
/// keep their distance to the next key at any width), and markers of one key that would overlap
/// by swarmOffsets. Only the drawing moves: the data, the CSV export and the tooltips keep the
/// exact keys, so a read share of 50 % stays 50 %. The key axis must be horizontal.
class SwarmGraph : public QCPGraph {
    Q_OBJECT
public:
    SwarmGraph(QCPAxis* keyAxis, QCPAxis* valueAxis);

    void setKeyShift(double keyUnits) { m_keyShift = keyUnits; }
    double keyShift() const { return m_keyShift; }

protected:
    void drawScatterPlot(QCPPainter* painter, const QVector<QPointF>& scatters,
        const QCPScatterStyle& style) const override;

private:
    double m_keyShift = 0.0;
};

} // namespace iolens::ui

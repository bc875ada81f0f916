// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validation/conservation_check.hpp"

#include <qcustomplot.h>

#include <array>
#include <utility>
#include <vector>

namespace iolens::ui {

/// Ra and Lee's check of the conservation hypothesis drawn from a core::ConservationCheck, in
/// three panels side by side, as the paper shows it:
///  - C per request size across read shares (their Figure 2a): C = T_r + f_rw T_w of every
///    measured mix over its read share, as C / T100r so that system configurations of different
///    speed share one axis; 1 means the capacity is conserved.
///  - f_rw = T100r / T100w per request size (Figure 3), one point per system configuration and
///    their median; the size axis is logarithmic with KiB labels.
///  - The estimation error of the total IOPS of every mix (Figure 2b/c), in %.
/// Every series has a name and axes with units, so the CSV export of the plot is the table of
/// the figure. The plot draws what it is given and computes nothing.
class ConservationPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit ConservationPlot(QWidget* parent = nullptr);

    /// Redraws all three panels from `check`.
    void showCheck(const core::ConservationCheck& check);

    /// The request sizes drawn, ascending (KiB); graph i of the lists below belongs to size i.
    const std::vector<double>& requestSizes() const { return m_sizes; }
    /// Panel 1: (read %, C / T100r) of the mixes of each request size.
    const std::vector<QCPGraph*>& capacityGraphs() const { return m_capacity; }
    /// Panel 3: (read %, relative error in %) of the mixes of each request size.
    const std::vector<QCPGraph*>& errorGraphs() const { return m_errors; }
    /// Panel 2: (request KiB, f_rw) of every system configuration, and the median per size.
    QCPGraph* writeCostGraph() const { return m_writeCost; }
    QCPGraph* writeCostMedianGraph() const { return m_writeCostMedian; }
    QCPAxisRect* panel(int index) const { return m_panels.at(static_cast<std::size_t>(index)); }
    /// The summary under the title, on one line (the plot wraps it to its width).
    QString summaryText() const;

private:
    void arrangeLayout();
    void clearSeries();
    void drawCapacityAndErrors(const core::ConservationCheck& check);
    void drawWriteCosts(const core::ConservationCheck& check);
    void setUpSizeAxis(QCPAxis& axis);
    void setSummary(const core::ConservationCheck& check);
    bool fitToSize();
    static std::array<std::pair<QString, QString>, 3> yLabels();
    static QCPRange readShareRange(const std::vector<double>& readShares);
    static double readShareSpacing(const core::ConservationCheck& check);

    static constexpr int kLegendColumns = 6;

    QCPTextElement* m_title;
    QCPTextElement* m_summary;
    QString m_summaryText; ///< the summary on one line; m_summary shows it wrapped to the width
    std::vector<QCPAxisRect*> m_panels;
    std::vector<double> m_sizes;
    std::vector<QCPGraph*> m_capacity;
    std::vector<QCPGraph*> m_errors;
    QCPGraph* m_conserved = nullptr;
    QCPGraph* m_writeCost = nullptr;
    QCPGraph* m_writeCostMedian = nullptr;
};

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/aggregated_rows.hpp"
#include "common/core_metatypes.hpp"
#include "data/measurement.hpp"

#include <QWidget>

#include <vector>

class QLabel;
class QLineEdit;
class QSplitter;
class QTableView;

namespace iolens::ui {

class MeasurementFilterProxy;
class MeasurementTableModel;

/// The measurement table with its filter line: a sortable view of MeasurementTableModel through
/// MeasurementFilterProxy, and a count of the rows shown. Selecting a row asks for that
/// configuration as the scenario, so a measured point is one click away from the sliders.
class MeasurementTablePanel : public QWidget {
    Q_OBJECT
public:
    explicit MeasurementTablePanel(QWidget* parent = nullptr);

    void setMeasurements(const std::vector<core::Measurement>& runs);
    /// The same from the runs aggregated already and their count.
    void setRows(const AggregatedRows& rows, int runCount);
    /// Puts `view` beside the table (a plot of the rows, such as measured vs predicted); the
    /// panel takes ownership.
    void setSideView(QWidget* view);
    /// The configurations of the rows the filter shows, in configuration order (the table
    /// model's, not the sorted view's).
    std::vector<core::Configuration> shownConfigurations() const;

    MeasurementTableModel* tableModel() const { return m_model; }
    MeasurementFilterProxy* proxy() const { return m_proxy; }
    QLineEdit* filterEdit() const { return m_filter; }
    QTableView* view() const { return m_view; }

signals:
    /// The user selected the row of a measured configuration.
    void configurationSelected(const iolens::core::Configuration& config);
    /// The filter or the data changed the rows shown.
    void shownConfigurationsChanged(const std::vector<iolens::core::Configuration>& configs);

protected:
    void resizeEvent(QResizeEvent* event) override;
    /// Measures the columns again in a new font (presentation mode).
    void changeEvent(QEvent* event) override;

private:
    void measureColumns();
    void fitTableWidth();
    void updateCount();
    void onCurrentRowChanged(const QModelIndex& current);

    MeasurementTableModel* m_model = nullptr;
    MeasurementFilterProxy* m_proxy = nullptr;
    QLineEdit* m_filter = nullptr;
    QLabel* m_count = nullptr;
    QTableView* m_view = nullptr;
    QSplitter* m_splitter = nullptr;
    int m_columnsWidth = 0;   ///< the table's columns at their content widths
    bool m_userSized = false; ///< the user moved the splitter: keep their split
    bool m_filtering = false; ///< a filter text is being applied: count once, at its end
};

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/core_metatypes.hpp"
#include "whatif/headroom.hpp"

#include <QWidget>

#include <array>
#include <vector>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QTableWidget;

namespace iolens::ui {

class ModelController;

/// One line for a headroom answer: "up to 5 VMs · 12 % margin · then write RT", "≥ 8 VMs",
/// "✗ read RT now".
QString headroomText(const core::HeadroomAnswer& answer);

/// The Capacity tab: service-level limits on the four metrics and, per model, how far the
/// scenario can grow before one breaks: the largest VM count, file-set size and write share that
/// keep every limit (core::findHeadroom), with the margin and the limit that breaks first. The
/// limits are remembered (QSettings "planning/limits"). Computed only while the tab is shown.
class CapacityPanel : public QWidget {
    Q_OBJECT
public:
    explicit CapacityPanel(ModelController* models, QWidget* parent = nullptr);

    void setScenario(const core::Configuration& config);
    /// Replaces the limits (at most one per core metric) and stores them.
    void setLimits(const std::vector<core::SlaLimit>& limits);
    std::vector<core::SlaLimit> limits() const;

    QTableWidget* table() const { return m_table; }
    /// The answers shown: [model entry][factor in kHeadroomFactors order].
    using HeadroomAnswers = std::array<core::HeadroomAnswer, core::kHeadroomFactors.size()>;
    const std::vector<HeadroomAnswers>& answers() const { return m_answers; }

signals:
    /// The limits changed (the user ticked or edited one, or setLimits): the profiler shades them.
    void limitsChanged(const std::vector<iolens::core::SlaLimit>& limits);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void onLimitsEdited();
    void refresh();
    /// Hides the columns of factors the data cannot answer (core::headroomApplies).
    void showAnswerableColumns();

    ModelController* m_models;
    std::array<QCheckBox*, 4> m_enabled {};
    std::array<QDoubleSpinBox*, 4> m_bounds {};
    QLabel* m_note;
    QTableWidget* m_table;
    core::Configuration m_scenario;
    bool m_hasScenario = false;
    bool m_dirty = true;
    std::vector<HeadroomAnswers> m_answers;
};

} // namespace iolens::ui

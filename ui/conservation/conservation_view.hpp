// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"
#include "validation/conservation_check.hpp"

#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class QStackedWidget;

namespace iolens::ui {

class ConservationPlot;

/// The Conservation tab: Ra and Lee's check of their conservation hypothesis on the
/// open dataset, computed by core::checkConservation, the function behind
/// `iolens-cli conservation`, and drawn by ConservationPlot (their Figures 2a, 3 and the
/// estimation error per mix). A dataset without a request size that has both a 100 % read and a
/// 100 % write measurement gets a message saying so in place of the plot. The check takes a few
/// milliseconds, so it runs on the UI thread.
class ConservationView : public QWidget {
    Q_OBJECT
public:
    explicit ConservationView(QWidget* parent = nullptr);

    /// The runs of the open dataset; repetitions are averaged as the CLI does.
    void setMeasurements(const std::vector<core::Measurement>& runs);

    /// The check drawn; nullopt when the message is shown instead.
    const std::optional<core::ConservationCheck>& check() const { return m_check; }
    ConservationPlot* plot() const { return m_plot; }
    /// The message shown in place of the plot; empty when the plot is shown.
    QString message() const;

private:
    void showMessage(const QString& text);

    QStackedWidget* m_pages;
    ConservationPlot* m_plot;
    QLabel* m_message;
    std::optional<core::ConservationCheck> m_check;
};

} // namespace iolens::ui

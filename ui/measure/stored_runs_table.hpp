// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"

#include <QTableWidget>

namespace iolens::ui {

/// The runs a measurement session has stored so far, one row each as they arrive: the
/// configuration, the repetition and the four core metrics (ICPE'13 Table 1).
class StoredRunsTable : public QTableWidget {
    Q_OBJECT
public:
    explicit StoredRunsTable(QWidget* parent = nullptr);

    /// Appends `row` and scrolls to it.
    void addRun(const core::Measurement& row);
};

} // namespace iolens::ui

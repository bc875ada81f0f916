// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

namespace iolens::ui {

class InsideOutDensityView;

/// A window beside the main one (not modal: scoring many runs takes minutes) showing the
/// Inside-Out accuracy density of a lowlevel directory (InsideOutDensityView; seed 002 Fig. 9).
/// Closing it cancels the evaluation and deletes it.
class InsideOutAccuracyDialog : public QDialog {
    Q_OBJECT
public:
    /// Starts scoring every run in `directory` at once.
    InsideOutAccuracyDialog(const QString& directory, QWidget* parent = nullptr);

    InsideOutDensityView* view() const { return m_view; }

private:
    InsideOutDensityView* m_view;
};

/// Tools ▸ Inside-Out accuracy…: asks for a lowlevel directory (TARGET/.iolens/lowlevel, where
/// `iolens-cli measure` writes each run's node metrics and throughput) and opens the dialog on
/// it. Returns the dialog, or nullptr if the user cancelled the directory choice.
InsideOutAccuracyDialog* promptInsideOutAccuracy(QWidget* parent);

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QWidget>

class QCheckBox;
class QLineEdit;
class QSpinBox;

namespace iolens::ui {

/// The editable part of a measurement plan: the factors of a full-factorial design
/// (ICPE'13 Table 1), the workload, the target and the dataset. It only edits JSON: the text it
/// produces is the plan file `iolens-cli measure --plan` reads, and core's parsePlan judges it,
/// so the dialog and the CLI reject the same plans with the same messages. Fields a plan file may
/// hold but the form does not show (description, ioengine, ...) are kept from the loaded plan.
class PlanForm : public QWidget {
    Q_OBJECT
public:
    explicit PlanForm(QWidget* parent = nullptr);

    /// The plan as JSON: the loaded plan with the form's fields written over it. List fields
    /// become arrays; an entry that is not a number where one is needed stays a string, so that
    /// parsePlan names it in its message.
    QJsonObject toJson() const;
    /// Fills the form from a plan (missing fields take the form's defaults). Precondition: a
    /// full-factorial plan; other designs keep their lists in the JSON but are not shown.
    void setJson(const QJsonObject& plan);

signals:
    /// Any field was edited.
    void changed();

private:
    QWidget* buildFactors();
    QWidget* buildWorkload();
    QWidget* buildTarget();
    void chooseDirectory();

    QJsonObject m_base;
    QLineEdit* m_dataset;
    QLineEdit* m_schedulers;
    QLineEdit* m_filesets;
    QLineEdit* m_requests;
    QCheckBox* m_random;
    QCheckBox* m_sequential;
    QLineEdit* m_readPcts;
    QLineEdit* m_threads;
    QLineEdit* m_vms;
    QSpinBox* m_ramp;
    QSpinBox* m_runtime;
    QSpinBox* m_repetitions;
    QCheckBox* m_direct;
    QLineEdit* m_directory;
    QLineEdit* m_device;
};

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "measure/plan_form.hpp"

#include <QCheckBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

namespace iolens::ui {

namespace {

QLineEdit* listEdit(const QString& name, const QString& text, const QString& tip)
{
    auto* edit = new QLineEdit(text);
    edit->setObjectName(name);
    edit->setToolTip(tip);
    return edit;
}

QStringList words(const QLineEdit* edit)
{
    return edit->text().split(QRegularExpression(QStringLiteral("[\\s,;]+")), Qt::SkipEmptyParts);
}

/// Numbers where a word reads as one; the rest stay strings so parsePlan reports them.
QJsonArray array(const QStringList& items, bool numeric)
{
    QJsonArray out;
    for (const QString& item : items) {
        bool ok = false;
        const double value = item.toDouble(&ok);
        out.append(numeric && ok ? QJsonValue(value) : QJsonValue(item));
    }
    return out;
}

QString joined(const QJsonValue& value)
{
    QStringList items;
    for (const QJsonValue& item : value.toArray())
        items << (item.isDouble() ? QString::number(item.toDouble(), 'g', 15) : item.toString());
    return items.join(QLatin1Char(' '));
}

} // namespace

PlanForm::PlanForm(QWidget* parent)
    : QWidget(parent)
{
    m_dataset = listEdit(QStringLiteral("dataset"), QStringLiteral("my-disk"),
        tr("Name of the dataset the runs are stored in; an existing dataset "
           "resumes: runs already stored are skipped."));
    auto* top = new QFormLayout;
    top->addRow(tr("Dataset:"), m_dataset);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    auto* columns = new QHBoxLayout;
    columns->addWidget(buildFactors(), 3);
    auto* right = new QVBoxLayout;
    right->addWidget(buildWorkload());
    right->addStretch();
    columns->addLayout(right, 2);
    layout->addLayout(columns);
    // Full width: target paths are long.
    layout->addWidget(buildTarget());

    for (QLineEdit* edit : findChildren<QLineEdit*>())
        connect(edit, &QLineEdit::textChanged, this, &PlanForm::changed);
    for (QCheckBox* box : findChildren<QCheckBox*>())
        connect(box, &QCheckBox::toggled, this, &PlanForm::changed);
    for (QSpinBox* spin : findChildren<QSpinBox*>())
        connect(spin, &QSpinBox::valueChanged, this, &PlanForm::changed);
}

QWidget* PlanForm::buildFactors()
{
    auto* box = new QGroupBox(tr("Factors (every combination is measured)"));
    auto* form = new QFormLayout(box);
    m_schedulers = listEdit(QStringLiteral("schedulers"), QStringLiteral("current"),
        tr("I/O schedulers, e.g. \"none mq-deadline bfq\"; \"current\" keeps "
           "the device's. Switching needs a block device and root."));
    m_filesets = listEdit(QStringLiteral("filesets"), QStringLiteral("256M 1G"),
        tr("Total file set sizes as fio sizes, e.g. \"256M 1G\"."));
    m_requests = listEdit(QStringLiteral("requests"), QStringLiteral("4k 64k"),
        tr("Request sizes as fio sizes, e.g. \"4k 64k 1M\"."));
    m_readPcts = listEdit(QStringLiteral("readPcts"), QStringLiteral("0 50 100"),
        tr("Shares of reads in percent, e.g. \"0 50 100\"."));
    m_threads = listEdit(QStringLiteral("threads"), QStringLiteral("1 4"),
        tr("Concurrent threads in total, e.g. \"1 4 16\"."));
    m_vms = listEdit(QStringLiteral("vms"), QStringLiteral("1"),
        tr("Number of VMs (fio processes) the threads and the file set are split "
           "over; threads must be divisible by it."));
    m_random = new QCheckBox(tr("random"));
    m_random->setObjectName(QStringLiteral("patternRandom"));
    m_random->setChecked(true);
    m_sequential = new QCheckBox(tr("sequential"));
    m_sequential->setObjectName(QStringLiteral("patternSequential"));
    auto* patterns = new QHBoxLayout;
    patterns->addWidget(m_random);
    patterns->addWidget(m_sequential);
    patterns->addStretch();
    form->addRow(tr("I/O schedulers:"), m_schedulers);
    form->addRow(tr("File set sizes:"), m_filesets);
    form->addRow(tr("Request sizes:"), m_requests);
    form->addRow(tr("Access patterns:"), patterns);
    form->addRow(tr("Read shares (%):"), m_readPcts);
    form->addRow(tr("Threads:"), m_threads);
    form->addRow(tr("VMs:"), m_vms);
    return box;
}

QWidget* PlanForm::buildWorkload()
{
    auto* box = new QGroupBox(tr("Each run"));
    auto* form = new QFormLayout(box);
    // fio and parsePlan take whole seconds.
    m_ramp = new QSpinBox;
    m_ramp->setObjectName(QStringLiteral("ramp"));
    m_ramp->setRange(0, 3600);
    m_ramp->setSuffix(tr(" s"));
    m_ramp->setValue(2);
    m_ramp->setToolTip(tr("fio ramp time: the run warms up this long before it is measured."));
    m_runtime = new QSpinBox;
    m_runtime->setObjectName(QStringLiteral("runtime"));
    m_runtime->setRange(1, 86400);
    m_runtime->setSuffix(tr(" s"));
    m_runtime->setValue(10);
    m_repetitions = new QSpinBox;
    m_repetitions->setObjectName(QStringLiteral("repetitions"));
    m_repetitions->setRange(0, 1000);
    m_repetitions->setValue(3);
    m_repetitions->setToolTip(tr("Runs per configuration; the noise needs at least 2."));
    m_direct = new QCheckBox(tr("O_DIRECT (bypass the page cache)"));
    m_direct->setObjectName(QStringLiteral("direct"));
    m_direct->setChecked(true);
    form->addRow(tr("Ramp:"), m_ramp);
    form->addRow(tr("Measured:"), m_runtime);
    form->addRow(tr("Repetitions:"), m_repetitions);
    form->addRow(m_direct);
    return box;
}

QWidget* PlanForm::buildTarget()
{
    auto* box = new QGroupBox(tr("Where"));
    auto* form = new QFormLayout(box);
    m_directory = listEdit(QStringLiteral("directory"), QString(),
        tr("An empty directory on the storage to measure (or one iolens "
           "measured in before); the file sets are written there."));
    auto* choose = new QPushButton(tr("Choose…"));
    connect(choose, &QPushButton::clicked, this, &PlanForm::chooseDirectory);
    auto* row = new QHBoxLayout;
    row->addWidget(m_directory, 1);
    row->addWidget(choose);
    m_device = listEdit(QStringLiteral("device"), QString(),
        tr("Optional block device whose scheduler is switched, e.g. \"sda\"."));
    m_device->setPlaceholderText(tr("optional, e.g. sda"));
    form->addRow(tr("Target directory:"), row);
    form->addRow(tr("Block device:"), m_device);
    return box;
}

void PlanForm::chooseDirectory()
{
    const QString dir
        = QFileDialog::getExistingDirectory(this, tr("Target directory"), m_directory->text());
    if (!dir.isEmpty())
        m_directory->setText(dir);
}

QJsonObject PlanForm::toJson() const
{
    QJsonObject plan = m_base;
    plan[QStringLiteral("dataset")] = m_dataset->text().trimmed();
    plan[QStringLiteral("design")] = QStringLiteral("full_factorial");
    QJsonObject workload = plan.value(QStringLiteral("workload")).toObject();
    workload[QStringLiteral("ramp_seconds")] = m_ramp->value();
    workload[QStringLiteral("runtime_seconds")] = m_runtime->value();
    workload[QStringLiteral("repetitions")] = m_repetitions->value();
    workload[QStringLiteral("direct")] = m_direct->isChecked();
    plan[QStringLiteral("workload")] = workload;
    QJsonObject target = plan.value(QStringLiteral("target")).toObject();
    target[QStringLiteral("directory")] = m_directory->text().trimmed();
    target[QStringLiteral("device")] = m_device->text().trimmed();
    plan[QStringLiteral("target")] = target;

    QJsonObject factors;
    const auto put = [&factors](const char* key, const QStringList& items, bool numeric) {
        if (!items.isEmpty()) // an empty list: the factor takes parsePlan's default
            factors[QLatin1String(key)] = array(items, numeric);
    };
    put("scheduler", words(m_schedulers), false);
    put("fileset", words(m_filesets), false);
    put("request", words(m_requests), false);
    QStringList patterns;
    if (m_random->isChecked())
        patterns << QStringLiteral("random");
    if (m_sequential->isChecked())
        patterns << QStringLiteral("sequential");
    factors[QStringLiteral("pattern")] = QJsonArray::fromStringList(patterns);
    put("read_pct", words(m_readPcts), true);
    put("threads", words(m_threads), true);
    put("vms", words(m_vms), true);
    plan[QStringLiteral("factors")] = factors;
    return plan;
}

void PlanForm::setJson(const QJsonObject& plan)
{
    m_base = plan;
    const QJsonObject factors = plan.value(QStringLiteral("factors")).toObject();
    const auto list = [&factors](const char* key, const QString& fallback) {
        return factors.contains(QLatin1String(key)) ? joined(factors.value(QLatin1String(key)))
                                                    : fallback;
    };
    m_dataset->setText(plan.value(QStringLiteral("dataset")).toString());
    m_schedulers->setText(list("scheduler", QStringLiteral("current")));
    m_filesets->setText(list("fileset", QString()));
    m_requests->setText(list("request", QString()));
    const QString patterns = list("pattern", QStringLiteral("random"));
    m_random->setChecked(patterns.contains(QStringLiteral("random")));
    m_sequential->setChecked(patterns.contains(QStringLiteral("sequential")));
    m_readPcts->setText(list("read_pct", QStringLiteral("100")));
    m_threads->setText(list("threads", QStringLiteral("1")));
    m_vms->setText(list("vms", QStringLiteral("1")));
    const QJsonObject workload = plan.value(QStringLiteral("workload")).toObject();
    m_ramp->setValue(workload.value(QStringLiteral("ramp_seconds")).toInt(2));
    m_runtime->setValue(workload.value(QStringLiteral("runtime_seconds")).toInt(10));
    m_repetitions->setValue(workload.value(QStringLiteral("repetitions")).toInt(3));
    m_direct->setChecked(workload.value(QStringLiteral("direct")).toBool(true));
    const QJsonObject target = plan.value(QStringLiteral("target")).toObject();
    m_directory->setText(target.value(QStringLiteral("directory")).toString());
    m_device->setText(target.value(QStringLiteral("device")).toString());
    emit changed();
}

} // namespace iolens::ui

#include "moc_plan_form.cpp"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/import_dialog.hpp"

#include "common/error.hpp"
#include "common/text_file.hpp"
#include "data/mapping_proposal.hpp"
#include "data/measurement_csv.hpp"
#include "store/measurement_database.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace iolens::ui {

namespace {

// At most this many refused rows are listed; the count says how many there are.
constexpr std::size_t kRefusedRowsListed = 200;
// Enough rows of the file to recognise its columns by their values, few enough to leave the
// dialog's height to the mapping.
constexpr std::size_t kSampleRows = 10;

std::vector<std::string> importableFields()
{
    std::vector<std::string> fields = core::requiredMeasurementColumns();
    const auto& optional = core::optionalMeasurementColumns();
    fields.insert(fields.end(), optional.begin(), optional.end());
    return fields;
}

// A constant as the dialog shows it: in iolens's unit (a mapping file may give "4 GiB").
std::string inIolensUnit(const core::MappingConstant& constant)
{
    const auto quantity = core::fieldQuantity(constant.field);
    double value = 0.0;
    if (!constant.unit || !quantity || !core::parseDouble(constant.value, value))
        return constant.value;
    const auto converted = core::toIolensUnit(value, *constant.unit, *quantity);
    return converted ? core::formatNumber(*converted) : constant.value;
}

} // namespace

ImportDialog::ImportDialog(const QString& csvPath, const QString& databasePath, QWidget* parent)
    : QDialog(parent)
    , m_csvPath(csvPath)
    , m_databasePath(databasePath)
    , m_sample(new QTableWidget(this))
    , m_columns(new QTableWidget(this))
    , m_dataset(new QLineEdit(QFileInfo(csvPath).completeBaseName(), this))
    , m_skipBadRows(new QCheckBox(tr("Skip the refused rows and import the others"), this))
    , m_summary(new QLabel(this))
    , m_refused(new QPlainTextEdit(this))
    , m_import(new QPushButton(tr("&Import"), this))
{
    setWindowTitle(tr("Import measurements from %1").arg(QFileInfo(csvPath).fileName()));
    m_columns->setObjectName(QStringLiteral("columns"));
    m_dataset->setObjectName(QStringLiteral("dataset"));
    m_skipBadRows->setObjectName(QStringLiteral("skipBadRows"));
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setWordWrap(true);
    m_refused->setObjectName(QStringLiteral("refused"));
    m_refused->setReadOnly(true);
    m_import->setObjectName(QStringLiteral("import"));

    core::CsvMapping proposal;
    try {
        m_table = core::readCsvFile(csvPath.toStdString());
        proposal = core::proposeCsvMapping(m_table).mapping;
    } catch (const core::Error& e) {
        m_problem = QString::fromStdString(e.what());
    }

    auto* layout = new QVBoxLayout(this);
    fillSample();
    layout->addWidget(new QLabel(tr("The first rows of the file, as they are:"), this));
    layout->addWidget(m_sample, 2);
    auto* guide = new QLabel(tr("Which iolens field each column of the file gives, and in "
                                "which unit (a first guess from the column names):"),
        this);
    guide->setWordWrap(true);
    layout->addWidget(guide);
    m_columns->setColumnCount(3);
    m_columns->setHorizontalHeaderLabels({tr("Column"), tr("iolens field"), tr("Unit")});
    m_columns->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_columns->verticalHeader()->hide();

    // The constants beside the column table rather than below it: seven rows of them under it
    // left the file's rows and the table a few lines each at 1280x800.
    auto* constants = new QFormLayout;
    for (const std::string& field : core::configurationColumns()) {
        auto* edit = new QLineEdit(this);
        edit->setObjectName(QString::fromStdString("constant_" + field));
        edit->setPlaceholderText(tr("from a column"));
        constants->addRow(tr("%1 for every row:").arg(QString::fromStdString(field)), edit);
        m_constants.emplace_back(field, edit);
        connect(edit, &QLineEdit::textChanged, this, &ImportDialog::refresh);
    }
    auto* mapping = new QHBoxLayout;
    mapping->addWidget(m_columns, 3);
    auto* side = new QVBoxLayout;
    side->addLayout(constants);
    side->addStretch(1);
    mapping->addLayout(side, 2);
    layout->addLayout(mapping, 3);
    auto* target = new QFormLayout;
    target->addRow(tr("Dataset:"), m_dataset);
    layout->addLayout(target);
    layout->addWidget(m_skipBadRows);
    layout->addWidget(m_summary);
    layout->addWidget(m_refused, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton* load = buttons->addButton(tr("&Load mapping…"), QDialogButtonBox::ActionRole);
    QPushButton* save = buttons->addButton(tr("&Save mapping…"), QDialogButtonBox::ActionRole);
    buttons->addButton(m_import, QDialogButtonBox::AcceptRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_import, &QPushButton::clicked, this, [this] {
        if (importRows())
            accept();
    });
    connect(load, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Load column mapping"), QString(), tr("Column mappings (*.json)"));
        if (!path.isEmpty())
            loadMapping(path);
    });
    connect(save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save column mapping"),
            QFileInfo(m_csvPath).completeBaseName() + QStringLiteral("-mapping.json"),
            tr("Column mappings (*.json)"));
        if (!path.isEmpty())
            saveMapping(path);
    });
    connect(m_skipBadRows, &QCheckBox::toggled, this, &ImportDialog::refresh);
    connect(m_dataset, &QLineEdit::textChanged, this, &ImportDialog::refresh);

    buildTable(proposal);
    // Fits a 1280x800 screen with its title bar and panels, in presentation mode's fonts too.
    resize(1000, 740);
}

void ImportDialog::fillSample()
{
    m_sample->setObjectName(QStringLiteral("sample"));
    m_sample->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_sample->setFocusPolicy(Qt::NoFocus);
    // Rows as tall as the text: the file's rows are read, not edited.
    m_sample->verticalHeader()->setDefaultSectionSize(m_sample->fontMetrics().height() + 6);
    m_sample->setColumnCount(static_cast<int>(m_table.header.size()));
    QStringList header;
    for (const std::string& name : m_table.header)
        header << QString::fromStdString(name);
    m_sample->setHorizontalHeaderLabels(header);
    const std::size_t shown = std::min(m_table.rows.size(), kSampleRows);
    m_sample->setRowCount(static_cast<int>(shown));
    QStringList lines;
    for (std::size_t r = 0; r < shown; ++r) {
        const auto& row = m_table.rows[r];
        lines << QString::number(row.line); // the file's own line numbers, as messages give them
        for (std::size_t c = 0; c < row.fields.size(); ++c)
            m_sample->setItem(static_cast<int>(r), static_cast<int>(c),
                new QTableWidgetItem(QString::fromStdString(row.fields[c])));
    }
    m_sample->setVerticalHeaderLabels(lines);
    m_sample->resizeColumnsToContents();
}

void ImportDialog::buildTable(const core::CsvMapping& proposal)
{
    m_filling = true;
    m_columns->setRowCount(static_cast<int>(m_table.header.size()));
    for (std::size_t c = 0; c < m_table.header.size(); ++c) {
        const int row = static_cast<int>(c);
        const QString name = QString::fromStdString(m_table.header[c]);
        auto* item = new QTableWidgetItem(name);
        item->setFlags(Qt::ItemIsEnabled);
        if (!m_table.rows.empty())
            item->setToolTip(
                tr("First value: %1").arg(QString::fromStdString(m_table.rows.front().fields[c])));
        m_columns->setItem(row, 0, item);
        auto* field = new QComboBox(m_columns);
        field->addItem(tr("(not imported)"), QString());
        for (const std::string& known : importableFields())
            field->addItem(QString::fromStdString(known), QString::fromStdString(known));
        m_columns->setCellWidget(row, 1, field);
        auto* unit = new QComboBox(m_columns);
        m_columns->setCellWidget(row, 2, unit);
        connect(field, &QComboBox::currentIndexChanged, this, [this, row] {
            fillUnits(row);
            refresh();
        });
        connect(unit, &QComboBox::currentIndexChanged, this, &ImportDialog::refresh);
        fillUnits(row);
    }
    for (const core::ColumnMapping& column : proposal.columns) {
        const int index = m_table.columnIndex(column.column);
        // A column feeding two fields shows the first; the rest is the mapping file's to say.
        if (index < 0 || !fieldBox(index)->currentData().toString().isEmpty())
            continue;
        mapColumn(index, QString::fromStdString(column.field),
            column.unit ? QString::fromLatin1(core::unitName(*column.unit)) : QString());
    }
    for (const auto& [field, edit] : m_constants) {
        edit->clear();
        for (const core::MappingConstant& constant : proposal.constants)
            if (constant.field == field)
                edit->setText(QString::fromStdString(inIolensUnit(constant)));
    }
    m_filling = false;
    refresh();
}

QComboBox* ImportDialog::fieldBox(int row) const
{
    return qobject_cast<QComboBox*>(m_columns->cellWidget(row, 1));
}

QComboBox* ImportDialog::unitBox(int row) const
{
    return qobject_cast<QComboBox*>(m_columns->cellWidget(row, 2));
}

void ImportDialog::fillUnits(int row)
{
    QComboBox* units = unitBox(row);
    const QSignalBlocker blocker(units);
    units->clear();
    const std::string field = fieldBox(row)->currentData().toString().toStdString();
    const auto quantity = field.empty() ? std::nullopt : core::fieldQuantity(field);
    units->setEnabled(quantity.has_value());
    if (!quantity)
        return;
    for (core::Unit unit : core::unitsOf(*quantity))
        units->addItem(QString::fromLatin1(core::unitName(unit)));
}

bool ImportDialog::mapColumn(int row, const QString& field, const QString& unit)
{
    if (row < 0 || row >= m_columns->rowCount())
        return false;
    QComboBox* fields = fieldBox(row);
    const int fieldIndex = fields->findData(field);
    if (fieldIndex < 0)
        return false;
    fields->setCurrentIndex(fieldIndex);
    fillUnits(row);
    const int unitIndex = unit.isEmpty() ? 0 : unitBox(row)->findText(unit);
    if (unitIndex >= 0)
        unitBox(row)->setCurrentIndex(unitIndex);
    // fillUnits keeps quiet and the field may not have changed: read the file again here.
    refresh();
    return unitIndex >= 0;
}

void ImportDialog::setConstant(const QString& field, const QString& value)
{
    for (const auto& [name, edit] : m_constants)
        if (QString::fromStdString(name) == field)
            edit->setText(value);
}

void ImportDialog::setSkipBadRows(bool skip)
{
    m_skipBadRows->setChecked(skip);
}

void ImportDialog::setDataset(const QString& dataset)
{
    m_dataset->setText(dataset);
}

QString ImportDialog::dataset() const
{
    return m_dataset->text().trimmed();
}

core::CsvMapping ImportDialog::mapping() const
{
    core::CsvMapping mapping;
    for (int row = 0; row < m_columns->rowCount(); ++row) {
        const QString field = fieldBox(row)->currentData().toString();
        if (field.isEmpty())
            continue;
        std::optional<core::Unit> unit;
        if (unitBox(row)->isEnabled())
            unit = core::parseUnit(unitBox(row)->currentText().toStdString());
        mapping.columns.push_back(
            {m_table.header[static_cast<std::size_t>(row)], field.toStdString(), unit});
    }
    for (const auto& [field, edit] : m_constants)
        if (!edit->text().trimmed().isEmpty())
            mapping.constants.push_back(
                {field, edit->text().trimmed().toStdString(), std::nullopt});
    return mapping;
}

void ImportDialog::refresh()
{
    if (m_filling)
        return;
    m_preview.reset();
    if (!m_table.header.empty()) {
        try {
            // Through the mapping file's own parser: a mapping the dialog accepts is one
            // `iolens-cli import --mapping` accepts.
            const core::CsvMapping checked = core::parseCsvMapping(
                core::csvMappingToJson(mapping()).dump(), tr("the mapping").toStdString());
            m_preview = core::readMappedCsv(m_table, checked);
            m_problem.clear();
        } catch (const core::Error& e) {
            m_problem = QString::fromStdString(e.what());
        }
    }
    QString refused;
    if (m_preview) {
        const auto& rows = m_preview->rows;
        for (std::size_t i = 0; i < rows.refused.size() && i < kRefusedRowsListed; ++i)
            refused += QString::fromStdString(rows.refused[i].message) + QLatin1Char('\n');
        m_summary->setText(tr("%1 rows to import, %2 refused.")
                               .arg(rows.measurements.size())
                               .arg(rows.refused.size()));
    } else {
        m_summary->setText(tr("Nothing can be imported yet: %1").arg(m_problem));
    }
    m_refused->setPlainText(refused);
    const bool refusedRows = m_preview && !m_preview->rows.refused.empty();
    m_import->setEnabled(m_preview && !m_preview->rows.measurements.empty() && !dataset().isEmpty()
        && (!refusedRows || m_skipBadRows->isChecked()));
}

bool ImportDialog::loadMapping(const QString& path)
{
    try {
        const core::CsvMapping loaded = core::readCsvMappingFile(path.toStdString());
        buildTable(loaded);
        return true;
    } catch (const core::Error& e) {
        m_summary->setText(tr("Cannot load the mapping: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
}

bool ImportDialog::saveMapping(const QString& path)
{
    try {
        core::writeTextFileAtomically(
            path.toStdString(), core::csvMappingToJson(mapping()).dump(2) + "\n");
        return true;
    } catch (const core::Error& e) {
        m_summary->setText(tr("Cannot save the mapping: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
}

bool ImportDialog::importRows()
{
    refresh();
    if (!m_import->isEnabled() || !m_preview)
        return false;
    const auto& rows = m_preview->rows;
    try {
        auto database = core::MeasurementDatabase::openOrCreate(m_databasePath.toStdString());
        const core::ImportTarget target {dataset().toStdString(), {}, {}, std::nullopt};
        const core::ImportedFile file {m_csvPath.toStdString(),
            core::csvMappingToJson(mapping()).dump(), static_cast<int>(rows.measurements.size()),
            static_cast<int>(rows.refused.size()), {}};
        const int stored = database.importMeasurements(rows.measurements, target, {file});
        emit imported(m_databasePath, dataset(), stored);
        return true;
    } catch (const std::exception& e) {
        m_summary->setText(tr("Nothing imported: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
}

} // namespace iolens::ui

#include "moc_import_dialog.cpp"

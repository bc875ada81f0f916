// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/stored_model_table.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "prediction/model_text.hpp"
#include "workflow/model_training.hpp"

#include <nlohmann/json.hpp>

#include <QLocale>

namespace iolens::ui {

namespace {

const QString kSeparator = QStringLiteral(" · ");

// The scores object a model was stored with; an empty object if it is not one (a damaged or
// hand-made row), so that the table still lists the model.
nlohmann::json storedScores(const core::StoredModel& model)
{
    try {
        nlohmann::json scores = nlohmann::json::parse(model.scores);
        if (scores.is_object())
            return scores;
    } catch (const std::exception&) {
        // Shown as no figures.
    }
    return nlohmann::json::object();
}

// The dataset a model imported from another database was trained on (`model import` keeps it in
// the scores when this database has no dataset of that name); empty for any other model.
QString importedDataset(const core::StoredModel& model)
{
    const nlohmann::json scores = storedScores(model);
    const auto dataset = scores.find("training_dataset");
    return dataset != scores.end() && dataset->is_string()
        ? QString::fromStdString(dataset->get<std::string>())
        : QString();
}

QString parametersCell(const core::StoredModel& model)
{
    try {
        return parametersText(
            model.technique, nlohmann::json::parse(model.parameters).get<core::ParamValues>());
    } catch (const std::exception&) {
        return QString::fromStdString(model.parameters); // not name=number pairs: as stored
    }
}

// The dataset, split and --where the model was trained on, as stored_models.cpp reads them for
// its cross-validation (core::storedTrainRequest).
QString selectionCell(const core::StoredModel& model)
{
    QStringList parts;
    if (!model.dataset.empty()) {
        parts << QString::fromStdString(model.dataset);
    } else if (const QString other = importedDataset(model); !other.isEmpty()) {
        parts << StoredModelTable::tr("%1 (not in this database)").arg(other);
    } else {
        parts << StoredModelTable::tr("every dataset");
    }
    try {
        const core::TrainRequest request = core::storedTrainRequest(model);
        if (request.split)
            parts << StoredModelTable::tr("split %1").arg(QString::fromStdString(*request.split));
        if (!request.where.empty())
            parts << StoredModelTable::tr("where %1").arg(QString::fromStdString(request.where));
    } catch (const std::exception&) {
        // Unreadable parameters or scores: the window scores such a model on every row as well.
    }
    return parts.join(kSeparator);
}

QString scoresCell(const core::StoredModel& model)
{
    const nlohmann::json scores = storedScores(model);
    QStringList parts;
    if (const auto r2 = scores.find("training_r2"); r2 != scores.end() && r2->is_number())
        parts << StoredModelTable::tr("R² %1").arg(QLocale().toString(r2->get<double>(), 'f', 3));
    if (const auto rmse = scores.find("training_rmse"); rmse != scores.end() && rmse->is_number())
        parts << StoredModelTable::tr("RMSE %1").arg(formatSignificant(rmse->get<double>()));
    if (const auto rows = scores.find("rows"); rows != scores.end() && rows->is_number_integer())
        parts << countText(
            rows->get<qlonglong>(), StoredModelTable::tr("1 row"), StoredModelTable::tr("%1 rows"));
    return parts.join(kSeparator);
}

} // namespace

StoredModelTable::StoredModelTable(
    std::vector<core::StoredModel> models, const StoredModelChoice& choice, QObject* parent)
    : QAbstractTableModel(parent)
    , m_models(std::move(models))
{
    m_shown.reserve(m_models.size());
    for (core::StoredModel& model : m_models) {
        model.serialized.clear(); // a forest's is megabytes, and the table shows none of it
        m_shown.push_back(choice.shows(QString::fromStdString(model.name)));
    }
}

QString StoredModelTable::name(int row) const
{
    return QString::fromStdString(m_models.at(static_cast<std::size_t>(row)).name);
}

bool StoredModelTable::isShown(int row) const
{
    return m_shown.at(static_cast<std::size_t>(row));
}

void StoredModelTable::setShown(int row, bool shown)
{
    setData(index(row, NameColumn), shown ? Qt::Checked : Qt::Unchecked, Qt::CheckStateRole);
}

void StoredModelTable::setAllShown(bool shown)
{
    for (int row = 0; row < rowCount(); ++row)
        setShown(row, shown);
}

QStringList StoredModelTable::hiddenNames() const
{
    QStringList hidden;
    for (int row = 0; row < rowCount(); ++row)
        if (!isShown(row))
            hidden << name(row);
    return hidden;
}

int StoredModelTable::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_models.size());
}

int StoredModelTable::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StoredModelTable::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const core::StoredModel& model = m_models[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return displayText(model, index.column());
    case Qt::ToolTipRole:
        return toolTip(model, index.column());
    case Qt::CheckStateRole:
        if (index.column() == NameColumn)
            return isShown(index.row()) ? Qt::Checked : Qt::Unchecked;
        return {};
    default:
        return {};
    }
}

bool StoredModelTable::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() != NameColumn
        || role != Qt::CheckStateRole)
        return false;
    const bool shown = value.toInt() == Qt::Checked;
    auto shownAt = m_shown.begin() + index.row();
    if (*shownAt != shown) {
        *shownAt = shown;
        emit dataChanged(index, index, {Qt::CheckStateRole});
    }
    return true;
}

Qt::ItemFlags StoredModelTable::flags(const QModelIndex& index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == NameColumn)
        flags |= Qt::ItemIsUserCheckable;
    return flags;
}

QVariant StoredModelTable::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole)
        return section == NameColumn ? QVariant(shownToolTip()) : QVariant();
    switch (section) {
    case NameColumn:
        return tr("Name");
    case TechniqueColumn:
        return tr("Technique");
    case MetricColumn:
        return tr("Metric");
    case ParametersColumn:
        return tr("Parameters");
    case SelectionColumn:
        return tr("Trained on");
    case ScoresColumn:
        return tr("Training fit");
    case CreatedColumn:
        return tr("Stored");
    default:
        return {};
    }
}

QString StoredModelTable::shownToolTip()
{
    return tr("Ticked: shown beside the window's own models in every view");
}

QString StoredModelTable::displayText(const core::StoredModel& model, int column) const
{
    switch (column) {
    case NameColumn:
        return QString::fromStdString(model.name);
    case TechniqueColumn:
        return QString::fromStdString(model.technique);
    case MetricColumn: {
        const auto metric = core::parseMetric(model.metric);
        return metric ? metricTitle(*metric) : QString::fromStdString(model.metric);
    }
    case ParametersColumn:
        return parametersCell(model);
    case SelectionColumn:
        return selectionCell(model);
    case ScoresColumn:
        return scoresCell(model);
    case CreatedColumn:
        // ISO 8601 as stored; minutes are enough: "2026-11-26T10:11:05Z" → "2026-11-26 10:11".
        return QString::fromStdString(model.created)
            .left(16)
            .replace(QLatin1Char('T'), QLatin1Char(' '));
    default:
        return {};
    }
}

QString StoredModelTable::toolTip(const core::StoredModel& model, int column) const
{
    switch (column) {
    case NameColumn:
        return shownToolTip();
    case TechniqueColumn:
        return techniqueTitle(model.technique);
    case ParametersColumn:
        return parametersCell(model); // the whole list where the column cuts it short
    case SelectionColumn:
        return tr("The data it was trained on: dataset, split and filter (iolens-cli train "
                  "--split, --where). On the shown dataset the window cross-validates it on that "
                  "part.");
    case ScoresColumn:
        return tr("Its fit on the rows it was trained on, on the scale it was fitted on (the "
                  "logarithm of the metric unless log_response=0)");
    case CreatedColumn:
        return tr("When it was stored, in UTC");
    default:
        return {};
    }
}

} // namespace iolens::ui

#include "moc_stored_model_table.cpp"

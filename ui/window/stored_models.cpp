// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/stored_models.hpp"

#include "common/metric_text.hpp"
#include "models/trained_model.hpp"
#include "workflow/model_training.hpp"

#include <QCoreApplication>

#include <algorithm>

namespace iolens::ui {

QStringList missingStoredModels(core::MeasurementDatabase& db, const StoredModelChoice& choice)
{
    QStringList missing;
    if (!choice.all)
        for (const QString& name : choice.names)
            if (!db.model(name.toStdString()))
                missing << name;
    return missing;
}

QStringList addStoredModels(ModelController& models, core::MeasurementDatabase& db,
    const StoredModelChoice& choice, const std::string& openDataset)
{
    QStringList problems;
    for (const core::StoredModel& stored : db.models()) {
        const QString name = QString::fromStdString(stored.name);
        if (!choice.shows(name))
            continue;
        std::optional<core::TrainedModel> model;
        try {
            model = core::TrainedModel::fromJson(nlohmann::json::parse(stored.serialized));
        } catch (const std::exception& e) {
            problems << QCoreApplication::translate(
                "iolens::ui::StoredModels", "Stored model %1 cannot be loaded: %2")
                            .arg(name, QString::fromUtf8(e.what()));
            continue;
        }
        if (coreMetricIndex(model->metric()) >= core::kCoreMetrics.size()) {
            problems << QCoreApplication::translate("iolens::ui::StoredModels",
                "Stored model %1 predicts %2, which the window has no column for.")
                            .arg(name, metricTitle(model->metric()));
            continue;
        }
        const auto& own = models.techniques();
        const bool taken = std::find(own.begin(), own.end(), stored.name) != own.end();
        const QString label = taken
            ? QCoreApplication::translate("iolens::ui::StoredModels", "%1 (stored)").arg(name)
            : name;
        // Trained on a part of the open dataset: scored on that part, as `evaluate` scores it.
        // A model of another dataset keeps the open data, the only data the window has.
        TrainingSelection selection;
        if (stored.dataset.empty() || stored.dataset == openDataset) {
            try {
                const core::TrainRequest trained = core::storedTrainRequest(stored);
                selection = {trained.split, trained.where};
            } catch (const std::exception&) {
                // Unreadable scores: the model was loaded above, so it is scored on every row.
            }
        }
        if (models.addModel(label, std::move(*model), ModelOrigin::Stored, selection) < 0)
            problems << QCoreApplication::translate(
                "iolens::ui::StoredModels", "Stored model %1 cannot be shown: its name is taken.")
                            .arg(name);
    }
    return problems;
}

QString saveWindowModel(
    const Document& document, const core::TrainedModel& model, const QString& label)
{
    const QString name = label + QLatin1Char(' ')
        + QString::fromStdString(std::string(core::metricName(model.metric())));
    if (document.readOnly())
        return QCoreApplication::translate("iolens::ui::StoredModels",
            "%1 is not saved: this database is read-only or an example (File > Save as keeps a "
            "copy you can change).")
            .arg(name);
    core::TrainRequest request;
    request.technique = model.regressor().technique();
    request.metric = model.metric();
    request.params = model.parameters();
    if (!document.dataset.empty())
        request.dataset = document.dataset;
    try {
        core::storeModel(*document.database, model, name.toStdString(), request);
    } catch (const std::exception& e) {
        return QCoreApplication::translate("iolens::ui::StoredModels", "%1 is not saved: %2")
            .arg(name, QString::fromUtf8(e.what()));
    }
    return QCoreApplication::translate("iolens::ui::StoredModels", "%1 saved in %2.")
        .arg(name, document.name);
}

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "evidence/evidence_models.hpp"

#include "evidence/evidence_hashes.hpp"
#include "prediction/model_controller.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace iolens::ui {

namespace {

QString qstr(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

QJsonObject parametersJson(const core::TrainedModel& model)
{
    QJsonObject parameters;
    for (const auto& [name, value] : model.parameters())
        parameters.insert(qstr(name), value);
    return parameters;
}

QJsonObject scoresJson(const MetricValidation& validation)
{
    QJsonObject scores;
    switch (validation.state) {
    case MetricValidation::State::Waiting:
        // The pack was written while the cross-validation still ran: say so rather than guess.
        scores.insert(QStringLiteral("state"), QStringLiteral("waiting"));
        return scores;
    case MetricValidation::State::Failed:
        scores.insert(QStringLiteral("state"), QStringLiteral("failed"));
        scores.insert(QStringLiteral("error"), qstr(validation.error));
        return scores;
    case MetricValidation::State::Done:
        break;
    }
    scores.insert(QStringLiteral("state"), QStringLiteral("done"));
    if (!validation.result)
        return scores;
    const core::ModelEvaluation& e = validation.result->evaluation;
    scores.insert(QStringLiteral("folds"), ModelController::kFolds);
    scores.insert(QStringLiteral("seed"), static_cast<qint64>(ModelController::kSeed));
    scores.insert(QStringLiteral("cost"), validation.result->cost);
    scores.insert(QStringLiteral("r_squared"), e.rSquared);
    scores.insert(QStringLiteral("rmse"), e.rmse);
    scores.insert(QStringLiteral("mean_relative_error"), e.meanRelativeError);
    scores.insert(QStringLiteral("p50_relative_error"), e.p50);
    scores.insert(QStringLiteral("p90_relative_error"), e.p90);
    scores.insert(QStringLiteral("p99_relative_error"), e.p99);
    scores.insert(QStringLiteral("scored_configurations"), static_cast<int>(e.configs.size()));
    scores.insert(QStringLiteral("excluded_by_rule"), e.excludedByRule);
    scores.insert(QStringLiteral("not_predicted"), e.notPredicted);
    return scores;
}

QJsonObject modelJson(const ModelEntry& entry, const core::TrainedModel& model,
    const MetricValidation& validation, const QString& file, const QString& sha256)
{
    QJsonObject json;
    json.insert(QStringLiteral("label"), entry.label);
    json.insert(QStringLiteral("technique"), qstr(entry.technique));
    // Written in English whatever the window's language: scripts read this field.
    json.insert(QStringLiteral("origin"),
        entry.origin == ModelOrigin::Optimized    ? QStringLiteral("optimized")
            : entry.origin == ModelOrigin::Stored ? QStringLiteral("stored")
                                                  : QStringLiteral("default"));
    json.insert(QStringLiteral("metric"), qstr(core::metricName(model.metric())));
    json.insert(QStringLiteral("parameters"), parametersJson(model));
    json.insert(QStringLiteral("training_rows"), model.report().rows);
    json.insert(QStringLiteral("training_rmse"), model.report().trainingRmse);
    json.insert(QStringLiteral("cross_validation"), scoresJson(validation));
    json.insert(QStringLiteral("serialized"), file);
    json.insert(QStringLiteral("serialized_sha256"), sha256);
    return json;
}

} // namespace

QString fileSafeName(const QString& label)
{
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9_.]+"));
    QString name = label;
    name.replace(unsafe, QStringLiteral("-"));
    while (name.endsWith(QLatin1Char('-')))
        name.chop(1);
    while (name.startsWith(QLatin1Char('-')))
        name.remove(0, 1);
    return name.isEmpty() ? QStringLiteral("model") : name;
}

ModelsEvidence modelsEvidence(const ModelController& models)
{
    ModelsEvidence evidence;
    QJsonArray trained;
    QJsonArray failed;
    for (const ModelEntry& entry : models.entries()) {
        for (std::size_t i = 0; i < core::kCoreMetrics.size(); ++i) {
            const core::Metric metric = core::kCoreMetrics[i];
            const MetricModel* found = entry.models.find(metric);
            if (!found)
                continue; // an added entry answers for some metrics only
            if (!found->model) {
                failed.append(QJsonObject {{QStringLiteral("label"), entry.label},
                    {QStringLiteral("metric"), qstr(core::metricName(metric))},
                    {QStringLiteral("error"), qstr(found->error)}});
                continue;
            }
            const std::string text = found->model->toJson().dump();
            EvidenceFile file {QStringLiteral("models/%1.%2.json")
                                   .arg(fileSafeName(entry.label), qstr(core::metricName(metric))),
                QByteArray::fromStdString(text)};
            trained.append(modelJson(
                entry, *found->model, entry.validation[i], file.name, sha256Hex(file.bytes)));
            evidence.serialized.push_back(std::move(file));
        }
    }
    evidence.modelCount = static_cast<int>(trained.size());
    const QJsonObject root {{QStringLiteral("models"), trained}, {QStringLiteral("failed"), failed},
        {QStringLiteral("training_seconds"), models.trainingSeconds()}};
    evidence.summary
        = {QStringLiteral("models.json"), QJsonDocument(root).toJson(QJsonDocument::Indented)};
    return evidence;
}

} // namespace iolens::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "workflow/model_file.hpp"

#include "common/error.hpp"
#include "common/json_text.hpp"
#include "data/measurement_csv.hpp"
#include "models/trained_model.hpp"
#include "workflow/model_training.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace iolens::core {

namespace {

constexpr const char* kFormat = "iolens-model-file";

/// A stored JSON text as JSON; a corrupt one is the database's problem, named as such.
nlohmann::json storedJson(const std::string& text, const std::string& what)
{
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw DataError("stored model: " + what + " is not JSON: " + e.what());
    }
}

/// json[key] as a string, or DataError naming the file and the field.
std::string textField(const nlohmann::json& json, const char* key, const std::string& path,
    const std::string& where = {})
{
    const auto it = json.find(key);
    if (it == json.end() || !it->is_string())
        throw DataError(path + ": field '" + where + key + "' is missing or not a string");
    return it->get<std::string>();
}

const nlohmann::json& objectField(
    const nlohmann::json& json, const char* key, const std::string& path)
{
    const auto it = json.find(key);
    if (it == json.end() || !it->is_object())
        throw DataError(path + ": field '" + key + "' is missing or not an object");
    return *it;
}

// The first parameter the file's description gives otherwise than the model holds, as
// "field 'parameters.degree': 9, the model has 2"; empty where they agree.
std::string parameterDisagreement(const nlohmann::json& described, const ParamValues& own)
{
    for (const auto& [key, value] : described.items()) {
        const auto it = own.find(key);
        const std::string field = "field 'parameters." + key + "': " + value.dump();
        if (it == own.end())
            return field + ", the model has no such parameter";
        if (!value.is_number())
            return field + " is not a number";
        const double given = value.get<double>();
        if (!(std::abs(given - it->second) <= 1e-9 * std::max(1.0, std::abs(it->second))))
            return field + ", the model has " + formatNumber(it->second);
    }
    return {};
}

} // namespace

std::string modelFileText(const ModelFile& file)
{
    const StoredModel& s = file.stored;
    const nlohmann::json scores = storedJson(s.scores, "scores");
    nlohmann::json training = {{"dataset", s.dataset}, {"split", scores.value("split", "")},
        {"where", scores.value("where", "")}, {"rows", scores.value("rows", 0)},
        {"data_sha256",
            file.dataSha256.empty() ? nlohmann::json() : nlohmann::json(file.dataSha256)}};
    const nlohmann::json json = {{"format", kFormat}, {"version", kModelFileVersion},
        {"name", s.name}, {"technique", s.technique}, {"metric", s.metric},
        {"parameters", storedJson(s.parameters, "parameters")}, {"training", training},
        {"scores", scores}, {"created", s.created},
        {"model", storedJson(s.serialized, "the serialized model")}};
    // nlohmann writes the shortest text that reads back as the same double.
    return json.dump(2) + "\n";
}

ModelFile parseModelFile(std::string_view text, const std::string& path)
{
    const nlohmann::json json = parseJsonText(text, path);
    if (!json.is_object())
        throw DataError(path + ": not a JSON object");
    if (textField(json, "format", path) != kFormat)
        throw DataError(path + ": field 'format' is not \"" + kFormat + "\"");
    const auto version = json.find("version");
    if (version == json.end() || !version->is_number_integer())
        throw DataError(path + ": field 'version' is missing or not an integer");
    if (version->get<int>() > kModelFileVersion)
        throw DataError(path + ": format version " + std::to_string(version->get<int>())
            + " is newer than this build understands (" + std::to_string(kModelFileVersion) + ")");
    ModelFile file;
    StoredModel& s = file.stored;
    s.name = textField(json, "name", path);
    s.technique = textField(json, "technique", path);
    s.metric = textField(json, "metric", path);
    s.created = textField(json, "created", path);
    s.parameters = objectField(json, "parameters", path).dump();
    s.scores = objectField(json, "scores", path).dump();
    const nlohmann::json& training = objectField(json, "training", path);
    s.dataset = textField(training, "dataset", path, "training.");
    if (const auto hash = training.find("data_sha256"); hash != training.end() && hash->is_string())
        file.dataSha256 = hash->get<std::string>();
    const nlohmann::json& model = objectField(json, "model", path);
    // The model must load here, or the database would keep a model nobody can use.
    std::string disagreement;
    try {
        const TrainedModel loaded = TrainedModel::fromJson(model);
        if (loaded.regressor().technique() != s.technique)
            throw DataError("field 'technique' says " + s.technique + ", the model is "
                + loaded.regressor().technique());
        if (metricName(loaded.metric()) != s.metric)
            throw DataError("field 'metric' says " + s.metric + ", the model predicts "
                + std::string(metricName(loaded.metric())));
        disagreement
            = parameterDisagreement(objectField(json, "parameters", path), loaded.parameters());
    } catch (const Error& e) {
        throw DataError(path + ": field 'model': " + e.what());
    }
    // `info` and `describe` show these; a file edited to say degree 9 of a degree-2 model was
    // stored as it said.
    if (!disagreement.empty())
        throw DataError(path + ": " + disagreement);
    s.serialized = model.dump();
    return file;
}

std::string trainingDataText(const std::vector<AggregatedMeasurement>& rows, Metric metric)
{
    std::vector<std::string> header = configurationColumns();
    header.emplace_back(metricName(metric));
    std::string text = formatCsvLine(header);
    for (const AggregatedMeasurement& row : rows)
        if (const auto value = row.value(metric)) {
            std::vector<std::string> fields = configurationFields(row.config);
            fields.push_back(formatNumber(*value));
            text += formatCsvLine(fields);
        }
    return text;
}

void importModelFile(MeasurementDatabase& db, const ModelFile& file, const std::string& name)
{
    if (name.empty())
        throw ConfigError("model import: the model needs a name");
    if (db.model(name))
        throw ConfigError(db.path() + ": a model named '" + name
            + "' exists already; choose another with --name");
    StoredModel stored = file.stored;
    stored.id = 0;
    stored.name = name;
    // The training selection travels in the scores: the dataset it names may not exist here,
    // and then the model is stored without one (its selection is not this database's data).
    nlohmann::json scores = storedJson(stored.scores, "scores");
    scores["imported"] = true;
    scores["training_dataset"] = stored.dataset;
    scores["data_sha256"]
        = file.dataSha256.empty() ? nlohmann::json() : nlohmann::json(file.dataSha256);
    stored.scores = scores.dump();
    if (!db.dataset(stored.dataset))
        stored.dataset.clear();
    db.saveModel(stored);
}

ModelFile exportModelFile(MeasurementDatabase& db, const std::string& name, const Sha256Hex& sha256)
{
    const StoredModel stored = storedModelNamed(db, name);
    const TrainRequest request = storedTrainRequest(stored);
    std::vector<AggregatedMeasurement> rows;
    try {
        rows = selectMeasurements(db, request);
    } catch (const InputError&) {
        return {stored, {}};
    }
    return {stored, sha256(trainingDataText(rows, request.metric))};
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/test_data.hpp"

#include "data/measurement_csv.hpp"
#include "models/regressor_registry.hpp"
#include "support/build_paths.hpp"
#include "workflow/model_training.hpp"

#include <QDir>
#include <QFile>

#include <cmath>
#include <cstdio>
#include <sstream>

namespace iolens::test {

using namespace iolens::core;

std::string hexNumber(double value)
{
    if (std::isnan(value))
        return "NA";
    char text[40];
    std::snprintf(text, sizeof text, "%a", value);
    return text;
}

std::string datasetCsv(
    const FeatureSchema& schema, const Eigen::MatrixXd& x, const Eigen::VectorXd* y)
{
    std::ostringstream out;
    for (std::size_t j = 0; j < schema.size(); ++j)
        out << (j ? "," : "") << schema.columns()[j].name();
    out << (y ? ",y\n" : "\n");
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        for (std::size_t j = 0; j < schema.size(); ++j) {
            const FeatureColumn& column = schema.columns()[j];
            const double v = x(i, static_cast<Eigen::Index>(j));
            out << (j ? "," : "")
                << (column.categorical() && !std::isnan(v)
                           ? column.levels[static_cast<std::size_t>(v)]
                           : hexNumber(v));
        }
        out << (y ? "," + hexNumber((*y)(i)) : std::string()) << "\n";
    }
    return out.str();
}

Dataset datasetFromConfigurations(
    const std::vector<Configuration>& configs, const Eigen::VectorXd& y)
{
    Dataset data;
    data.configs = configs;
    data.schema = FeatureSchema::fromConfigurations(configs);
    data.x = data.schema.encode(configs);
    data.y = y;
    return data;
}

std::string sourcePath(const std::string& relative)
{
    return sourceDirectory().toStdString() + "/" + relative;
}

std::string tieredCsvPath()
{
    return sourcePath("resources/data/fio-tiered-grid.csv");
}
std::vector<AggregatedMeasurement> tieredRows()
{
    return aggregateRepetitions(readMeasurementsCsv(tieredCsvPath()));
}

MeasurementDatabase tieredDatabase()
{
    auto db = MeasurementDatabase::inMemory();
    db.importMeasurements(readMeasurementsCsv(tieredCsvPath()), {"tiered", "", "", std::nullopt});
    return db;
}

std::string localCsvPath()
{
    return sourcePath("resources/data/fio-local-grid.csv");
}

std::string writeFile(const QString& directory, const QString& name, const std::string& content)
{
    const QString path = QDir(directory).filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write test file %s", qPrintable(path));
    file.write(content.data(), static_cast<qint64>(content.size()));
    return path.toStdString();
}

QString storedModelsDatabase(const QString& directory)
{
    const QString path = QDir(directory).filePath(QStringLiteral("stored-models.sqlite"));
    auto db = MeasurementDatabase::openOrCreate(path.toStdString());
    db.importMeasurements(readMeasurementsCsv(tieredCsvPath()), {"tiered", "", "", std::nullopt});
    TrainRequest small;
    small.technique = "cart";
    small.metric = Metric::RtReadMs;
    small.dataset = "tiered";
    small.split = "grid";
    small.where = "request_kib<=16";
    storeModel(db, trainModel(db, small), "cart-small", small);
    TrainRequest all;
    all.technique = "lm";
    all.metric = Metric::TpWriteMbs;
    storeModel(db, trainModel(db, all), "lm-all", all);
    return path;
}

iolens::core::TrainedModel trainCart(const std::vector<iolens::core::AggregatedMeasurement>& rows,
    iolens::core::Metric metric, double cp)
{
    auto regressor = iolens::core::createRegressor("cart");
    regressor->setParameters({{"cp", cp}});
    iolens::core::TrainingOptions options;
    options.metric = metric;
    return iolens::core::TrainedModel::train(std::move(regressor), rows, options);
}

} // namespace iolens::test

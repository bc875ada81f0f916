// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"

#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "embedded_resources.hpp"

#include <QFile>

namespace iolens::ui {

namespace {

struct ExampleInfo {
    const char* key;
    const char* dataset;
    const char* description; ///< stored in the database, so English like the CLI's
    const char* system;
};

const ExampleInfo& info(Example example)
{
    static const ExampleInfo tiered {"tiered", "fio-tiered",
        "Real fio 3.33 measurements (2026-11-22): grid and repetitions, 16 psync threads",
        "1 GiB page cache in front of a throttled array (120 MiB/s, 1500 IOPS), ext4 on loop"};
    static const ExampleInfo local {"local", "fio-local",
        "Real fio 3.33 measurements (2026-11-22): full-factorial grid and repetitions, 16 psync "
        "threads, direct I/O",
        "fast virtual disk: loop device with direct I/O on a virtio disk, ext4"};
    return example == Example::Tiered ? tiered : local;
}

QString resourcePath(Example example)
{
    return example == Example::Tiered ? resources::tieredCsvPath() : resources::localCsvPath();
}

} // namespace

QString exampleKey(Example example)
{
    return QString::fromLatin1(info(example).key);
}

std::optional<Example> parseExample(const QString& key)
{
    const QString wanted = key.trimmed().toLower();
    for (Example example : kAllExamples)
        if (wanted == exampleKey(example) || wanted == exampleDatasetName(example))
            return example;
    return std::nullopt;
}

QString exampleDatasetName(Example example)
{
    return QString::fromLatin1(info(example).dataset);
}

core::MeasurementDatabase loadExampleDatabase(Example example)
{
    resources::initialize();
    const QString path = resourcePath(example);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw core::DataError(path.toStdString() + ": embedded example is missing from the build");
    const QByteArray text = file.readAll();
    const auto measurements = core::measurementsFromCsv(
        core::parseCsv(std::string_view(text.constData(), static_cast<std::size_t>(text.size())),
            path.toStdString()));
    auto db = core::MeasurementDatabase::inMemory();
    const ExampleInfo& meta = info(example);
    db.importMeasurements(measurements, {meta.dataset, meta.description, meta.system, {}});
    return db;
}

} // namespace iolens::ui

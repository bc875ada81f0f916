// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/measurement_csv.hpp"
#include "document/example_database.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;

class TestExampleDatabase : public QObject {
    Q_OBJECT
private slots:
    void load_importsEveryRunUnderItsDatasetName_data()
    {
        QTest::addColumn<Example>("example");
        QTest::addColumn<QString>("dataset");
        QTest::addColumn<int>("runs");
        QTest::addColumn<QString>("sourceCsv");
        QTest::newRow("tiered") << Example::Tiered << QStringLiteral("fio-tiered") << 130
                                << QString::fromStdString(iolens::test::tieredCsvPath());
        QTest::newRow("local") << Example::Local << QStringLiteral("fio-local") << 345
                               << QString::fromStdString(iolens::test::localCsvPath());
    }
    void load_importsEveryRunUnderItsDatasetName()
    {
        QFETCH(Example, example);
        QFETCH(QString, dataset);
        QFETCH(int, runs);
        QFETCH(QString, sourceCsv);
        auto db = loadExampleDatabase(example);
        const auto datasets = db.datasets();
        QCOMPARE(datasets.size(), std::size_t {1});
        QCOMPARE(QString::fromStdString(datasets.front().name), dataset);
        QCOMPARE(datasets.front().measurementCount, runs);
        QCOMPARE(db.path(), std::string(":memory:"));
        // The embedded copy is the file in resources/data, run for run.
        const auto embedded = db.measurements();
        const auto original = iolens::core::readMeasurementsCsv(sourceCsv.toStdString());
        QCOMPARE(embedded.size(), original.size());
        for (std::size_t i = 0; i < original.size(); ++i) {
            QVERIFY(embedded[i].config == original[i].config);
            QVERIFY(embedded[i].metrics == original[i].metrics);
        }
    }

    void parseExample_acceptsKeysAndDatasetNames()
    {
        QCOMPARE(parseExample(QStringLiteral("tiered")), std::optional(Example::Tiered));
        QCOMPARE(parseExample(QStringLiteral("fio-local")), std::optional(Example::Local));
        QCOMPARE(parseExample(QStringLiteral(" Local ")), std::optional(Example::Local));
        QVERIFY(!parseExample(QStringLiteral("nvme")));
        for (Example example : kAllExamples)
            QCOMPARE(parseExample(exampleKey(example)), std::optional(example));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestExampleDatabase)
#include "test_example_database.moc"

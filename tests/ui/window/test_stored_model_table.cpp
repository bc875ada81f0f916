// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/stored_model_table.hpp"

#include "common/metric_text.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::ui;
using iolens::core::MeasurementDatabase;
using iolens::core::Metric;
using iolens::core::StoredModel;

namespace {

// The models of iolens::test::storedModelsDatabase, in the database's order.
std::vector<StoredModel> storedTableModels()
{
    QTemporaryDir dir;
    auto db = MeasurementDatabase::open(
        iolens::test::storedModelsDatabase(dir.path()).toStdString(), true);
    return db.models();
}

QString cellText(const StoredModelTable& table, int row, int column)
{
    return table.data(table.index(row, column)).toString();
}

} // namespace

class TestStoredModelTable : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    // Each stored model is a row with what it is, what it was trained on and how well it fits.
    void storedModel_isListedWithItsFields()
    {
        const StoredModelTable table(storedTableModels(), {});
        QCOMPARE(table.rowCount(), 2);
        QCOMPARE(table.columnCount(), int(StoredModelTable::ColumnCount));
        QCOMPARE(table.name(0), QStringLiteral("cart-small"));
        QCOMPARE(cellText(table, 0, StoredModelTable::NameColumn), QStringLiteral("cart-small"));
        QCOMPARE(cellText(table, 0, StoredModelTable::TechniqueColumn), QStringLiteral("cart"));
        QCOMPARE(cellText(table, 0, StoredModelTable::MetricColumn), metricTitle(Metric::RtReadMs));
        const QString parameters = cellText(table, 0, StoredModelTable::ParametersColumn);
        QVERIFY2(
            parameters.contains(QStringLiteral(" cp=0.01")), qPrintable(parameters)); // defaults
        QCOMPARE(cellText(table, 0, StoredModelTable::SelectionColumn),
            QStringLiteral("tiered · split grid · where request_kib<=16"));
        const QString scores = cellText(table, 0, StoredModelTable::ScoresColumn);
        QVERIFY2(
            QRegularExpression(QStringLiteral("^R² -?\\d\\.\\d{3} · RMSE [0-9.]+ · \\d+ rows$"))
                .match(scores)
                .hasMatch(),
            qPrintable(scores));
        const QString created = cellText(table, 0, StoredModelTable::CreatedColumn);
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d$"))
                     .match(created)
                     .hasMatch(),
            qPrintable(created));
        // Trained without a dataset, split or filter: on everything.
        QCOMPARE(
            cellText(table, 1, StoredModelTable::SelectionColumn), QStringLiteral("every dataset"));
        QCOMPARE(
            cellText(table, 1, StoredModelTable::MetricColumn), metricTitle(Metric::TpWriteMbs));
        QCOMPARE(table.headerData(StoredModelTable::SelectionColumn, Qt::Horizontal).toString(),
            QStringLiteral("Trained on"));
    }

    // The tick is the name column's only; it starts as the window's choice says.
    void ticks_followTheChoiceAndAreTheOnlyEditableCells()
    {
        StoredModelChoice choice;
        choice.hidden = {QStringLiteral("lm-all")};
        StoredModelTable table(storedTableModels(), choice);
        QVERIFY(table.isShown(0));
        QVERIFY(!table.isShown(1));
        QCOMPARE(
            table.data(table.index(1, StoredModelTable::NameColumn), Qt::CheckStateRole).toInt(),
            int(Qt::Unchecked));
        QVERIFY(
            table.flags(table.index(0, StoredModelTable::NameColumn)) & Qt::ItemIsUserCheckable);
        QVERIFY(!(
            table.flags(table.index(0, StoredModelTable::MetricColumn)) & Qt::ItemIsUserCheckable));
        QVERIFY(!table.setData(
            table.index(0, StoredModelTable::MetricColumn), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(table.hiddenNames(), QStringList {QStringLiteral("lm-all")});
    }

    void unticking_hidesTheModelAndSignalsOnce()
    {
        StoredModelTable table(storedTableModels(), {});
        QSignalSpy changed(&table, &QAbstractItemModel::dataChanged);
        QVERIFY(table.setData(
            table.index(0, StoredModelTable::NameColumn), Qt::Unchecked, Qt::CheckStateRole));
        table.setShown(0, false); // no change: no signal
        QCOMPARE(changed.count(), 1);
        QCOMPARE(table.hiddenNames(), QStringList {QStringLiteral("cart-small")});
        table.setAllShown(false);
        QCOMPARE(table.hiddenNames(),
            (QStringList {QStringLiteral("cart-small"), QStringLiteral("lm-all")}));
        table.setAllShown(true);
        QVERIFY(table.hiddenNames().isEmpty());
    }

    // A row written by hand or by a damaged tool is still listed, with what can be read of it.
    void unreadableRow_isListedAsStored()
    {
        StoredModel odd;
        odd.name = "odd";
        odd.technique = "future-technique";
        odd.metric = "latency_p42";
        odd.parameters = "not json";
        odd.scores = "[1, 2]";
        odd.created = "2026-11-26T10:11:05Z";
        const StoredModelTable table({odd}, {});
        QCOMPARE(cellText(table, 0, StoredModelTable::MetricColumn), QStringLiteral("latency_p42"));
        QCOMPARE(
            cellText(table, 0, StoredModelTable::ParametersColumn), QStringLiteral("not json"));
        QCOMPARE(
            cellText(table, 0, StoredModelTable::SelectionColumn), QStringLiteral("every dataset"));
        QVERIFY(cellText(table, 0, StoredModelTable::ScoresColumn).isEmpty());
        QCOMPARE(cellText(table, 0, StoredModelTable::CreatedColumn),
            QStringLiteral("2026-11-26 10:11"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestStoredModelTable)
#include "test_stored_model_table.moc"

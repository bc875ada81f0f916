// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "support/test_registry.hpp"
#include "table/measurement_filter_proxy.hpp"
#include "table/measurement_table_model.hpp"

#include <QTest>

#include <algorithm>
#include <functional>

using namespace iolens::ui;

namespace {

int countRows(const MeasurementTableModel& model,
    const std::function<bool(const iolens::core::Configuration&)>& keep)
{
    int count = 0;
    for (int row = 0; row < model.rowCount(); ++row)
        count += keep(model.row(row).config) ? 1 : 0;
    return count;
}

} // namespace

class TestMeasurementFilterProxy : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale::c());
        m_model.setMeasurements(loadExampleDatabase(Example::Local).measurements());
        m_proxy.setSourceModel(&m_model);
    }
    void init() { m_proxy.setFilterText({}); }

    void filter_everyWordMustMatchSomeColumn()
    {
        QCOMPARE(m_proxy.rowCount(), 300);
        m_proxy.setFilterText(QStringLiteral("bfq"));
        QCOMPARE(m_proxy.rowCount(),
            countRows(m_model, [](const auto& c) { return c.scheduler == "bfq"; }));
        QCOMPARE(m_proxy.rowCount(), 150);
        m_proxy.setFilterText(QStringLiteral("  BFQ   sequential "));
        QCOMPARE(m_proxy.rowCount(), countRows(m_model, [](const auto& c) {
            return c.scheduler == "bfq" && c.pattern == iolens::core::Pattern::Sequential;
        }));
        QCOMPARE(m_proxy.rowCount(), 75);
        m_proxy.setFilterText(QStringLiteral("bfq nvme"));
        QCOMPARE(m_proxy.rowCount(), 0);
        m_proxy.setFilterText(QStringLiteral("repeat"));
        int repeated = 0;
        for (int row = 0; row < m_model.rowCount(); ++row)
            repeated += m_model.row(row).split == "repeat" ? 1 : 0;
        QVERIFY(repeated > 0);
        QCOMPARE(m_proxy.rowCount(), repeated);
    }

    void sort_isNumericWithNotApplicableLast()
    {
        const int column = MeasurementTableModel::FirstMetricColumn; // read response time
        m_proxy.sort(column, Qt::AscendingOrder);
        double previous = -1.0;
        bool seenNotApplicable = false;
        for (int row = 0; row < m_proxy.rowCount(); ++row) {
            const QVariant key = m_proxy.index(row, column).data(MeasurementTableModel::kSortRole);
            if (!key.isValid()) {
                seenNotApplicable = true;
                continue;
            }
            QVERIFY2(!seenNotApplicable, "a number after n/a");
            QVERIFY(key.toDouble() >= previous);
            previous = key.toDouble();
        }
        QVERIFY(seenNotApplicable); // 0 % reads have no read response time
        // By request size: 4 KiB before 16 KiB before 64 KiB (text order would put 16 first).
        m_proxy.sort(MeasurementTableModel::RequestColumn, Qt::AscendingOrder);
        QCOMPARE(m_proxy.index(0, MeasurementTableModel::RequestColumn).data().toString(),
            QStringLiteral("4 KiB"));
        m_proxy.sort(-1);
    }

    // Every column both ways: keys in order, "n/a" last, ties in the table's order (a stable
    // sort). Numeric columns take the proxy's path without QVariants, labels the QVariant one.
    void sort_everyColumnBothWays_keysInOrderNotApplicableLastTiesStable()
    {
        for (int column = 0; column < MeasurementTableModel::ColumnCount; ++column)
            for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                m_proxy.sort(-1); // back to the table's order, which ties must keep
                m_proxy.sort(column, order);
                QCOMPARE(m_proxy.rowCount(), m_model.rowCount());
                const QString where
                    = QStringLiteral("column %1, %2")
                          .arg(column)
                          .arg(order == Qt::AscendingOrder ? "ascending" : "descending");
                QVariant previous;
                int previousSource = -1;
                bool seenNotApplicable = false;
                for (int row = 0; row < m_proxy.rowCount(); ++row) {
                    const QModelIndex index = m_proxy.index(row, column);
                    const int source = m_proxy.mapToSource(index).row();
                    const QVariant key = index.data(MeasurementTableModel::kSortRole);
                    if (!key.isValid()) {
                        seenNotApplicable = true;
                        continue;
                    }
                    QVERIFY2(!seenNotApplicable, qPrintable(where + ": a key after n/a"));
                    if (previous.isValid()) {
                        const auto cmp = QVariant::compare(previous, key);
                        const bool inOrder = order == Qt::AscendingOrder
                            ? cmp != QPartialOrdering::Greater
                            : cmp != QPartialOrdering::Less;
                        QVERIFY2(inOrder, qPrintable(where + QStringLiteral(": row %1").arg(row)));
                        if (cmp == QPartialOrdering::Equivalent)
                            QVERIFY2(source > previousSource, qPrintable(where + ": a tie moved"));
                    }
                    previous = key;
                    previousSource = source;
                }
            }
        m_proxy.sort(-1);
    }

private:
    MeasurementTableModel m_model;
    MeasurementFilterProxy m_proxy;
};

IOLENS_TEST_GUILESS_MAIN(TestMeasurementFilterProxy)
#include "test_measurement_filter_proxy.moc"

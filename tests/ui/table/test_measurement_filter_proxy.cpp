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

private:
    MeasurementTableModel m_model;
    MeasurementFilterProxy m_proxy;
};

IOLENS_TEST_GUILESS_MAIN(TestMeasurementFilterProxy)
#include "test_measurement_filter_proxy.moc"

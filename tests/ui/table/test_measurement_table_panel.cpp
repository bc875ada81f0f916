// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "support/test_registry.hpp"
#include "table/measurement_filter_proxy.hpp"
#include "table/measurement_table_model.hpp"
#include "table/measurement_table_panel.hpp"

#include <QHeaderView>
#include <QLineEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <algorithm>

using namespace iolens::ui;

class TestMeasurementTablePanel : public QObject {
    Q_OBJECT
private slots:
    void typingInTheFilterNarrowsTheView()
    {
        MeasurementTablePanel panel;
        panel.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        QCOMPARE(panel.view()->model()->rowCount(), 106);
        QTest::keyClicks(panel.filterEdit(), QStringLiteral("none random"));
        const int shown = panel.view()->model()->rowCount();
        QVERIFY(shown > 0 && shown < 106);
        for (int row = 0; row < shown; ++row) {
            const QModelIndex index
                = panel.proxy()->mapToSource(panel.view()->model()->index(row, 0));
            const auto& config = panel.tableModel()->row(index.row()).config;
            QCOMPARE(config.scheduler, std::string("none"));
            QCOMPARE(config.pattern, iolens::core::Pattern::Random);
        }
    }

    void selectingARowAsksForItsConfiguration()
    {
        MeasurementTablePanel panel;
        panel.setMeasurements(loadExampleDatabase(Example::Local).measurements());
        QSignalSpy selected(&panel, &MeasurementTablePanel::configurationSelected);
        panel.view()->selectRow(7);
        QCOMPARE(selected.count(), 1);
        const auto config = selected.front().front().value<iolens::core::Configuration>();
        const QModelIndex source = panel.proxy()->mapToSource(panel.view()->model()->index(7, 0));
        QVERIFY(config == panel.tableModel()->row(source.row()).config);
    }

    void filtering_reportsTheConfigurationsShown()
    {
        MeasurementTablePanel panel;
        QSignalSpy shown(&panel, &MeasurementTablePanel::shownConfigurationsChanged);
        panel.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        QVERIFY(!shown.isEmpty());
        QTest::keyClicks(panel.filterEdit(), QStringLiteral("bfq sequential"));
        const auto configs = shown.last().at(0).value<std::vector<iolens::core::Configuration>>();
        QCOMPARE(static_cast<int>(configs.size()), panel.view()->model()->rowCount());
        QVERIFY(!configs.empty());
        for (const auto& config : configs) {
            QCOMPARE(config.scheduler, std::string("bfq"));
            QCOMPARE(config.pattern, iolens::core::Pattern::Sequential);
        }
        QVERIFY(configs == panel.shownConfigurations());
        // The list is in configuration order, so sorting the view leaves it as it is.
        QVERIFY(std::is_sorted(configs.begin(), configs.end()));
        panel.view()->sortByColumn(MeasurementTableModel::FirstMetricColumn, Qt::DescendingOrder);
        QVERIFY(panel.shownConfigurations() == configs);
        panel.view()->sortByColumn(-1, Qt::AscendingOrder);
        // A filter that removes rows in many separate ranges reports the result once.
        shown.clear();
        panel.filterEdit()->setText(QStringLiteral("random"));
        QCOMPARE(shown.count(), 1);
        QCOMPARE(static_cast<int>(
                     shown.last().at(0).value<std::vector<iolens::core::Configuration>>().size()),
            panel.view()->model()->rowCount());
    }

    // A wide window shows every column whole (the pictures for reports too); a narrow one
    // keeps the plot beside the table at a useful size and lets the table scroll.
    void wideWindow_showsEveryColumnWhole()
    {
        MeasurementTablePanel panel;
        panel.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        auto* side = new QWidget;
        panel.setSideView(side);
        panel.resize(1600, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTRY_COMPARE(panel.view()->horizontalScrollBar()->maximum(), 0);
        QVERIFY(side->width() >= 420);
        // The default window's width: every column still, the plot beside them legible.
        panel.resize(1280, 700);
        QTRY_COMPARE(panel.view()->horizontalScrollBar()->maximum(), 0);
        QVERIFY(side->width() >= 360);
        panel.resize(900, 700);
        QTRY_VERIFY(panel.view()->horizontalScrollBar()->maximum() > 0);
        QVERIFY(side->width() > 200);
    }

    // fio-tiered runs 16 threads on 1 VM throughout: two columns of one value, hidden, and the
    // factor headers' tooltip says so; the split label is explained in its header's tooltip.
    void constantFactors_areHiddenAndNamedInTheHeaderTooltip()
    {
        MeasurementTablePanel panel;
        panel.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        using Model = MeasurementTableModel;
        QVERIFY(panel.view()->isColumnHidden(Model::ThreadsColumn));
        QVERIFY(panel.view()->isColumnHidden(Model::VmsColumn));
        QVERIFY(!panel.view()->isColumnHidden(Model::RequestColumn));
        const QString tip
            = panel.tableModel()
                  ->headerData(Model::SchedulerColumn, Qt::Horizontal, Qt::ToolTipRole)
                  .toString();
        QVERIFY2(tip.contains(QStringLiteral("16 threads on 1 VM")), qPrintable(tip));
        const QString split = panel.tableModel()
                                  ->headerData(Model::SplitColumn, Qt::Horizontal, Qt::ToolTipRole)
                                  .toString();
        QVERIFY(split.contains(QStringLiteral("grid")) && split.contains(QStringLiteral("repeat")));

        // Runs of another thread count: the column is back.
        auto runs = loadExampleDatabase(Example::Tiered).measurements();
        runs.front().config.threads = 4;
        panel.setMeasurements(runs);
        QVERIFY(!panel.view()->isColumnHidden(Model::ThreadsColumn));
        QVERIFY(panel.view()->isColumnHidden(Model::VmsColumn));
    }

    // Presentation mode's larger font: the columns are measured again, none elided.
    void aLargerFont_remeasuresTheColumns()
    {
        MeasurementTablePanel panel;
        panel.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        panel.resize(1600, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QFont large = panel.font();
        large.setPointSizeF(large.pointSizeF() * 1.5);
        panel.setFont(large);
        QHeaderView* header = panel.view()->horizontalHeader();
        const QAbstractItemView* cells = panel.view();
        for (int column = 0; column < header->count() - 1; ++column) {
            if (header->isSectionHidden(column))
                continue;
            QTRY_VERIFY2(header->sectionSize(column) >= cells->sizeHintForColumn(column)
                    && header->sectionSize(column) >= header->sectionSizeHint(column),
                qPrintable(QString::number(column)));
        }
        QCOMPARE(panel.view()->verticalHeader()->defaultSectionSize(),
            panel.view()->fontMetrics().height() + 6);
    }
};

IOLENS_TEST_MAIN(TestMeasurementTablePanel)
#include "test_measurement_table_panel.moc"

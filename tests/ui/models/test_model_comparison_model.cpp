// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/number_format.hpp"
#include "document/example_database.hpp"
#include "models/model_comparison_model.hpp"
#include "models/regressor_registry.hpp"
#include "prediction/model_controller.hpp"
#include "store/measurement_database.hpp"
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "support/test_timeouts.hpp"
#include "validation/holdout_split.hpp"
#include "window/stored_models.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::ui;
using iolens::core::Metric;
using Model = iolens::ui::ModelComparisonModel;

namespace {

QVariant cell(const Model& model, int row, int column, int role = Qt::DisplayRole)
{
    return model.data(model.index(row, column), role);
}

// The only model of an `iolens-cli evaluate` report.
QJsonObject evaluatedModel(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonArray models = QJsonDocument::fromJson(file.readAll()).object()[u"models"].toArray();
    return models.size() == 1 ? models.first().toObject() : QJsonObject {};
}

} // namespace

class TestModelComparisonModel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale::c());
        m_runs = loadExampleDatabase(Example::Tiered).measurements();
    }

    void rows_oneForEveryModelAndMetricWaitingAtFirst()
    {
        ModelController controller({"lm", "cart"});
        Model model(&controller);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), int(Model::ColumnCount));
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        controller.setMeasurements(m_runs);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 8);
        QCOMPARE(model.rowKey(5).entry, 1);
        QCOMPARE(model.rowKey(5).metric, Metric::RtWriteMs);
        QCOMPARE(cell(model, 5, Model::TechniqueColumn).toString(), QStringLiteral("cart"));
        QCOMPARE(cell(model, 5, Model::MetricColumn).toString(), QStringLiteral("Write RT"));
        QCOMPARE(cell(model, 5, Model::OriginColumn).toString(), QStringLiteral("default"));
        QCOMPARE(cell(model, 5, Model::ParametersColumn).toString(),
            QStringLiteral("minsplit=20 cp=0.01"));
        for (int column = Model::RSquaredColumn; column < Model::ColumnCount; ++column) {
            QCOMPARE(cell(model, 5, column).toString(), QStringLiteral("…"));
            QVERIFY(!cell(model, 5, column, Model::kSortRole).isValid()); // sorts last
        }
        QVERIFY(model.description(5).contains(QStringLiteral("still training")));
        QSignalSpy done(&controller, &ModelController::evaluationsReady);
        QVERIFY(done.wait(kTimeoutMs));
    }

    void figures_equalCoreCrossValidatedEvaluation()
    {
        ModelController controller({"lm", "cart"});
        Model model(&controller);
        QSignalSpy done(&controller, &ModelController::evaluationsReady);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        controller.setMeasurements(m_runs);
        QVERIFY(done.wait(kTimeoutMs));
        QVERIFY(changed.count() >= 2 + 8);          // two trainings, eight cross-validations
        const iolens::core::RelativeErrorRule rule; // the paper's Table 4
        for (int row = 0; row < model.rowCount(); ++row) {
            const Model::RowKey key = model.rowKey(row);
            const iolens::core::TrainedModel* trained
                = controller.entries()[static_cast<std::size_t>(key.entry)].model(key.metric);
            QVERIFY(trained);
            const auto direct = iolens::core::crossValidatedEvaluation(
                *trained, controller.measured().all(), rule, 10, 1);
            QCOMPARE(
                cell(model, row, Model::CvCostColumn, Model::kSortRole).toDouble(), direct.cost);
            QCOMPARE(cell(model, row, Model::MeanErrorColumn, Model::kSortRole).toDouble(),
                direct.evaluation.meanRelativeError);
            QCOMPARE(cell(model, row, Model::P90ErrorColumn, Model::kSortRole).toDouble(),
                direct.evaluation.p90);
            QCOMPARE(cell(model, row, Model::RSquaredColumn, Model::kSortRole).toDouble(),
                trained->report().rSquared);
            // The holdout scenarios over request size, refitted without the held-out sizes.
            const auto rows = controller.measured().all();
            const auto inner = iolens::core::interpolationSplit(rows);
            QCOMPARE(cell(model, row, Model::InterpolationErrorColumn, Model::kSortRole).toDouble(),
                iolens::core::holdoutEvaluation(
                    *trained, inner.train, inner.test, rule, "interpolation")
                    .meanRelativeError);
            const auto beyond = iolens::core::extrapolationSplit(rows);
            QCOMPARE(cell(model, row, Model::ExtrapolationErrorColumn, Model::kSortRole).toDouble(),
                iolens::core::holdoutEvaluation(
                    *trained, beyond.train, beyond.test, rule, "extrapolation")
                    .meanRelativeError);
            QCOMPARE(cell(model, row, Model::FitTimeColumn, Model::kSortRole).toDouble(),
                trained->report().seconds);
            // The Error CDF's form of the same figure (formatRelativeError), not one of its own.
            QCOMPARE(cell(model, row, Model::MeanErrorColumn).toString(),
                formatRelativeError(direct.evaluation.meanRelativeError));
            QCOMPARE(cell(model, row, Model::RSquaredColumn).toString(),
                QString::number(trained->report().rSquared, 'f', 3));
        }
    }

    void addModel_insertsItsRowsAsOptimized()
    {
        ModelController controller({"lm"});
        Model model(&controller);
        QSignalSpy done(&controller, &ModelController::evaluationsReady);
        controller.setMeasurements(m_runs);
        QVERIFY(done.wait(kTimeoutMs));
        QCOMPARE(model.rowCount(), 4);

        auto regressor = iolens::core::createRegressor("cart");
        regressor->setParameters({{"cp", 0.001}});
        iolens::core::TrainingOptions options;
        options.metric = Metric::TpReadMbs;
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        controller.addModel(QStringLiteral("cart (optimized)"),
            iolens::core::TrainedModel::train(
                std::move(regressor), controller.measured().all(), options));
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(reset.count(), 0); // the selection and sort survive
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.rowOf(1, Metric::TpReadMbs), 4);
        QCOMPARE(cell(model, 4, Model::OriginColumn).toString(), QStringLiteral("optimized"));
        QCOMPARE(cell(model, 4, Model::ParametersColumn).toString(),
            QStringLiteral("minsplit=20 cp=0.001"));
        QCOMPARE(cell(model, 4, Model::CvCostColumn).toString(), QStringLiteral("…"));
        QVERIFY(done.wait(kTimeoutMs));
        QVERIFY(cell(model, 4, Model::CvCostColumn, Model::kSortRole).isValid());
    }

    // What the Models tab shows for a stored model is what `iolens-cli evaluate` reports for it,
    // to the last digit: cross-validation and both range scenarios, for two techniques.
    void storedModelFigures_equalIolensCliEvaluate_data()
    {
        QTest::addColumn<QString>("technique");
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("where");
        for (const char* technique : {"lm", "cart"}) {
            const auto row = [technique](const char* name) -> QTestData& {
                return QTest::addRow("%s %s", technique, name) << QString::fromLatin1(technique);
            };
            row("cv mean") << "cv" << int(Model::MeanErrorColumn) << "mean_relative_error"
                           << QString();
            row("cv p90") << "cv" << int(Model::P90ErrorColumn) << "relative_error_p90"
                          << QString();
            row("interpolation") << "interpolation" << int(Model::InterpolationErrorColumn)
                                 << "mean_relative_error" << QString();
            row("extrapolation") << "extrapolation" << int(Model::ExtrapolationErrorColumn)
                                 << "mean_relative_error" << QString();
        }
        // Trained on a part of the data: cross-validated on that part, and the size it left out
        // is the interpolation scenario, predicted as the model is.
        QTest::newRow("cart where cv")
            << "cart"
            << "cv" << int(Model::MeanErrorColumn) << "mean_relative_error"
            << "request_kib!=16";
        QTest::newRow("cart where interpolation")
            << "cart"
            << "interpolation" << int(Model::InterpolationErrorColumn) << "mean_relative_error"
            << "request_kib!=16";
    }
    void storedModelFigures_equalIolensCliEvaluate()
    {
        QFETCH(QString, technique);
        QFETCH(QString, scenario);
        QFETCH(int, column);
        QFETCH(QString, key);
        QFETCH(QString, where);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(QStringLiteral("tiered.sqlite"));
        const QString name = technique + QStringLiteral("-stored");
        using iolens::test::runCli;
        auto r = runCli({"import", "--db", db, "--csv",
            QString::fromStdString(iolens::test::tieredCsvPath()), "--dataset", "tiered"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QStringList train {"train", "--db", db, "--technique", technique, "--metric", "rt_read_ms",
            "--name", name};
        if (!where.isEmpty())
            train << QStringLiteral("--where") << where;
        r = runCli(train);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString out = dir.filePath(QStringLiteral("evaluate.json"));
        r = runCli({"evaluate", "--db", db, "--model", name, "--scenario", scenario, "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject reported = evaluatedModel(out);
        QVERIFY(reported[key].isDouble());
        const double cli = reported[key].toDouble();

        auto database = iolens::core::MeasurementDatabase::open(db.toStdString(), true);
        ModelController controller({"lm"});
        Model model(&controller);
        QSignalSpy done(&controller, &ModelController::evaluationsReady);
        controller.setMeasurements(database.measurements());
        QVERIFY(addStoredModels(controller, database, {}, "tiered").isEmpty());
        QVERIFY(done.wait(kTimeoutMs));
        const int entry = controller.entryIndex(name);
        QVERIFY(entry > 0);
        const int row = model.rowOf(entry, Metric::RtReadMs);
        QVERIFY(row >= 0);
        QCOMPARE(cell(model, row, column, Model::kSortRole).toDouble(), cli);
        // The figure as the window prints it is the figure the command line wrote.
        QCOMPARE(cell(model, row, column).toString(), formatRelativeError(cli));
    }

    void failures_showADashWithTheReason()
    {
        // A technique this build does not know: every metric fails, and every row says why.
        ModelController controller({"no-such-technique"});
        Model model(&controller);
        QSignalSpy done(&controller, &ModelController::evaluationsReady);
        controller.setMeasurements(m_runs);
        QVERIFY(done.wait(kTimeoutMs));
        QCOMPARE(model.rowCount(), 4);
        for (int column : {Model::RSquaredColumn, Model::MeanErrorColumn}) {
            QCOMPARE(cell(model, 0, column).toString(), QStringLiteral("—"));
            QVERIFY(cell(model, 0, column, Qt::ToolTipRole)
                        .toString()
                        .contains(QStringLiteral("unknown technique")));
        }
        QVERIFY(model.description(0).contains(QStringLiteral("no model")));
    }

private:
    std::vector<iolens::core::Measurement> m_runs;
};

IOLENS_TEST_MAIN(TestModelComparisonModel)
#include "test_model_comparison_model.moc"

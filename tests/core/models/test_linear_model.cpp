// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/dataset.hpp"
#include "data/measurement_csv.hpp"
#include "models/linear_model.hpp"
#include "support/reference_tools.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <random>
#include <sstream>

using namespace iolens::core;

namespace {

Dataset sharedDataset(const std::string& path, Metric metric, bool logResponse)
{
    Dataset data = buildDataset(aggregateRepetitions(readMeasurementsCsv(path)), metric);
    if (logResponse)
        data.y = data.y.array().log();
    return data;
}

const char* kLmScript = R"R(
args <- commandArgs(trailingOnly = TRUE)
d <- read.csv(args[1], stringsAsFactors = TRUE)
f <- if (args[2] == "1") y ~ . else as.formula(paste0("y ~ .^", args[2]))
fit <- lm(f, data = d)
co <- coef(fit)
cat(sprintf("%s\t%.17g\n", names(co), co), sep = "")
)R";

// Synthetic data with an exactly collinear column (d = 2a): R drops the later column.
Dataset collinearDataset()
{
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(0.0, 10.0);
    FeatureSchema schema;
    std::vector<Configuration> configs;
    for (int i = 0; i < 40; ++i) {
        Configuration c;
        c.requestBytes = 1024 * (1 + i % 7);
        c.filesetBytes = 2 * c.requestBytes * 1024; // fileset_mib = 2 * request_kib
        c.readPct = std::floor(u(rng) * 10.0);
        c.scheduler = i % 3 == 0 ? "bfq" : (i % 3 == 1 ? "none" : "mq-deadline");
        configs.push_back(c);
    }
    Dataset data;
    data.schema = FeatureSchema::fromConfigurations(configs);
    data.x = data.schema.encode(configs);
    data.configs = configs;
    data.y.resize(40);
    for (int i = 0; i < 40; ++i)
        data.y(i) = 3.0 + 0.5 * data.x(i, 1) - 0.2 * data.x(i, 3) + u(rng);
    return data;
}

} // namespace

class TestLinearModel : public QObject {
    Q_OBJECT
private slots:
    void fit_recoversExactPlane()
    {
        Dataset data = collinearDataset();
        for (Eigen::Index i = 0; i < data.rows(); ++i)
            data.y(i) = 1.5 + 2.0 * data.x(i, 1) - 0.25 * data.x(i, 3);
        LinearModel model;
        model.setParameters({{"degree", 1}});
        const FitReport report = model.fit(data);
        QVERIFY(report.rSquared > 1.0 - 1e-12);
        QVERIFY((model.predict(data.x) - data.y).cwiseAbs().maxCoeff() < 1e-9);
        QVERIFY(!report.warnings.empty()); // the collinear column is reported
    }

    void setParameters_rejectsOutOfRange()
    {
        LinearModel model;
        QVERIFY_THROWS_EXCEPTION(ConfigError, model.setParameters({{"degree", 0}}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, model.setParameters({{"nk", 3}}));
    }

    void coefficients_equalR_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("metric");
        QTest::addColumn<bool>("logResponse");
        QTest::addColumn<int>("degree");
        QTest::newRow("local rt_read log deg2") << "local" << int(Metric::RtReadMs) << true << 2;
        QTest::newRow("local tp_write raw deg2")
            << "local" << int(Metric::TpWriteMbs) << false << 2;
        QTest::newRow("tiered rt_read log deg2") << "tiered" << int(Metric::RtReadMs) << true << 2;
        QTest::newRow("tiered rt_write raw deg1")
            << "tiered" << int(Metric::RtWriteMs) << false << 1;
        QTest::newRow("tiered tp_read log deg3") << "tiered" << int(Metric::TpReadMbs) << true << 3;
        QTest::newRow("collinear deg2") << "collinear" << 0 << false << 2;
    }
    void coefficients_equalR()
    {
        QFETCH(QString, source);
        QFETCH(int, metric);
        QFETCH(bool, logResponse);
        QFETCH(int, degree);
        const Dataset data = source == "collinear"
            ? collinearDataset()
            : sharedDataset(
                source == "local" ? iolens::test::localCsvPath() : iolens::test::tieredCsvPath(),
                static_cast<Metric>(metric), logResponse);
        QTemporaryDir dir;
        const std::string csv = iolens::test::writeFile(
            dir.path(), "d.csv", iolens::test::datasetCsv(data.schema, data.x, &data.y));
        const auto run = iolens::test::runRscript(
            kLmScript, {QString::fromStdString(csv), QString::number(degree)});
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));

        LinearModel model;
        model.setParameters({{"degree", degree}});
        model.fit(data);
        const QStringList lines = run.output.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), static_cast<qsizetype>(model.termNames().size()));
        const double scale = data.y.cwiseAbs().maxCoeff();
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QStringList parts = lines[i].split('\t');
            const auto index = static_cast<std::size_t>(i);
            QCOMPARE(parts[0].toStdString(), model.termNames()[index]);
            if (parts[1] == "NA") {
                QVERIFY2(model.aliased()[index], qPrintable(parts[0]));
                continue;
            }
            QVERIFY2(!model.aliased()[index], qPrintable(parts[0]));
            const double expected = parts[1].toDouble();
            const double actual = model.coefficients()(static_cast<Eigen::Index>(i));
            // Relative agreement; the absolute floor covers coefficients that are zero up to
            // rounding (scaled by how large the term's column gets).
            QVERIFY2(std::fabs(actual - expected) <= 1e-7 * std::fabs(expected) + 1e-12 * scale,
                qPrintable(QStringLiteral("%1: iolens %2, R %3")
                               .arg(parts[0])
                               .arg(actual, 0, 'g', 17)
                               .arg(expected, 0, 'g', 17)));
        }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestLinearModel)
#include "test_linear_model.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/dataset.hpp"
#include "data/measurement_csv.hpp"
#include "models/mars.hpp"
#include "models/regressor_registry.hpp"
#include "support/reference_tools.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "validation/error_metrics.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <thread>

using namespace iolens::core;

namespace {

// ---------------------------------------------------------------------------------------------
// Data

Dataset marsDataset(const QString& source, Metric metric, bool logResponse)
{
    const std::string path
        = source == "local" ? iolens::test::localCsvPath() : iolens::test::tieredCsvPath();
    Dataset data = buildDataset(aggregateRepetitions(readMeasurementsCsv(path)), metric);
    if (logResponse)
        data.y = data.y.array().log();
    return data;
}

/// Random configurations with continuous-ish factors (columns: scheduler, fileset_mib,
/// request_kib, pattern, read_pct, threads, vms). Seeds are explicit.
std::vector<Configuration> randomConfigurations(unsigned seed, int rows)
{
    std::mt19937 rng(seed);
    std::vector<Configuration> configs;
    for (int i = 0; i < rows; ++i) {
        Configuration c;
        c.scheduler = rng() % 2 ? "bfq" : "none";
        c.filesetBytes = std::int64_t {1048576} * static_cast<std::int64_t>(1 + rng() % 1000);
        c.requestBytes = 1024 * static_cast<std::int64_t>(1 + rng() % 256);
        c.pattern = rng() % 2 ? Pattern::Random : Pattern::Sequential;
        c.readPct = static_cast<double>(rng() % 101);
        c.threads = 1 + static_cast<int>(rng() % 32);
        c.vms = 1 + static_cast<int>(rng() % 4);
        configs.push_back(c);
    }
    return configs;
}

/// Friedman-style test function (sine of a product, a parabola, linear parts, a factor) plus
/// unit noise.
Dataset friedmanDataset(unsigned seed, int rows)
{
    const std::vector<Configuration> configs = randomConfigurations(seed, rows);
    std::mt19937 rng(seed + 1);
    std::normal_distribution<double> noise(0.0, 1.0);
    Eigen::VectorXd y(rows);
    for (int i = 0; i < rows; ++i) {
        const Configuration& c = configs[static_cast<std::size_t>(i)];
        const double f = static_cast<double>(c.filesetBytes) / 1048576.0 / 1000.0;
        const double r = static_cast<double>(c.requestBytes) / 1024.0 / 256.0;
        const double p = c.readPct / 100.0;
        y(i) = 10.0 * std::sin(3.14159 * f * r) + 20.0 * (p - 0.5) * (p - 0.5) + 0.3 * c.threads
            + 1.2 * c.vms + (c.scheduler == "none" ? 3.0 : 0.0) + noise(rng);
    }
    return iolens::test::datasetFromConfigurations(configs, y);
}

/// Configurations on a grid-like design (as fio experiments are): read_pct in steps of 10,
/// fileset_mib in steps of 100, so every grid value is a candidate knot despite minspan.
std::vector<Configuration> gridConfigurations(unsigned seed, int rows)
{
    std::vector<Configuration> configs = randomConfigurations(seed, rows);
    std::mt19937 rng(seed + 2);
    for (Configuration& c : configs) {
        c.readPct = 10.0 * static_cast<double>(rng() % 11);
        c.filesetBytes = std::int64_t {104857600} * static_cast<std::int64_t>(1 + rng() % 10);
    }
    return configs;
}

/// y = 3 + 2 max(0, read_pct - 40) exactly.
Dataset hingeDataset()
{
    const std::vector<Configuration> configs = gridConfigurations(11, 200);
    Eigen::VectorXd y(200);
    for (int i = 0; i < 200; ++i)
        y(i) = 3.0 + 2.0 * std::max(0.0, configs[static_cast<std::size_t>(i)].readPct - 40.0);
    return iolens::test::datasetFromConfigurations(configs, y);
}

/// y = max(0, read_pct - 30) max(0, 500 - fileset_mib) exactly: needs a degree-2 product.
Dataset interactionDataset()
{
    const std::vector<Configuration> configs = gridConfigurations(17, 400);
    Eigen::VectorXd y(400);
    for (int i = 0; i < 400; ++i) {
        const Configuration& c = configs[static_cast<std::size_t>(i)];
        y(i) = std::max(0.0, c.readPct - 30.0)
            * std::max(0.0, 500.0 - static_cast<double>(c.filesetBytes) / 1048576.0);
    }
    return iolens::test::datasetFromConfigurations(configs, y);
}

/// True if `mars` holds `name` with coefficient `coefficient` and every other non-intercept
/// term has a coefficient of (numerically) zero.
bool hasOnlyTerm(const Mars& mars, const std::string& name, double coefficient)
{
    bool found = false;
    const auto names = mars.termNames();
    for (std::size_t m = 1; m < names.size(); ++m) {
        const double c = mars.coefficients()(static_cast<Eigen::Index>(m));
        if (names[m] == name)
            found = std::fabs(c - coefficient) < 1e-9 * std::max(1.0, std::fabs(coefficient));
        else if (std::fabs(c) > 1e-9)
            return false;
    }
    return found;
}

/// Rows i % 4 == 3 are held out.
std::pair<Dataset, Dataset> split(const Dataset& data)
{
    std::vector<Eigen::Index> train, test;
    for (Eigen::Index i = 0; i < data.rows(); ++i)
        (i % 4 == 3 ? test : train).push_back(i);
    Dataset a, b;
    a.schema = b.schema = data.schema;
    a.x = data.x(train, Eigen::all);
    a.y = data.y(train);
    b.x = data.x(test, Eigen::all);
    b.y = data.y(test);
    return {a, b};
}

/// The data as R reads it: features (factors as labels), y and a train/test split column.
std::string toCsv(const Dataset& train, const Dataset& test)
{
    std::ostringstream out;
    out.precision(17);
    for (const FeatureColumn& c : train.schema.columns())
        out << c.name() << ",";
    out << "y,split\n";
    for (const Dataset* part : {&train, &test}) {
        for (Eigen::Index i = 0; i < part->rows(); ++i) {
            for (std::size_t j = 0; j < part->schema.size(); ++j) {
                const FeatureColumn& c = part->schema.columns()[j];
                const double v = part->x(i, static_cast<Eigen::Index>(j));
                if (c.categorical())
                    out << c.levels[static_cast<std::size_t>(v)] << ",";
                else
                    out << v << ",";
            }
            out << part->y(i) << "," << (part == &train ? "train" : "test") << "\n";
        }
    }
    return out.str();
}

// ---------------------------------------------------------------------------------------------
// R earth reference

// args: csv degree nk thresh nprune timingRepetitions. nk 0 / nprune 0 = earth's defaults.
// Prints "key value..." lines: gcv, rss, terms (|-separated), pred (held-out rows), seconds.
const char* kEarthScript = R"R(
args <- commandArgs(trailingOnly = TRUE)
suppressMessages(library(earth))
d <- read.csv(args[1], stringsAsFactors = FALSE)
for (col in setdiff(names(d), c("y", "split")))
    if (is.character(d[[col]]))
        d[[col]] <- factor(d[[col]], levels = sort(unique(d[[col]]), method = "radix"))
train <- d[d$split == "train", setdiff(names(d), "split")]
test <- d[d$split == "test", setdiff(names(d), "split")]
call <- list(formula = y ~ ., data = train, degree = as.integer(args[2]),
             thresh = as.numeric(args[4]))
if (as.integer(args[3]) > 0) call$nk <- as.integer(args[3])
if (as.integer(args[5]) > 0) call$nprune <- as.integer(args[5])
m <- do.call(earth, call)
cat("gcv", sprintf("%.17g", m$gcv), "\n")
cat("rss", sprintf("%.17g", m$rss), "\n")
cat("terms", paste(rownames(m$coefficients), collapse = "|"), "\n")
cat("pred", sprintf("%.17g", predict(m, newdata = test)[, 1]), "\n")
reps <- as.integer(args[6])
if (reps > 0) {
    t <- system.time(for (i in seq_len(reps)) do.call(earth, call))[["elapsed"]]
    cat("seconds", sprintf("%.6g", t / reps), "\n")
}
)R";

struct EarthResult {
    double gcv = 0.0, rss = 0.0, seconds = 0.0;
    std::set<std::string> terms;
    Eigen::VectorXd predictions;
};

EarthResult parseEarth(const QString& output)
{
    EarthResult result;
    for (const QString& line : output.split('\n', Qt::SkipEmptyParts)) {
        const QStringList parts = line.split(' ', Qt::SkipEmptyParts);
        if (parts.size() < 2)
            continue;
        if (parts[0] == "gcv")
            result.gcv = parts[1].toDouble();
        else if (parts[0] == "rss")
            result.rss = parts[1].toDouble();
        else if (parts[0] == "seconds")
            result.seconds = parts[1].toDouble();
        else if (parts[0] == "terms")
            for (const QString& term : parts[1].split('|'))
                result.terms.insert(term.toStdString());
        else if (parts[0] == "pred") {
            result.predictions.resize(parts.size() - 1);
            for (qsizetype i = 1; i < parts.size(); ++i)
                result.predictions(i - 1) = parts[i].toDouble();
        }
    }
    return result;
}

/// Runs earth on train (fitted) and test (predicted) with the given parameters.
iolens::test::ToolRun runEarth(const QTemporaryDir& dir, const Dataset& train, const Dataset& test,
    const MarsParams& p, int timingRepetitions = 0)
{
    const std::string csv = iolens::test::writeFile(dir.path(), "mars.csv", toCsv(train, test));
    return iolens::test::runRscript(kEarthScript,
        {QString::fromStdString(csv), QString::number(p.degree), QString::number(p.nk),
            QString::number(p.thresh, 'g', 17), QString::number(p.nprune >= 1000 ? 0 : p.nprune),
            QString::number(timingRepetitions)});
}

Mars fittedMars(const Dataset& data, const MarsParams& params)
{
    Mars mars;
    mars.setParams(params);
    mars.fit(data);
    return mars;
}

void addRealAndSyntheticRows()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("metric");
    QTest::addColumn<bool>("logResponse");
    QTest::addColumn<int>("degree");
    QTest::addColumn<int>("nk");
    const std::vector<std::tuple<QString, Metric, bool>> sets {
        {"local", Metric::RtReadMs, true},
        {"local", Metric::TpWriteMbs, false},
        {"tiered", Metric::RtReadMs, true},
        {"tiered", Metric::TpWriteMbs, false},
        {"friedman", Metric::RtReadMs, false},
        {"hinge", Metric::RtReadMs, false},
        {"interaction", Metric::RtReadMs, false},
    };
    for (const auto& [source, metric, logResponse] : sets)
        for (int degree : {1, 2})
            for (int nk : {0, 800}) {
                const QString name
                    = QStringLiteral("%1 %2%3 degree %4 nk %5")
                          .arg(source, logResponse ? "log " : "",
                              QString::fromUtf8(metricName(metric).data()))
                          .arg(degree)
                          .arg(nk == 0 ? QStringLiteral("auto") : QString::number(nk));
                QTest::newRow(qPrintable(name))
                    << source << int(metric) << logResponse << degree << nk;
            }
}

Dataset datasetFor(const QString& source, int metric, bool logResponse)
{
    if (source == "friedman")
        return friedmanDataset(5, 400);
    if (source == "hinge")
        return hingeDataset();
    if (source == "interaction")
        return interactionDataset();
    return marsDataset(source, static_cast<Metric>(metric), logResponse);
}

} // namespace

class TestMars : public QObject {
    Q_OBJECT
private slots:
    // -----------------------------------------------------------------------------------------
    // Known answers

    void fit_recoversSingleHinge_data()
    {
        QTest::addColumn<int>("degree");
        QTest::newRow("degree 1") << 1;
        QTest::newRow("degree 2") << 2;
    }
    void fit_recoversSingleHinge()
    {
        QFETCH(int, degree);
        const Dataset data = hingeDataset();
        MarsParams params;
        params.degree = degree;
        const Mars mars = fittedMars(data, params);
        QVERIFY2(hasOnlyTerm(mars, "h(read_pct-40)", 2.0), mars.describe().c_str());
        QVERIFY(std::fabs(mars.coefficients()(0) - 3.0) < 1e-9);
        QVERIFY((mars.predict(data.x) - data.y).cwiseAbs().maxCoeff() < 1e-9);
    }

    void fit_entersExactlyLinearPredictorAsLinearTerm()
    {
        std::vector<Configuration> configs = randomConfigurations(3, 100);
        Eigen::VectorXd y(100);
        for (int i = 0; i < 100; ++i)
            y(i) = 1.0 - 0.5 * configs[static_cast<std::size_t>(i)].threads;
        const Mars mars
            = fittedMars(iolens::test::datasetFromConfigurations(configs, y), MarsParams {});
        const std::vector<std::string> expected {"(Intercept)", "threads"};
        // A linear term, not a hinge (earth's Auto.linpreds).
        QVERIFY2(mars.termNames() == expected, mars.describe().c_str());
        QVERIFY(std::fabs(mars.coefficients()(1) + 0.5) < 1e-12);
    }

    void fit_recoversHingeInteraction()
    {
        const Dataset data = interactionDataset();
        MarsParams params;
        params.degree = 2;
        const Mars mars = fittedMars(data, params);
        QVERIFY2(
            hasOnlyTerm(mars, "h(500-fileset_mib)*h(read_pct-30)", 1.0), mars.describe().c_str());
        QVERIFY((mars.predict(data.x) - data.y).cwiseAbs().maxCoeff() < 1e-9);
    }

    // -----------------------------------------------------------------------------------------
    // Parity with R earth

    void fit_matchesEarth_data() { addRealAndSyntheticRows(); }
    void fit_matchesEarth()
    {
        QFETCH(QString, source);
        QFETCH(int, metric);
        QFETCH(bool, logResponse);
        QFETCH(int, degree);
        QFETCH(int, nk);
        const auto [train, test] = split(datasetFor(source, metric, logResponse));
        MarsParams params;
        params.degree = degree;
        params.nk = nk;
        QTemporaryDir dir;
        const auto run = runEarth(dir, train, test, params);
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
        const EarthResult earth = parseEarth(run.output);
        QCOMPARE(earth.predictions.size(), test.rows());

        const Mars mars = fittedMars(train, params);
        const auto names = mars.termNames();
        const std::set<std::string> terms(names.begin(), names.end());
        const double ours = rootMeanSquaredError(mars.predict(test.x), test.y);
        const double theirs = rootMeanSquaredError(earth.predictions, test.y);
        qInfo("%d terms (earth %d), identical: %s; GCV %.6g (earth %.6g), held-out RMSE %.6g "
              "(earth %.6g)",
            static_cast<int>(terms.size()), static_cast<int>(earth.terms.size()),
            terms == earth.terms ? "yes" : "no", mars.gcv(), earth.gcv, ours, theirs);
        if (terms != earth.terms) {
            std::string onlyOurs, onlyEarth;
            for (const std::string& t : terms)
                if (!earth.terms.count(t))
                    onlyOurs += " " + t;
            for (const std::string& t : earth.terms)
                if (!terms.count(t))
                    onlyEarth += " " + t;
            qInfo("only iolens:%s; only earth:%s", onlyOurs.c_str(), onlyEarth.c_str());
        }
        // Relative tolerances of the issue; the absolute floors only matter for exact fits
        // (the known-answer functions), where both errors are rounding noise.
        const double tss = (train.y.array() - train.y.mean()).square().sum();
        const double sd = std::sqrt(tss / static_cast<double>(train.rows()));
        QVERIFY2(std::fabs(mars.gcv() - earth.gcv) <= 0.01 * earth.gcv + 1e-12 * tss,
            "GCV differs by > 1 %");
        QVERIFY2(std::fabs(mars.rss() - earth.rss) <= 0.01 * earth.rss + 1e-12 * tss,
            "RSS differs by > 1 %");
        QVERIFY2(std::fabs(ours - theirs) <= 0.02 * theirs + 1e-9 * sd,
            "held-out RMSE differs by > 2 %");
    }

    void fit_isFasterThanEarth_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("degree");
        QTest::addColumn<double>("thresh");
        QTest::newRow("local log rt_read degree 2 nk 800") << "local" << 2 << 0.001;
        QTest::newRow("local log rt_read degree 2 nk 800 thresh 0") << "local" << 2 << 0.0;
        QTest::newRow("friedman n 1000 degree 2 nk 800 thresh 0") << "friedman" << 2 << 0.0;
        QTest::newRow("friedman n 1000 degree 1 nk 800 thresh 0") << "friedman" << 1 << 0.0;
    }
    void fit_isFasterThanEarth()
    {
        // A report, not a timed assertion (the benchmark lives elsewhere): prints both times.
#ifndef NDEBUG
        QSKIP("timings are only meaningful in an optimised (NDEBUG) build");
#endif
        QFETCH(QString, source);
        QFETCH(int, degree);
        QFETCH(double, thresh);
        const Dataset data = source == "friedman" ? friedmanDataset(9, 1333)
                                                  : marsDataset(source, Metric::RtReadMs, true);
        const auto [train, test] = split(data);
        MarsParams params;
        params.degree = degree;
        params.nk = 800;
        params.thresh = thresh;
        QTemporaryDir dir;
        const auto run = runEarth(dir, train, test, params, 3);
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
        const EarthResult earth = parseEarth(run.output);
        Mars mars;
        mars.setParams(params);
        const int repetitions = 3;
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < repetitions; ++i)
            mars.fit(train);
        const double seconds
            = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
            / repetitions;
        qInfo("nk 800: iolens %.4f s, earth %.4f s per fit (%d rows): earth / iolens = %.2f",
            seconds, earth.seconds, static_cast<int>(train.rows()), earth.seconds / seconds);
        QVERIFY(std::fabs(mars.gcv() - earth.gcv) <= 0.01 * earth.gcv);
    }

    // -----------------------------------------------------------------------------------------
    // Free evaluations (ALGORITHMS.md 2.7)

    void path_modelsEqualDirectFits_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("degree");
        QTest::newRow("local log rt_read degree 1") << "local" << 1;
        QTest::newRow("local log rt_read degree 2") << "local" << 2;
        QTest::newRow("friedman degree 2") << "friedman" << 2;
    }
    void path_modelsEqualDirectFits()
    {
        QFETCH(QString, source);
        QFETCH(int, degree);
        const Dataset data = split(datasetFor(source, int(Metric::RtReadMs), true)).first;
        MarsPath path(data, degree, 800);
        MarsParams cover {800, 0.0, 1000, degree}; // what a shared fit would use
        const Mars master = fittedMars(data, cover);
        for (int nk : {3, 9, 21, 60, 800})
            for (double thresh : {0.0, 0.001, 0.05})
                for (int nprune : {2, 4, 1000}) {
                    MarsParams params {nk, thresh, nprune, degree};
                    const Mars direct = fittedMars(data, params);
                    const Mars derived = path.model(params);
                    const QByteArray where = QStringLiteral("nk %1 thresh %2 nprune %3")
                                                 .arg(nk)
                                                 .arg(thresh)
                                                 .arg(nprune)
                                                 .toUtf8();
                    QVERIFY2(derived.termNames() == direct.termNames(), where.constData());
                    QVERIFY2(derived.coefficients() == direct.coefficients(), where.constData());
                    QVERIFY2(derived.gcv() == direct.gcv(), where.constData());
                    QVERIFY2(derived.forwardTerms() == direct.forwardTerms(), where.constData());
                    QVERIFY2(derived.describe() == direct.describe(), where.constData());
                    QVERIFY2(master.predictWith(data.x, params) == direct.predict(data.x),
                        where.constData());
                }
    }

    // predictWith keeps what it derived for later calls (the optimizer's iterations): a later
    // call on other rows, from another thread or through a clone still equals a direct fit.
    void predictWith_reusesDerivedModelsAcrossCallsAndThreads()
    {
        const std::pair<Dataset, Dataset> halves
            = split(datasetFor("local", int(Metric::TpReadMbs), true));
        const Dataset& train = halves.first;
        const Dataset& test = halves.second;
        const Mars master = fittedMars(train, MarsParams {200, 0.0, 1000, 2});
        std::vector<MarsParams> members;
        for (int nk : {9, 21, 200})
            for (int nprune : {3, 7, 1000})
                members.push_back(MarsParams {nk, 0.001, nprune, 2});
        std::vector<Eigen::VectorXd> direct;
        for (const MarsParams& member : members)
            direct.push_back(fittedMars(train, member).predict(test.x));
        QVERIFY(master.predictWith(train.x, members).size() == members.size());
        const std::unique_ptr<Regressor> clone = master.clone();
        const auto& sharedState = dynamic_cast<const Mars&>(*clone);
        std::vector<std::vector<Eigen::VectorXd>> found(4);
        std::vector<std::thread> threads;
        for (std::size_t t = 0; t < found.size(); ++t)
            threads.emplace_back([&, t] {
                // Every thread asks in its own order, half of them through the clone.
                std::vector<MarsParams> order = members;
                std::rotate(
                    order.begin(), order.begin() + static_cast<std::ptrdiff_t>(t * 2), order.end());
                const Mars& model = t % 2 ? sharedState : master;
                std::vector<Eigen::VectorXd> out = model.predictWith(test.x, order);
                std::rotate(
                    out.rbegin(), out.rbegin() + static_cast<std::ptrdiff_t>(t * 2), out.rend());
                found[t] = std::move(out);
            });
        for (std::thread& thread : threads)
            thread.join();
        for (std::size_t t = 0; t < found.size(); ++t)
            for (std::size_t m = 0; m < members.size(); ++m)
                QVERIFY2(found[t][m] == direct[m],
                    qPrintable(QString("thread %1, member %2").arg(t).arg(m)));
        QVERIFY(master.predictWith(test.x, members[4]) == direct[4]);
    }

    void predictWith_rejectsWhatCannotBeDerived()
    {
        const Dataset data = marsDataset("tiered", Metric::RtReadMs, true);
        MarsParams params;
        params.nk = 50;
        params.thresh = 0.001;
        const Mars mars = fittedMars(data, params);
        MarsParams member = params;
        member.nk = 51;
        QVERIFY_THROWS_EXCEPTION(ConfigError, mars.predictWith(data.x, member));
        member = params;
        member.thresh = 0.0;
        QVERIFY_THROWS_EXCEPTION(ConfigError, mars.predictWith(data.x, member));
        member = params;
        member.degree = 1;
        QVERIFY_THROWS_EXCEPTION(ConfigError, mars.predictWith(data.x, member));
        member = params;
        member.nprune = 3;
        QVERIFY(mars.predictWith(data.x, member) == fittedMars(data, member).predict(data.x));
        Mars loaded;
        loaded.setParams(params);
        loaded.loadState(mars.saveState(), data.schema);
        QVERIFY_THROWS_EXCEPTION(StateError, loaded.predictWith(data.x, member));
        QVERIFY(mars.clone()->predict(data.x) == mars.predict(data.x));
    }

    void forwardPass_prefixEqualsShorterPass()
    {
        const Dataset data = friedmanDataset(5, 300);
        const Eigen::MatrixXd x = Mars::predictorMatrix(data.schema, data.x);
        MarsForwardSettings longest;
        longest.degree = 2;
        longest.maxTerms = 200;
        longest.threshold = 0.0;
        longest.penalty = 3.0;
        const MarsForwardPass master = MarsForwardPass::run(x, data.y, longest);
        for (int nk : {5, 21, 51}) {
            MarsForwardSettings settings = longest;
            settings.maxTerms = nk;
            settings.threshold = 0.001;
            const MarsForwardPass direct = MarsForwardPass::run(x, data.y, settings);
            const MarsForwardPass::Prefix prefix = master.prefix(nk, 0.001);
            QCOMPARE(prefix.steps, static_cast<int>(direct.steps().size()));
            QVERIFY(prefix.reason == direct.stopReason());
            const auto a = master.basis(prefix.steps), b = direct.basis(prefix.steps);
            QVERIFY(a.terms == b.terms);
            QVERIFY(a.columns == b.columns);
        }
        QVERIFY_THROWS_EXCEPTION(ConfigError, master.prefix(201, 0.0));
    }

    void pruning_recordsAreRealSubsetsNoWorseThanPrefixes()
    {
        const Dataset data = friedmanDataset(21, 300);
        const Eigen::MatrixXd x = Mars::predictorMatrix(data.schema, data.x);
        MarsForwardSettings settings;
        settings.degree = 2;
        settings.maxTerms = 41;
        const MarsForwardPass pass = MarsForwardPass::run(x, data.y, settings);
        const auto basis = pass.basis(static_cast<int>(pass.steps().size()));
        const MarsPruning pruning = MarsPruning::run(basis.columns, data.y);
        QCOMPARE(pruning.maxSize(), static_cast<int>(basis.terms.size()));
        const auto olsRss = [&](const std::vector<int>& subset) {
            Eigen::MatrixXd columns(basis.columns.rows(), static_cast<Eigen::Index>(subset.size()));
            for (std::size_t j = 0; j < subset.size(); ++j)
                columns.col(static_cast<Eigen::Index>(j)) = basis.columns.col(subset[j]);
            const Eigen::VectorXd beta = columns.colPivHouseholderQr().solve(data.y);
            return (data.y - columns * beta).squaredNorm();
        };
        const double tolerance = 1e-9 * pruning.rss(1);
        for (int size = 1; size <= pruning.maxSize(); ++size) {
            const std::vector<int>& subset = pruning.subset(size);
            QCOMPARE(static_cast<int>(subset.size()), size);
            QCOMPARE(subset.front(), 0); // the intercept is always in
            QCOMPARE(std::set<int>(subset.begin(), subset.end()).size(), subset.size());
            // The record is the OLS RSS of the recorded subset, and never worse than the
            // forward-order prefix of that size (leaps starts from those).
            QVERIFY(std::fabs(olsRss(subset) - pruning.rss(size)) <= tolerance);
            std::vector<int> prefix(static_cast<std::size_t>(size));
            std::iota(prefix.begin(), prefix.end(), 0);
            QVERIFY(pruning.rss(size) <= olsRss(prefix) + tolerance);
        }
        QCOMPARE(pruning.selectSize(1, 3.0, data.rows()), 1);
    }

    // -----------------------------------------------------------------------------------------
    // Degenerate data: a clear error or a sensible model, never a crash

    void fit_constantTargetGivesInterceptOnly()
    {
        Dataset data = hingeDataset();
        data.y.setConstant(4.25);
        Mars mars;
        const FitReport report = mars.fit(data);
        QVERIFY(mars.termNames() == std::vector<std::string> {"(Intercept)"});
        QCOMPARE(mars.predict(data.x)(0), 4.25);
        QVERIFY(!report.warnings.empty());
    }

    void fit_predictorWithSingleValueIsNeverUsed()
    {
        const Dataset full = hingeDataset();
        Dataset data = full;
        data.x.col(1).setConstant(data.x(0, 1)); // fileset_mib: one value everywhere
        const Mars mars = fittedMars(data, MarsParams {});
        for (const MarsTerm& term : mars.terms())
            QVERIFY(!term.usesPredictor(1));
        QVERIFY(hasOnlyTerm(mars, "h(read_pct-40)", 2.0));
    }

    void fit_duplicatedRowsAreFine()
    {
        const Dataset once = marsDataset("tiered", Metric::TpWriteMbs, false);
        Dataset twice = once;
        twice.x.resize(2 * once.rows(), once.cols());
        twice.x << once.x, once.x;
        twice.y.resize(2 * once.rows());
        twice.y << once.y, once.y;
        const Mars a = fittedMars(once, MarsParams {}), b = fittedMars(twice, MarsParams {});
        QVERIFY(b.predict(once.x).allFinite());
        QVERIFY(b.rSquared() > 0.5);
        QVERIFY(a.rSquared() > 0.5);
    }

    void fit_tinyDataGivesAModel_data()
    {
        QTest::addColumn<int>("rows");
        QTest::newRow("2 rows") << 2;
        QTest::newRow("3 rows") << 3;
        QTest::newRow("5 rows") << 5;
    }
    void fit_tinyDataGivesAModel()
    {
        QFETCH(int, rows);
        const Dataset full = friedmanDataset(1, 50);
        Dataset data = full;
        data.x = full.x.topRows(rows);
        data.y = full.y.head(rows);
        const Mars mars = fittedMars(data, MarsParams {});
        QVERIFY(mars.predict(full.x).allFinite());
    }

    void fit_rejectsBadData_data()
    {
        QTest::addColumn<QString>("defect");
        QTest::newRow("NaN target") << "nan y";
        QTest::newRow("infinite target") << "inf y";
        QTest::newRow("NaN feature") << "nan x";
        QTest::newRow("one row") << "one row";
    }
    void fit_rejectsBadData()
    {
        QFETCH(QString, defect);
        Dataset data = hingeDataset();
        if (defect == "nan y")
            data.y(7) = std::nan("");
        else if (defect == "inf y")
            data.y(7) = std::numeric_limits<double>::infinity();
        else if (defect == "nan x")
            data.x(7, 2) = std::nan("");
        else {
            data.x = data.x.topRows(1).eval();
            data.y = data.y.head(1).eval();
        }
        Mars mars;
        QVERIFY_THROWS_EXCEPTION(DataError, mars.fit(data));
        QVERIFY(!mars.isFitted());
    }

    // -----------------------------------------------------------------------------------------
    // Interface

    void setParameters_validatesRanges_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("valid");
        QTest::newRow("nk auto") << "nk" << 0.0 << true;
        QTest::newRow("nk 1") << "nk" << 1.0 << false;
        QTest::newRow("nk 2") << "nk" << 2.0 << false;
        QTest::newRow("nk 3") << "nk" << 3.0 << true;
        QTest::newRow("nk 1000") << "nk" << 1000.0 << true;
        QTest::newRow("nk 1001") << "nk" << 1001.0 << false;
        QTest::newRow("thresh 0") << "thresh" << 0.0 << true;
        QTest::newRow("thresh negative") << "thresh" << -0.1 << false;
        QTest::newRow("thresh 1") << "thresh" << 1.0 << false;
        QTest::newRow("nprune 1") << "nprune" << 1.0 << false;
        QTest::newRow("nprune 2") << "nprune" << 2.0 << true;
        QTest::newRow("degree 0") << "degree" << 0.0 << false;
        QTest::newRow("degree 10") << "degree" << 10.0 << true;
        QTest::newRow("unknown") << "minspan" << 3.0 << false;
    }
    void setParameters_validatesRanges()
    {
        QFETCH(QString, name);
        QFETCH(double, value);
        QFETCH(bool, valid);
        Mars mars;
        if (valid) {
            mars.setParameters({{name.toStdString(), value}});
            QCOMPARE(mars.parameters().at(name.toStdString()), value);
        } else {
            QVERIFY_THROWS_EXCEPTION(
                ConfigError, mars.setParameters({{name.toStdString(), value}}));
        }
    }

    void defaults_followEarth()
    {
        Mars mars;
        QCOMPARE(mars.parameters().at("degree"), 2.0);
        QCOMPARE(mars.parameters().at("thresh"), 0.001);
        QCOMPARE(Mars::resolvedNk(0, 5), 21);
        QCOMPARE(Mars::resolvedNk(0, 30), 61);
        QCOMPARE(Mars::resolvedNk(0, 150), 201);
        QCOMPARE(Mars::penalty(1), 2.0);
        QCOMPARE(Mars::penalty(2), 3.0);
        QVERIFY(createRegressor("mars")->technique() == "mars");
        // The optimizer searches ICPE'13 Table 2's ranges, never the auto sentinel nk = 0.
        for (const ParamSpec& spec : mars.paramSpecs()) {
            if (spec.name == "nk")
                QVERIFY(spec.searchLow == 3 && spec.searchHigh == 800);
            if (spec.name == "degree")
                QVERIFY(!spec.tuned());
        }
    }

    void predict_rejectsWrongFeatureCount()
    {
        const Dataset data = hingeDataset();
        const Mars mars = fittedMars(data, MarsParams {});
        QVERIFY_THROWS_EXCEPTION(DataError, mars.predict(Eigen::MatrixXd::Zero(2, 3)));
    }

    void describe_listsTermsAndStatistics()
    {
        const Dataset data = marsDataset("local", Metric::RtReadMs, true);
        const Mars mars = fittedMars(data, MarsParams {});
        const QString text = QString::fromStdString(mars.describe());
        QVERIFY2(text.contains("(Intercept)"), qPrintable(text));
        QVERIFY2(text.contains("h(request_kib-"), qPrintable(text));
        QVERIFY2(text.contains("GCV"), qPrintable(text));
        QVERIFY2(text.contains("Selected"), qPrintable(text));
        for (const std::string& name : mars.termNames())
            QVERIFY2(text.contains(QString::fromStdString(name)), name.c_str());
    }

    void loadState_rejectsForeignState()
    {
        const Dataset data = marsDataset("local", Metric::TpWriteMbs, false);
        const Mars mars = fittedMars(data, MarsParams {});
        nlohmann::json state = mars.saveState();
        Mars other;
        nlohmann::json newer = state;
        newer["version"] = Mars::kStateVersion + 1;
        QVERIFY_THROWS_EXCEPTION(DataError, other.loadState(newer, data.schema));
        nlohmann::json wrongPredictor = state;
        wrongPredictor["terms"][1]["factors"][0]["predictor"] = 99;
        QVERIFY_THROWS_EXCEPTION(DataError, other.loadState(wrongPredictor, data.schema));
    }

    void clone_fitsIndependently()
    {
        const Dataset data = marsDataset("tiered", Metric::RtReadMs, true);
        Mars mars;
        std::unique_ptr<Regressor> copy = mars.clone();
        copy->fit(data);
        QVERIFY(copy->isFitted());
        QVERIFY(!mars.isFitted());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMars)
#include "test_mars.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/ensemble_test_data.hpp"

#include "data/aggregation.hpp"
#include "data/measurement_csv.hpp"
#include "support/test_data.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <sstream>

namespace iolens::test {

using namespace iolens::core;

Dataset gridDataset(const std::string& source, Metric metric, bool logResponse)
{
    const std::string path = source == "local" ? localCsvPath() : tieredCsvPath();
    Dataset data = buildDataset(aggregateRepetitions(readMeasurementsCsv(path)), metric);
    if (logResponse)
        data.y = data.y.array().log();
    return data;
}

Dataset noisyDataset(unsigned seed, int rows, double noise)
{
    std::mt19937 rng(seed);
    const std::vector<std::string> schedulers {"bfq", "kyber", "mq-deadline", "none"};
    std::normal_distribution<double> gauss(0.0, noise);
    std::vector<Configuration> configs;
    Eigen::VectorXd y(rows);
    for (int i = 0; i < rows; ++i) {
        Configuration c;
        c.scheduler = schedulers[rng() % schedulers.size()];
        c.filesetBytes = std::int64_t {1048576} * static_cast<std::int64_t>(1 + rng() % 4000);
        c.requestBytes = 1024 * static_cast<std::int64_t>(1 + rng() % 1000);
        c.pattern = rng() % 2 ? Pattern::Random : Pattern::Sequential;
        c.readPct = static_cast<double>(rng() % 100001) / 1000.0;
        c.threads = 1 + static_cast<int>(rng() % 64);
        configs.push_back(c);
        const double kib = static_cast<double>(c.requestBytes) / 1024.0;
        y(i) = 20.0 + (kib > 400 ? 6.0 : 0.0) + 0.05 * c.readPct
            + (c.scheduler == "bfq" ? 3.0 : 0.0)
            + (c.pattern == Pattern::Sequential ? 0.1 * c.threads : 0.0) + gauss(rng);
    }
    return datasetFromConfigurations(configs, y);
}

Dataset rowsOf(const Dataset& data, const std::vector<Eigen::Index>& rows)
{
    Dataset part {data.schema, data.x(rows, Eigen::all), data.y(rows), {}, data.metric,
        data.littleRatio, nullptr, nullptr, {}};
    for (const Eigen::Index row : rows)
        if (!data.configs.empty())
            part.configs.push_back(data.configs[static_cast<std::size_t>(row)]);
    return part;
}

void addDegenerateDataRows(const char* fewRowsName)
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("constant response") << "constant";
    QTest::newRow(fewRowsName) << "few";
    QTest::newRow("one row") << "one";
    QTest::newRow("every row twice") << "duplicated";
}

Dataset degenerateDataset(const QString& kind, double constant, int fewRows)
{
    Dataset data = noisyDataset(8, 40);
    if (kind == "constant") {
        data.y.setConstant(constant);
        return data;
    }
    std::vector<Eigen::Index> rows;
    if (kind == "few") {
        rows.resize(static_cast<std::size_t>(fewRows));
        std::iota(rows.begin(), rows.end(), Eigen::Index {0});
    } else if (kind == "one") {
        rows = {4};
    } else {
        for (Eigen::Index i = 0; i < 2 * data.x.rows(); ++i)
            rows.push_back(i % data.x.rows());
    }
    return rowsOf(data, rows);
}

std::vector<Eigen::Index> everyNth(Eigen::Index n, int period, int remainder, bool selected)
{
    std::vector<Eigen::Index> rows;
    for (Eigen::Index i = 0; i < n; ++i)
        if ((i % period == remainder) == selected)
            rows.push_back(i);
    return rows;
}

bool identical(const Eigen::VectorXd& a, const Eigen::VectorXd& b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

ToolRun runRscriptWithPackage(
    const QString& package, const QString& script, const QStringList& arguments)
{
    ToolRun run = runRscript(QStringLiteral("library(%1)\n").arg(package));
    if (run.available && run.exitCode != 0) {
        run.available = false;
        run.reason = QStringLiteral("the R package %1 is not installed").arg(package);
    }
    return run.available ? runRscript(script, arguments) : run;
}

std::vector<double> taggedNumbers(const QString& output, const QString& tag)
{
    std::vector<double> values;
    for (const QString& line : output.split(QLatin1Char('\n'))) {
        const QStringList parts = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (parts.size() < 2 || parts.first() != tag)
            continue;
        for (qsizetype i = 1; i < parts.size(); ++i)
            values.push_back(std::strtod(parts[i].toLatin1().constData(), nullptr));
    }
    return values;
}

std::string numericCsv(const Eigen::MatrixXd& x, const Eigen::VectorXd* y)
{
    std::ostringstream out;
    for (Eigen::Index j = 0; j < x.cols(); ++j)
        out << (j ? "," : "") << "x" << j;
    out << (y ? ",y\n" : "\n");
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        for (Eigen::Index j = 0; j < x.cols(); ++j)
            out << (j ? "," : "") << hexNumber(x(i, j));
        out << (y ? "," + hexNumber((*y)(i)) : std::string()) << "\n";
    }
    return out.str();
}

namespace {

const char* kRpartEnsembleScript = R"R(
args <- commandArgs(trailingOnly = TRUE)
lv <- list()
for (line in readLines(args[2])) {
  parts <- strsplit(line, "|", fixed = TRUE)[[1]]
  if (length(parts) > 1) lv[[parts[1]]] <- parts[-1]
}
prep <- function(d) {
  for (n in names(d))
    d[[n]] <- if (n %in% names(lv)) factor(d[[n]], levels = lv[[n]]) else as.numeric(d[[n]])
  d
}
train <- prep(read.csv(args[1], colClasses = "character"))
probe <- prep(read.csv(args[4], colClasses = "character"))
samples <- lapply(strsplit(readLines(args[3]), ",", fixed = TRUE), function(s) as.integer(s) + 1L)
suppressPackageStartupMessages(library(rpart))
control <- rpart.control(minsplit = as.integer(args[5]), cp = as.numeric(args[6]), xval = 0,
                         maxcompete = 0, maxsurrogate = 0)
fits <- lapply(samples, function(s) rpart(y ~ ., data = train[s, ], method = "anova",
                                          control = control))
probePred <- sapply(fits, function(f) predict(f, newdata = probe))
if (args[7] == "bagging") {
  pred <- rowMeans(probePred)
} else {
  trainPred <- sapply(fits, function(f) predict(f, newdata = train))
  y <- train$y
  e <- if (args[9] == "0") colMeans(abs(trainPred - y) / y) else
         colSums(abs(trainPred - y)) / sum(abs(y - mean(y)))
  m <- max(1, ceiling(as.numeric(args[8]) * length(fits) - 1e-9))
  kept <- order(e)[seq_len(m)]
  kept <- kept[e[kept] < 1]
  w <- log((1 - e[kept]) / e[kept] + 1)
  w <- w / sum(w)
  pred <- as.vector(probePred[, kept, drop = FALSE] %*% w)
  cat(sprintf("KEPT %d\n", kept - 1L), sep = "")
  cat(sprintf("WEIGHT %a\n", w), sep = "")
  cat(sprintf("ERROR %a\n", e), sep = "")
}
cat(sprintf("PRED %a\n", pred), sep = "")
)R";

} // namespace

RpartEnsembleReference runRpartEnsemble(const Dataset& train, const Eigen::MatrixXd& probe,
    const std::vector<std::vector<Eigen::Index>>& samples, int minSplit, double cp,
    const QString& mode, double keep, int error, const QString& directory, ToolRun& run)
{
    std::string levels;
    for (const FeatureColumn& column : train.schema.columns()) {
        levels += column.name();
        for (const std::string& level : column.levels)
            levels += "|" + level;
        levels += "\n";
    }
    std::string rows;
    for (const auto& sample : samples) {
        for (std::size_t i = 0; i < sample.size(); ++i)
            rows += (i ? "," : "") + std::to_string(sample[i]);
        rows += "\n";
    }
    const auto file = [&](const char* name, const std::string& text) {
        return QString::fromStdString(writeFile(directory, QString::fromLatin1(name), text));
    };
    run = runRscript(kRpartEnsembleScript,
        {file("ens-train.csv", datasetCsv(train.schema, train.x, &train.y)),
            file("ens-levels.txt", levels), file("ens-samples.txt", rows),
            file("ens-probe.csv", datasetCsv(train.schema, probe, nullptr)),
            QString::number(minSplit), QString::number(cp, 'g', 17), mode,
            QString::number(keep, 'g', 17), QString::number(error)});
    RpartEnsembleReference reference;
    if (!run.available || run.exitCode != 0)
        return reference;
    reference.predictions = taggedNumbers(run.output, QStringLiteral("PRED"));
    reference.weights = taggedNumbers(run.output, QStringLiteral("WEIGHT"));
    reference.errors = taggedNumbers(run.output, QStringLiteral("ERROR"));
    for (const double k : taggedNumbers(run.output, QStringLiteral("KEPT")))
        reference.kept.push_back(static_cast<int>(k));
    return reference;
}

} // namespace iolens::test

// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/rpart_reference.hpp"

#include "support/test_data.hpp"

#include <QStringList>
#include <QTemporaryDir>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

using namespace iolens::core;

namespace iolens::test {

namespace {

std::string levelsFile(const FeatureSchema& schema)
{
    std::string text;
    for (const FeatureColumn& column : schema.columns()) {
        if (!column.categorical())
            continue;
        text += column.name();
        for (const std::string& level : column.levels)
            text += "|" + level;
        text += "\n";
    }
    return text;
}

const char* kRpartScript = R"R(
args <- commandArgs(trailingOnly = TRUE)
lv <- list()
for (line in readLines(args[3])) {
  parts <- strsplit(line, "|", fixed = TRUE)[[1]]
  lv[[parts[1]]] <- parts[-1]
}
prep <- function(d) {
  for (n in names(d))
    d[[n]] <- if (n %in% names(lv)) factor(d[[n]], levels = lv[[n]]) else as.numeric(d[[n]])
  d
}
train <- prep(read.csv(args[1], colClasses = "character"))
probe <- prep(read.csv(args[2], colClasses = "character"))
suppressPackageStartupMessages(library(rpart))
fit <- rpart(y ~ ., data = train, method = "anova",
             control = rpart.control(minsplit = as.integer(args[4]), cp = as.numeric(args[5]),
                                     xval = 0, maxcompete = 0, maxsurrogate = 0))
fr <- fit$frame
row <- 1
for (i in seq_len(nrow(fr))) {
  v <- as.character(fr$var[i])
  cat(sprintf("NODE %s %d %a %a %a\n", v, as.integer(fr$n[i]), fr$dev[i], fr$yval[i],
              fr$complexity[i]))
  if (v != "<leaf>") {
    ncat <- as.integer(fit$splits[row, "ncat"])
    index <- fit$splits[row, "index"]
    codes <- if (ncat > 1) paste(fit$csplit[index, seq_len(ncat)], collapse = ",") else "-"
    cat(sprintf("SPLIT %s %d %a %a %s\n", rownames(fit$splits)[row], ncat, index,
                fit$splits[row, "improve"], codes))
    row <- row + 1 + fr$ncompete[i] + fr$nsurrogate[i]
  }
}
cat(sprintf("PRED %a\n", predict(fit, newdata = probe)), sep = "")
# Optional: predictions of the trees rpart grows at other cp values (same minsplit).
if (length(args) >= 6) {
  for (cp in as.numeric(strsplit(args[6], ",", fixed = TRUE)[[1]])) {
    other <- rpart(y ~ ., data = train, method = "anova",
                   control = rpart.control(minsplit = as.integer(args[4]), cp = cp, xval = 0,
                                           maxcompete = 0, maxsurrogate = 0))
    cat(sprintf("CPPRED %a %a\n", cp, predict(other, newdata = probe)), sep = "")
  }
}
)R";

RpartResult parseRpart(const QString& output)
{
    RpartResult result;
    for (const QString& line : output.split('\n', Qt::SkipEmptyParts)) {
        const QStringList f = line.split(' ', Qt::SkipEmptyParts);
        const auto num = [&f](int i) { return std::strtod(f[i].toStdString().c_str(), nullptr); };
        if (f[0] == "NODE") {
            RpartNode node;
            node.var = f[1].toStdString();
            node.rows = f[2].toInt();
            node.deviance = num(3);
            node.value = num(4);
            node.complexity = num(5);
            result.nodes.push_back(node);
        } else if (f[0] == "SPLIT") {
            RpartNode& node = result.nodes.back();
            node.splitVar = f[1].toStdString();
            node.ncat = f[2].toInt();
            node.index = num(3);
            node.improve = num(4);
            if (node.ncat > 1)
                for (const QString& code : f[5].split(','))
                    node.codes.push_back(code.toInt());
        } else if (f[0] == "PRED") {
            result.predictions.push_back(num(1));
        } else if (f[0] == "CPPRED") {
            result.predictionsAtCp[num(1)].push_back(num(2));
        }
    }
    return result;
}

} // namespace

RpartResult runRpart(const Dataset& data, const Eigen::MatrixXd& probe, int minSplit, double cp,
    ToolRun& run, const std::vector<double>& otherCps)
{
    std::string cps;
    for (const double other : otherCps)
        cps += (cps.empty() ? "" : ",") + hexNumber(other);
    QTemporaryDir dir;
    const auto train = writeFile(dir.path(), "train.csv", datasetCsv(data.schema, data.x, &data.y));
    const auto newData
        = writeFile(dir.path(), "probe.csv", datasetCsv(data.schema, probe, nullptr));
    const auto levels = writeFile(dir.path(), "levels.txt", levelsFile(data.schema));
    QStringList arguments {QString::fromStdString(train), QString::fromStdString(newData),
        QString::fromStdString(levels), QString::number(minSplit),
        QString::fromStdString(hexNumber(cp))};
    if (!cps.empty())
        arguments << QString::fromStdString(cps);
    run = runRscript(kRpartScript, arguments);
    return run.available && run.exitCode == 0 ? parseRpart(run.output) : RpartResult {};
}

/// Agreement to 1e-9, relative for magnitudes above 1 (NaN matches NaN).
bool agrees(double a, double b)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}

namespace {

QString mismatch(std::size_t node, const char* what, double ours, double theirs)
{
    return QStringLiteral("node %1 %2: iolens %3, rpart %4")
        .arg(node)
        .arg(what)
        .arg(ours, 0, 'g', 17)
        .arg(theirs, 0, 'g', 17);
}

/// Empty if the split of `ours` is rpart's split `theirs`, else what differs.
QString compareSplit(
    const Cart& model, const FeatureSchema& schema, std::size_t i, const RpartNode& theirs)
{
    const CartNode& ours = model.nodes()[i];
    const FeatureColumn& column = schema.columns()[static_cast<std::size_t>(ours.feature)];
    if (theirs.splitVar != column.name())
        return QStringLiteral("node %1 splits on %2, rpart on %3")
            .arg(i)
            .arg(QString::fromStdString(column.name()), QString::fromStdString(theirs.splitVar));
    if (!column.categorical()) {
        if (!agrees(ours.cut, theirs.index))
            return mismatch(i, "cut", ours.cut, theirs.index);
        if (theirs.ncat != (ours.lessGoesLeft ? -1 : 1))
            return QStringLiteral("node %1: direction differs").arg(i);
    } else {
        if (theirs.codes.size() != ours.levelSides.size())
            return QStringLiteral("node %1: level count differs").arg(i);
        for (std::size_t l = 0; l < ours.levelSides.size(); ++l)
            if (theirs.codes[l] - 2 != ours.levelSides[l])
                return QStringLiteral("node %1: level %2 goes elsewhere").arg(i).arg(l);
    }
    if (!agrees(ours.improve, theirs.improve))
        return mismatch(i, "improve", ours.improve, theirs.improve);
    return {};
}

} // namespace

/// Empty if the fitted tree is rpart's tree node by node (frame order), else the first difference.
QString compareWithRpart(const Cart& model, const FeatureSchema& schema, const RpartResult& r)
{
    if (model.nodes().size() != r.nodes.size())
        return QStringLiteral("iolens has %1 nodes, rpart %2")
            .arg(model.nodes().size())
            .arg(r.nodes.size());
    for (std::size_t i = 0; i < r.nodes.size(); ++i) {
        const CartNode& ours = model.nodes()[i];
        const RpartNode& theirs = r.nodes[i];
        if (ours.isLeaf() != (theirs.var == "<leaf>"))
            return QStringLiteral("node %1: leaf in one tree only").arg(i);
        if (ours.rows != theirs.rows)
            return mismatch(i, "rows", ours.rows, theirs.rows);
        if (!agrees(ours.value, theirs.value))
            return mismatch(i, "mean", ours.value, theirs.value);
        if (!agrees(ours.deviance, theirs.deviance))
            return mismatch(i, "deviance", ours.deviance, theirs.deviance);
        if (!agrees(model.scaledComplexity(i), theirs.complexity))
            return mismatch(i, "complexity", model.scaledComplexity(i), theirs.complexity);
        if (!ours.isLeaf())
            if (const QString split = compareSplit(model, schema, i, theirs); !split.isEmpty())
                return split;
    }
    return {};
}

} // namespace iolens::test

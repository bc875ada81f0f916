// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/cart_test_data.hpp"

#include "data/measurement_csv.hpp"
#include "support/ensemble_test_data.hpp"
#include "support/test_data.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>

namespace iolens::test {

using namespace iolens::core;

/// Random data with many tied x values and two factors (columns: scheduler, fileset_mib,
/// request_kib, pattern, read_pct, threads); y is a noisy mix of steps and slopes.
Dataset syntheticDataset(unsigned seed, int rows)
{
    std::mt19937 rng(seed);
    const std::vector<std::string> schedulers {"bfq", "kyber", "mq-deadline", "none"};
    std::vector<Configuration> configs;
    Eigen::VectorXd y(rows);
    std::normal_distribution<double> noise(0.0, 1.0);
    for (int i = 0; i < rows; ++i) {
        Configuration c;
        c.scheduler = schedulers[rng() % schedulers.size()];
        c.filesetBytes = std::int64_t {1048576} * static_cast<std::int64_t>(1 + rng() % 40);
        c.requestBytes = 1024 * static_cast<std::int64_t>(1 + rng() % 8);
        c.pattern = rng() % 2 ? Pattern::Random : Pattern::Sequential;
        c.readPct = static_cast<double>(rng() % 1001) / 10.0;
        c.threads = 1 + static_cast<int>(rng() % 4);
        configs.push_back(c);
        const double kib = static_cast<double>(c.requestBytes) / 1024.0;
        y(i) = (kib > 4 ? 6.0 : 1.0) + 0.04 * c.readPct + (c.scheduler == "bfq" ? 3.0 : 0.0)
            + (c.pattern == Pattern::Sequential ? 0.8 * c.threads : 0.0) + noise(rng);
    }
    return iolens::test::datasetFromConfigurations(configs, y);
}

/// Data made of ties: a file set size that is twice the request size (two columns with the same
/// partitions), few distinct values everywhere and a dyadic response, so that candidate splits
/// tie exactly and rpart's tie-breaks (first cut point, lowest column, stable level order) decide.
Dataset tiesDataset(unsigned seed)
{
    std::mt19937 rng(seed);
    const std::vector<std::string> schedulers {"bfq", "kyber", "mq-deadline", "none"};
    std::vector<Configuration> configs;
    Eigen::VectorXd y(120);
    for (int i = 0; i < 120; ++i) {
        Configuration c;
        const int kib = 1 + static_cast<int>(rng() % 6);
        c.requestBytes = 1024 * kib;
        c.filesetBytes = std::int64_t {2} * 1048576 * kib;
        c.scheduler = schedulers[rng() % schedulers.size()];
        c.pattern = rng() % 2 ? Pattern::Random : Pattern::Sequential;
        c.readPct = 25.0 * static_cast<double>(rng() % 5);
        configs.push_back(c);
        const int level = c.scheduler == "bfq" || c.scheduler == "none" ? 2 : 0;
        y(i) = 0.25 * (level + (kib > 3 ? 3 : 0) + static_cast<int>(rng() % 3));
    }
    return iolens::test::datasetFromConfigurations(configs, y);
}

/// Two scheduler levels (kyber, mq-deadline) with exactly the same responses, between a lower
/// and a higher level with few rows: with minsplit 20 (minbucket 7) the only admissible split
/// separates the two tied levels, and rpart's stable level order decides which one goes left.
Dataset levelTiesDataset()
{
    const std::vector<std::string> schedulers {
        "bfq", "kyber", "kyber", "mq-deadline", "mq-deadline", "none"};
    std::vector<Configuration> configs;
    Eigen::VectorXd y(30);
    for (int i = 0; i < 30; ++i) {
        Configuration c;
        c.scheduler = schedulers[static_cast<std::size_t>(i % 6)];
        c.readPct = 25.0 * ((i * 7) % 5); // a distractor
        configs.push_back(c);
        const double base = c.scheduler == "bfq" ? 0.0 : (c.scheduler == "none" ? 2.0 : 1.0);
        y(i) = base + 0.25 * ((i / 6) % 3 - 1);
    }
    return iolens::test::datasetFromConfigurations(configs, y);
}

/// The local grid restricted to one access pattern: the pattern column keeps both levels but
/// holds a single one (a predictor with a single distinct value, as in a cross-validation fold).
Dataset singlePatternDataset()
{
    const Dataset full = gridDataset("local", Metric::RtReadMs, false);
    std::vector<Eigen::Index> keep;
    std::size_t patternColumn = 0;
    for (std::size_t j = 0; j < full.schema.size(); ++j)
        if (full.schema.columns()[j].factor == Factor::Pattern)
            patternColumn = j;
    for (Eigen::Index i = 0; i < full.rows(); ++i)
        if (full.x(i, static_cast<Eigen::Index>(patternColumn)) == 0.0)
            keep.push_back(i);
    Dataset data = full;
    data.x = full.x(keep, Eigen::all);
    data.y = full.y(keep);
    return data;
}

Dataset duplicatedDataset()
{
    const Dataset once = syntheticDataset(11, 50);
    Dataset twice = once;
    twice.x.resize(2 * once.rows(), once.cols());
    twice.x << once.x, once.x;
    twice.y.resize(2 * once.rows());
    twice.y << once.y, once.y;
    return twice;
}

Dataset namedDataset(const QString& name, int metric)
{
    if (name == "local" || name == "tiered")
        return gridDataset(name.toStdString(), static_cast<Metric>(metric), false);
    if (name == "single pattern")
        return singlePatternDataset();
    if (name == "duplicated")
        return duplicatedDataset();
    if (name == "level ties")
        return levelTiesDataset();
    if (name == "ties")
        return tiesDataset(static_cast<unsigned>(metric));
    return syntheticDataset(static_cast<unsigned>(metric), 160); // "synthetic": metric = seed
}

/// Rows to predict besides the training rows: perturbed numeric values, reassigned levels (often
/// a level absent from a node) and some NaN cells (rpart sends those to the larger child).
Eigen::MatrixXd probeRows(const Dataset& data, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> scale(0.5, 1.5);
    Eigen::MatrixXd probe = data.x;
    for (Eigen::Index i = 0; i < probe.rows(); ++i) {
        for (Eigen::Index j = 0; j < probe.cols(); ++j) {
            const auto levels = data.schema.columns()[static_cast<std::size_t>(j)].levels.size();
            if (levels > 0)
                probe(i, j) = static_cast<double>(rng() % levels);
            else
                probe(i, j) *= scale(rng);
        }
        if (i % 10 == 3)
            probe(i, static_cast<Eigen::Index>(rng() % static_cast<unsigned>(probe.cols()))) = NAN;
    }
    Eigen::MatrixXd all(2 * data.rows(), data.cols());
    all << data.x, probe;
    return all;
}

Cart fitted(const Dataset& data, int minSplit, double cp)
{
    Cart model({minSplit, cp});
    model.fit(data);
    return model;
}

/// Bitwise equality of two trees, field by field; empty if equal, else the first difference.
QString compareExactly(const CartTree& a, const CartTree& b)
{
    if (a.nodes.size() != b.nodes.size())
        return QStringLiteral("%1 nodes vs %2").arg(a.nodes.size()).arg(b.nodes.size());
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
        const CartNode& x = a.nodes[i];
        const CartNode& y = b.nodes[i];
        const bool same = x.rows == y.rows && x.value == y.value && x.deviance == y.deviance
            && x.complexity == y.complexity && x.feature == y.feature && x.improve == y.improve
            && x.cut == y.cut && x.lessGoesLeft == y.lessGoesLeft && x.levelSides == y.levelSides
            && x.left == y.left && x.right == y.right;
        if (!same)
            return QStringLiteral("node %1 differs").arg(i);
    }
    return {};
}

/// Growth inputs of a dataset for growCartTree.
std::vector<int> levelCountsOf(const FeatureSchema& schema)
{
    std::vector<int> counts;
    for (const FeatureColumn& column : schema.columns())
        counts.push_back(static_cast<int>(column.levels.size()));
    return counts;
}

/// cp values worth checking: a grid, and exactly the complexity of every split of the cp = 0
/// tree (the boundaries of rpart's cp table, where ties are decided).
std::vector<double> cpsToCheck(const Dataset& data, int minSplit)
{
    std::vector<double> cps {0.0, 1e-5, 1e-4, 3e-4, 1e-3, 3e-3, 0.01, 0.03, 0.1, 0.3, 0.6, 0.999};
    const Cart full = fitted(data, minSplit, 0.0);
    for (std::size_t i = 0; i < full.nodes().size(); ++i)
        if (!full.nodes()[i].isLeaf() && full.scaledComplexity(i) < 1.0)
            cps.push_back(full.scaledComplexity(i));
    return cps;
}

} // namespace iolens::test

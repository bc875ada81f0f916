// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/mars.hpp"

#include "common/counted_noun.hpp"
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "models/pivoted_qr.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

namespace iolens::core {

namespace {

constexpr int kMaxNk = 1000;   // earth's limit
constexpr int kMaxDegree = 10; // earth's R-level limit

// earth refuses NA, NaN and infinite values; so do we, naming the first offending cell.
void checkTrainingData(const Dataset& data)
{
    if (data.rows() < 2)
        throw DataError(
            "Mars::fit: MARS needs at least 2 training rows, got " + std::to_string(data.rows()));
    if (data.y.size() != data.rows())
        throw DataError("Mars::fit: x has " + std::to_string(data.rows()) + " rows but y has "
            + std::to_string(data.y.size()) + " values");
    if (data.cols() != static_cast<Eigen::Index>(data.schema.size()))
        throw DataError("Mars::fit: x has " + std::to_string(data.cols())
            + " columns but the schema has " + std::to_string(data.schema.size()) + " features");
    for (Eigen::Index i = 0; i < data.rows(); ++i) {
        if (!std::isfinite(data.y(i)))
            throw DataError("Mars::fit: the target of row " + std::to_string(i + 1)
                + " is not a finite number (MARS cannot use NaN or infinity)");
        for (Eigen::Index j = 0; j < data.cols(); ++j)
            if (!std::isfinite(data.x(i, j)))
                throw DataError("Mars::fit: feature "
                    + data.schema.columns()[static_cast<std::size_t>(j)].name() + " of row "
                    + std::to_string(i + 1)
                    + " is not a finite number (MARS cannot use NaN or infinity)");
    }
}

void checkParams(const MarsParams& p)
{
    if (p.nk != 0 && (p.nk < 3 || p.nk > kMaxNk))
        throw ConfigError("mars parameter nk = " + std::to_string(p.nk)
            + " is invalid: use 0 (auto) or 3.." + std::to_string(kMaxNk));
    if (!(p.thresh >= 0.0 && p.thresh < 1.0))
        throw ConfigError(
            "mars parameter thresh = " + formatNumber(p.thresh) + " is outside 0 <= thresh < 1");
    if (p.nprune < 2 || p.nprune > kMaxNk)
        throw ConfigError("mars parameter nprune = " + std::to_string(p.nprune) + " is outside 2.."
            + std::to_string(kMaxNk));
    if (p.degree < 1 || p.degree > kMaxDegree)
        throw ConfigError("mars parameter degree = " + std::to_string(p.degree) + " is outside 1.."
            + std::to_string(kMaxDegree));
}

} // namespace

MarsPrunedPrefix MarsPrunedPrefix::compute(
    const MarsForwardPass& pass, MarsForwardPass::Prefix prefix, const Eigen::VectorXd& y)
{
    MarsPrunedPrefix pruned;
    pruned.prefix = prefix;
    pruned.basis = pass.basis(prefix.steps);
    pruned.pruning = MarsPruning::run(pruned.basis.columns, y);
    return pruned;
}

// Search ranges are ICPE'13 Table 2's "used range" (nnodes [3, 800], threshold [0, 0.999],
// nprune [2, 800]); the paper tunes MARS with interactions at a fixed degree. The search range
// of nk leaves out 0 (auto), which is only a default.
std::vector<ParamSpec> Mars::paramSpecs() const
{
    ParamSpec nk {"nk",
        "maximum terms of the forward pass, intercept included; 0 = auto: "
        "min(200, max(20, 2 x predictor columns)) + 1",
        "nnodes (earth nk)", true, 0, kMaxNk, 0, false};
    nk.searchLow = 3;
    nk.searchHigh = 800;
    ParamSpec thresh {"thresh", "forward pass stops when a step raises R-squared by less than this",
        "threshold (earth thresh)", false, 0.0, std::nextafter(1.0, 0.0), // thresh < 1
        0.001, false};
    thresh.searchLow = 0.0;
    thresh.searchHigh = 0.999;
    ParamSpec nprune {"nprune",
        "maximum terms kept by pruning, intercept included (more than the forward "
        "pass keeps the lowest-GCV size)",
        "nprune (earth nprune)", true, 2, kMaxNk, kMaxNk, false};
    nprune.searchLow = 2;
    nprune.searchHigh = 800;
    ParamSpec degree {"degree", "highest interaction order of a term", "degree (earth degree)",
        true, 1, kMaxDegree, 2, false};
    return {nk, thresh, nprune, degree};
}

ParamValues Mars::parameters() const
{
    return {{"nk", m_params.nk}, {"thresh", m_params.thresh}, {"nprune", m_params.nprune},
        {"degree", m_params.degree}};
}

void Mars::setParameters(const ParamValues& values)
{
    const ParamValues resolved = resolveParameters(kTechnique, paramSpecs(), values);
    MarsParams params;
    params.nk = static_cast<int>(resolved.at("nk"));
    params.thresh = resolved.at("thresh");
    params.nprune = static_cast<int>(resolved.at("nprune"));
    params.degree = static_cast<int>(resolved.at("degree"));
    setParams(params);
}

void Mars::setParams(const MarsParams& params)
{
    checkParams(params);
    m_params = params;
    m_fitted = false;
}

int Mars::resolvedNk(int nk, int predictors)
{
    return nk != 0 ? nk : std::min(200, std::max(20, 2 * predictors)) + 1;
}

MarsForwardSettings Mars::forwardSettings(const MarsParams& params, int predictors)
{
    MarsForwardSettings settings;
    settings.degree = params.degree;
    settings.maxTerms = resolvedNk(params.nk, predictors);
    settings.threshold = params.thresh;
    settings.penalty = penalty(params.degree);
    return settings;
}

Eigen::MatrixXd Mars::predictorMatrix(const FeatureSchema& schema, const Eigen::MatrixXd& x)
{
    const InteractionDesign design(schema, 1);
    const Eigen::MatrixXd full = design.expand(x);
    return full.rightCols(full.cols() - 1); // without the intercept
}

int Mars::predictorCount(const FeatureSchema& schema)
{
    return static_cast<int>(InteractionDesign(schema, 1).size()) - 1;
}

void Mars::prepareDesign(const FeatureSchema& schema)
{
    m_design = InteractionDesign(schema, 1);
    m_featureCount = static_cast<Eigen::Index>(schema.size());
    m_names.names.assign(m_design.names().begin() + 1, m_design.names().end());
}

FitReport Mars::fit(const Dataset& data)
{
    const auto start = std::chrono::steady_clock::now();
    checkTrainingData(data);
    const Eigen::MatrixXd predictors = predictorMatrix(data.schema, data.x);
    const double spread = data.y.maxCoeff() - data.y.minCoeff();
    FitReport report;
    auto training = std::make_shared<TrainingState>();
    training->data = data;
    if (predictors.cols() == 0 || spread == 0.0) {
        prepareDesign(data.schema);
        report = interceptOnly(data,
            predictors.cols() == 0 ? "no predictor varies: intercept-only model"
                                   : "the target is constant: intercept-only model");
    } else {
        const auto p = static_cast<int>(predictors.cols());
        training->pass = MarsForwardPass::run(predictors, data.y, forwardSettings(m_params, p));
        training->hasPass = true;
        const MarsForwardPass& pass = training->pass;
        const MarsForwardPass::Prefix prefix
            = pass.prefix(pass.settings().maxTerms, pass.settings().threshold);
        report = fitFromPrefix(data, MarsPrunedPrefix::compute(pass, prefix, data.y));
    }
    m_training = std::move(training);
    report.seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

FitReport Mars::fitFromPrefix(const Dataset& data, const MarsPrunedPrefix& pruned)
{
    const Eigen::Index n = data.rows();
    if (pruned.basis.columns.rows() != n
        || pruned.pruning.maxSize() != static_cast<int>(pruned.basis.terms.size()))
        throw StateError("Mars::fitFromPrefix: the pruned prefix has "
            + std::to_string(pruned.basis.columns.rows()) + " rows, the data " + std::to_string(n));
    prepareDesign(data.schema);
    m_training.reset(); // fit() sets it again; a model built from a prefix cannot derive others
    const int p = static_cast<int>(m_names.names.size());
    const int size = pruned.pruning.selectSize(m_params.nprune, penalty(m_params.degree), n);
    std::vector<int> subset = pruned.pruning.subset(size);
    std::sort(subset.begin(), subset.end()); // forward-pass order, intercept first
    Eigen::MatrixXd columns(n, static_cast<Eigen::Index>(subset.size()));
    m_terms.clear();
    for (std::size_t j = 0; j < subset.size(); ++j) {
        columns.col(static_cast<Eigen::Index>(j)) = pruned.basis.columns.col(subset[j]);
        m_terms.push_back(pruned.basis.terms[static_cast<std::size_t>(subset[j])]);
    }
    const LeastSquaresFit ls = fitLeastSquares(columns, data.y);
    m_coefficients = ls.coefficients;
    m_names.countLike = countLikeColumns(predictorMatrix(data.schema, data.x));
    m_stats.rss = pruned.pruning.rss(size);
    m_stats.rssNull = pruned.pruning.rss(1);
    m_stats.gcv = MarsPruning::gcv(m_stats.rss, size, penalty(m_params.degree), n);
    m_stats.gcvNull = MarsPruning::gcv(m_stats.rssNull, 1, penalty(m_params.degree), n);
    m_stats.forwardTerms = static_cast<int>(pruned.basis.terms.size());
    m_stats.nk = resolvedNk(m_params.nk, p);
    m_stats.rows = static_cast<int>(n);
    m_stats.stopReason = pruned.prefix.reason;
    m_fitted = true;

    FitReport report;
    setTrainingFit(report, ls.residuals.squaredNorm(), data.y);
    if (size == 1)
        report.warnings.push_back("pruned to the intercept: no term lowers the GCV");
    if (ls.rank < static_cast<int>(subset.size()))
        report.warnings.push_back(
            countedNoun(subset.size() - static_cast<std::size_t>(ls.rank), "selected term")
            + " not estimable (aliased)");
    return report;
}

FitReport Mars::interceptOnly(const Dataset& data, const std::string& reason)
{
    const Eigen::Index n = data.rows();
    m_terms.assign(1, MarsTerm {});
    m_coefficients = Eigen::VectorXd::Constant(1, data.y.mean());
    m_names.countLike.assign(m_names.names.size(), false);
    const double rss = (data.y.array() - data.y.mean()).square().sum();
    m_stats = {};
    m_stats.rss = m_stats.rssNull = rss;
    m_stats.gcv = m_stats.gcvNull = MarsPruning::gcv(rss, 1, penalty(m_params.degree), n);
    m_stats.nk = resolvedNk(m_params.nk, static_cast<int>(m_names.names.size()));
    m_stats.rows = static_cast<int>(n);
    m_fitted = true;
    FitReport report;
    setTrainingFit(report, rss, data.y);
    report.warnings.push_back(reason);
    return report;
}

Eigen::VectorXd Mars::predict(const Eigen::MatrixXd& x) const
{
    if (!m_fitted)
        throw StateError("Mars::predict: the model is not fitted");
    if (x.cols() != m_featureCount)
        throw DataError("Mars::predict: x has " + std::to_string(x.cols())
            + " feature columns, the model was trained on " + std::to_string(m_featureCount));
    // A view of the predictors and one buffer for every term: a thread-share candidate asks its
    // MARS model several times per sweep point, and each ask copied the predictors and
    // allocated a vector per term.
    const Eigen::MatrixXd full = m_design.expand(x);
    const Eigen::Ref<const Eigen::MatrixXd> predictors = full.rightCols(full.cols() - 1);
    Eigen::VectorXd y = Eigen::VectorXd::Zero(x.rows());
    Eigen::ArrayXd term;
    for (std::size_t m = 0; m < m_terms.size(); ++m) {
        m_terms[m].evaluateInto(predictors, term);
        y.array() += m_coefficients(static_cast<Eigen::Index>(m)) * term;
    }
    return y;
}

Eigen::VectorXd Mars::predictWith(const Eigen::MatrixXd& x, const MarsParams& member) const
{
    return predictWith(x, std::vector<MarsParams> {member}).front();
}

std::vector<Eigen::VectorXd> Mars::predictWith(
    const Eigen::MatrixXd& x, const std::vector<MarsParams>& members) const
{
    if (!m_fitted || !m_training)
        throw StateError("Mars::predictWith: the model holds no forward pass (not fitted, or "
                         "loaded from a file); fit it to derive other parameter values");
    std::vector<Eigen::VectorXd> out;
    std::map<const Mars*, Eigen::VectorXd> predictions; // members may share one model
    const int p = m_training->hasPass ? predictorCount(m_training->data.schema) : 0;
    for (const MarsParams& member : members) {
        checkParams(member);
        if (member.degree != m_params.degree)
            throw ConfigError("Mars::predictWith: degree " + std::to_string(member.degree)
                + " cannot be derived from a fit of degree " + std::to_string(m_params.degree));
        if (!m_training->hasPass) {
            Mars derived; // an intercept-only fit without a forward pass: refitting is cheap
            derived.setParams(member);
            derived.fit(m_training->data);
            out.push_back(derived.predict(x));
            continue;
        }
        const std::shared_ptr<const Mars> model = derivedModel(member, p);
        auto done = predictions.find(model.get());
        if (done == predictions.end())
            done = predictions.emplace(model.get(), model->predict(x)).first;
        out.push_back(done->second);
    }
    return out;
}

std::shared_ptr<const Mars> Mars::derivedModel(const MarsParams& member, int predictors) const
{
    const TrainingState& training = *m_training;
    const Dataset& data = training.data;
    const MarsForwardPass::Prefix prefix
        = training.pass.prefix(resolvedNk(member.nk, predictors), member.thresh);
    // Made outside the lock, so threads asking for other prefixes do not wait; two threads may
    // make the same one, and the first kept serves both (they are equal). The kept prefix holds
    // no basis columns (n x terms doubles, most of its memory): a size not refitted yet takes
    // them from the pass again, which costs the QR but not the pruning pass.
    std::shared_ptr<TrainingState::Derived> derived;
    {
        const std::lock_guard<std::mutex> lock(training.derivedMutex);
        if (const auto it = training.derived.find(prefix.steps); it != training.derived.end())
            derived = it->second;
    }
    std::optional<MarsPrunedPrefix> full; // with its columns, when made here
    if (!derived) {
        full = MarsPrunedPrefix::compute(training.pass, prefix, data.y);
        auto made = std::make_shared<TrainingState::Derived>();
        made->pruned.prefix = full->prefix;
        made->pruned.basis.terms = full->basis.terms;
        made->pruned.basis.forwardTerms = full->basis.forwardTerms;
        made->pruned.pruning = full->pruning;
        const std::lock_guard<std::mutex> lock(training.derivedMutex);
        derived = training.derived.emplace(prefix.steps, std::move(made)).first->second;
    }
    // The refit depends only on the selected subset, i.e. on the prefix and the size.
    const int size
        = derived->pruned.pruning.selectSize(member.nprune, penalty(member.degree), data.rows());
    {
        const std::lock_guard<std::mutex> lock(training.derivedMutex);
        if (const auto it = derived->bySize.find(size); it != derived->bySize.end())
            return it->second;
    }
    if (!full) {
        full = derived->pruned;
        full->basis = training.pass.basis(prefix.steps);
    }
    auto model = std::make_shared<Mars>();
    model->setParams(member);
    model->fitFromPrefix(data, *full);
    const std::lock_guard<std::mutex> lock(training.derivedMutex);
    return derived->bySize.emplace(size, std::move(model)).first->second;
}

std::vector<std::string> Mars::termNames() const
{
    std::vector<std::string> names;
    for (const MarsTerm& term : m_terms)
        names.push_back(marsTermName(term, m_names));
    return names;
}

double Mars::grsq() const
{
    return m_stats.gcvNull > 0 ? 1.0 - m_stats.gcv / m_stats.gcvNull : 0.0;
}

double Mars::rSquared() const
{
    return m_stats.rssNull > 0 ? 1.0 - m_stats.rss / m_stats.rssNull : 0.0;
}

std::unique_ptr<Regressor> Mars::clone() const
{
    return std::make_unique<Mars>(*this);
}

MarsPath::MarsPath(const Dataset& data, int degree, int maxNk)
    : m_data(data)
    , m_degree(degree)
    , m_maxNk(maxNk)
{
    checkTrainingData(data);
    MarsParams params;
    params.degree = degree;
    params.nk = maxNk;
    params.thresh = 0.0;
    checkParams(params);
    const Eigen::MatrixXd predictors = Mars::predictorMatrix(data.schema, data.x);
    const auto p = static_cast<int>(predictors.cols());
    if (p > 0)
        m_pass = MarsForwardPass::run(predictors, data.y, Mars::forwardSettings(params, p));
}

Mars MarsPath::model(const MarsParams& params)
{
    Mars mars;
    mars.setParams(params);
    if (params.degree != m_degree)
        throw ConfigError("MarsPath::model: degree " + std::to_string(params.degree)
            + " requested from a path of degree " + std::to_string(m_degree));
    const int p = Mars::predictorCount(m_data.schema);
    if (p == 0 || m_data.y.maxCoeff() == m_data.y.minCoeff()) {
        mars.fit(m_data); // the intercept-only model needs no forward pass
        return mars;
    }
    const MarsForwardPass::Prefix prefix
        = m_pass.prefix(Mars::resolvedNk(params.nk, p), params.thresh);
    auto it = m_pruned.find(prefix.steps);
    if (it == m_pruned.end())
        it = m_pruned.emplace(prefix.steps, MarsPrunedPrefix::compute(m_pass, prefix, m_data.y))
                 .first;
    MarsPrunedPrefix pruned = it->second;
    pruned.prefix = prefix; // same steps; this (nk, thresh)'s own stop reason
    mars.fitFromPrefix(m_data, pruned);
    return mars;
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/penalized_linear.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>

namespace iolens::core {

namespace {

constexpr double kMaxSeed = 2147483647.0;
constexpr double kRidgeMinRatio = 1e-7;
constexpr double kUnbounded = std::numeric_limits<double>::infinity();

std::string penaltyTitle(Penalty penalty)
{
    switch (penalty) {
    case Penalty::Lasso:
        return "Lasso";
    case Penalty::Ridge:
        return "Ridge regression";
    case Penalty::ElasticNet:
        return "Elastic net";
    }
    return {};
}

// The design without its intercept column: glmnet fits the intercept unpenalised on its own.
Eigen::MatrixXd slopeColumns(const InteractionDesign& design, const Eigen::MatrixXd& x)
{
    const Eigen::MatrixXd full = design.expand(x);
    return full.rightCols(full.cols() - 1);
}

} // namespace

PenalizedLinear::PenalizedLinear(Penalty penalty)
    : m_penalty(penalty)
{
    m_params.alpha = penalty == Penalty::Lasso ? 1.0 : (penalty == Penalty::Ridge ? 0.0 : 0.5);
    if (penalty == Penalty::Ridge)
        m_params.lambdaMinRatio = kRidgeMinRatio;
}

std::string PenalizedLinear::technique() const
{
    switch (m_penalty) {
    case Penalty::Lasso:
        return kLasso;
    case Penalty::Ridge:
        return kRidge;
    case Penalty::ElasticNet:
        return kElasticNet;
    }
    return {};
}

std::vector<ParamSpec> PenalizedLinear::paramSpecs() const
{
    std::vector<ParamSpec> specs;
    if (m_penalty == Penalty::ElasticNet)
        specs.push_back({"alpha", "mixing: 1 = lasso (L1), 0 = ridge (L2)", "glmnet alpha", false,
            0, 1, 0.5, false, 0, 1});
    specs.push_back({"degree", "design: 1 = main effects, 2 = plus pairwise products",
        "y ~ .^degree", true, 1, 4, 2, false, 1, 2});
    specs.push_back({"nlambda", "number of lambda values on the path", "glmnet nlambda", true, 1,
        1000, 100, false});
    // Ridge's lambda_max is divided by max(alpha, 1e-3), a thousand times the lasso's, so with
    // glmnet's 1e-4 its path ends where the penalty still shrinks hard: cross-validation chose
    // that end for every metric of the shared datasets. 1e-7 ends it at the lasso's last lambda.
    const double ratio = m_penalty == Penalty::Ridge ? kRidgeMinRatio : 0.0;
    specs.push_back({"lambda_min_ratio",
        "smallest lambda / lambda_max (0 = glmnet default: 1e-4, 0.01 if p > n)",
        "glmnet lambda.min.ratio", false, 0, 0.99, ratio, false});
    specs.push_back({"folds", "cross-validation folds that choose lambda", "cv.glmnet nfolds", true,
        3, 100, 10, false});
    specs.push_back({"lambda", "fixed penalty weight in response units (0 = choose by CV)",
        "glmnet lambda", false, 0, kUnbounded, 0, false});
    specs.push_back({"one_se", "lambda rule: 0 = minimum CV error, 1 = within one standard error",
        "lambda.min / lambda.1se", true, 0, 1, 0, false});
    specs.push_back(
        {"seed", "seed of the cross-validation folds", "", true, 0, kMaxSeed, 1, false});
    specs.push_back({"thresh", "coordinate-descent convergence threshold", "glmnet thresh", false,
        1e-30, 1e-2, 1e-7, true});
    return specs;
}

ParamValues PenalizedLinear::parameters() const
{
    ParamValues values {{"degree", m_params.degree}, {"nlambda", m_params.nlambda},
        {"lambda_min_ratio", m_params.lambdaMinRatio}, {"folds", m_params.folds},
        {"lambda", m_params.lambda}, {"one_se", m_params.oneStdError ? 1.0 : 0.0},
        {"seed", m_params.seed}, {"thresh", m_params.thresh}};
    if (m_penalty == Penalty::ElasticNet)
        values["alpha"] = m_params.alpha;
    return values;
}

void PenalizedLinear::setParameters(const ParamValues& values)
{
    const ParamValues r = resolveParameters(technique(), paramSpecs(), values);
    if (m_penalty == Penalty::ElasticNet)
        m_params.alpha = r.at("alpha");
    m_params.degree = static_cast<int>(r.at("degree"));
    m_params.nlambda = static_cast<int>(r.at("nlambda"));
    m_params.lambdaMinRatio = r.at("lambda_min_ratio");
    m_params.folds = static_cast<int>(r.at("folds"));
    m_params.lambda = r.at("lambda");
    m_params.oneStdError = r.at("one_se") == 1.0;
    m_params.seed = static_cast<int>(r.at("seed"));
    m_params.thresh = r.at("thresh");
    m_fitted = false;
}

FitReport PenalizedLinear::fit(const Dataset& data)
{
    const auto start = std::chrono::steady_clock::now();
    if (data.rows() < 3)
        throw DataError(technique() + ": at least 3 rows are needed to fit, have "
            + std::to_string(data.rows()));
    m_design = InteractionDesign(data.schema, m_params.degree);
    const Eigen::MatrixXd x = slopeColumns(m_design, data.x);
    ElasticNetOptions options;
    options.alpha = m_params.alpha;
    options.nlambda = m_params.nlambda;
    options.lambdaMinRatio = m_params.lambdaMinRatio;
    options.thresh = m_params.thresh;

    FitReport report;
    ElasticNetPath path;
    std::size_t chosen = 0;
    if (m_params.lambda > 0.0) {
        const ElasticNetProblem problem(x, data.y);
        path = problem.fitAtLambda(m_params.lambda, options);
        chosen = path.lambdas.size() - 1;
        m_lambdaMax = problem.lambdaMax(options.alpha);
        m_cvError = -1.0;
    } else {
        const int folds = static_cast<int>(std::min<Eigen::Index>(m_params.folds, data.rows()));
        const LambdaCrossValidation cv = crossValidateLambda(
            x, data.y, options, folds, static_cast<std::uint64_t>(m_params.seed));
        chosen = cv.chosen(m_params.oneStdError ? LambdaRule::OneStdError : LambdaRule::Minimum);
        m_cvError = cv.cvm[chosen];
        m_lambdaMax = cv.path.lambdas.front();
        path = cv.path;
        if (chosen + 1 == path.lambdas.size() && path.lambdas.size() > 1)
            report.warnings.push_back("cross-validation chose the smallest lambda of the path; "
                                      "a smaller lambda_min_ratio may fit better");
    }
    if (!path.converged)
        report.warnings.push_back("coordinate descent stopped at its pass limit before converging");
    if ((data.y.array() == data.y(0)).all())
        report.warnings.push_back("the response is constant: the model is its mean");
    m_lambda = path.lambdas[chosen];
    m_intercept = path.intercepts(static_cast<Eigen::Index>(chosen));
    m_slopes = path.slopes.col(static_cast<Eigen::Index>(chosen));
    m_fitted = true;

    setTrainingFit(report, (predict(data.x) - data.y).squaredNorm(), data.y);
    report.seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

Eigen::VectorXd PenalizedLinear::predict(const Eigen::MatrixXd& x) const
{
    if (!m_fitted)
        throw StateError(technique() + "::predict: the model is not fitted");
    return (slopeColumns(m_design, x) * m_slopes).array() + m_intercept;
}

std::vector<std::string> PenalizedLinear::termNames() const
{
    const auto& names = m_design.names();
    return names.empty() ? names : std::vector<std::string>(names.begin() + 1, names.end());
}

std::string PenalizedLinear::describe() const
{
    if (!m_fitted)
        return penaltyTitle(m_penalty) + " (not fitted)";
    const std::vector<std::string> names = termNames();
    const auto nonZero = (m_slopes.array() != 0.0).count();
    std::string text = penaltyTitle(m_penalty) + " (glmnet, alpha = " + formatNumber(m_params.alpha)
        + "), design "
        + (m_params.degree == 1 ? std::string("main effects")
                                : "y ~ .^" + std::to_string(m_params.degree))
        + ", " + std::to_string(names.size()) + " terms\n";
    text += "lambda = " + formatNumber(m_lambda);
    if (m_cvError >= 0.0)
        text += std::string(" chosen by ") + std::to_string(m_params.folds) + "-fold CV ("
            + (m_params.oneStdError ? "one standard error rule" : "minimum CV error")
            + ", CV mean squared error " + formatNumber(m_cvError) + ")";
    else
        text += " (fixed)";
    text += "; lambda_max = " + formatNumber(m_lambdaMax) + "\n";
    text += std::to_string(nonZero) + " of " + std::to_string(names.size()) + " terms non-zero:\n";
    char line[160];
    std::snprintf(
        line, sizeof line, "  %-40s %s\n", "(Intercept)", formatNumber(m_intercept).c_str());
    text += line;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const double value = m_slopes(static_cast<Eigen::Index>(i));
        if (value == 0.0)
            continue;
        std::snprintf(
            line, sizeof line, "  %-40s %s\n", names[i].c_str(), formatNumber(value).c_str());
        text += line;
    }
    return text;
}

nlohmann::json PenalizedLinear::saveState() const
{
    if (!m_fitted)
        throw StateError(technique() + "::saveState: the model is not fitted");
    nlohmann::json terms = nlohmann::json::array();
    const std::vector<std::string> names = termNames();
    for (std::size_t i = 0; i < names.size(); ++i)
        terms.push_back(
            {{"name", names[i]}, {"coefficient", m_slopes(static_cast<Eigen::Index>(i))}});
    return {{"lambda", m_lambda}, {"lambda_max", m_lambdaMax}, {"cv_mse", m_cvError},
        {"intercept", m_intercept}, {"terms", terms}};
}

void PenalizedLinear::loadState(const nlohmann::json& state, const FeatureSchema& schema)
{
    m_design = InteractionDesign(schema, m_params.degree);
    const std::vector<std::string> names = termNames();
    const auto& terms = state.at("terms");
    if (terms.size() != names.size())
        throw DataError("model file: " + technique() + " has " + std::to_string(terms.size())
            + " terms, its features imply " + std::to_string(names.size()));
    m_slopes.resize(static_cast<Eigen::Index>(names.size()));
    for (std::size_t i = 0; i < terms.size(); ++i) {
        if (terms[i].at("name").get<std::string>() != names[i])
            throw DataError("model file: term " + std::to_string(i) + " is '"
                + terms[i].at("name").get<std::string>() + "', expected '" + names[i] + "'");
        m_slopes(static_cast<Eigen::Index>(i)) = terms[i].at("coefficient").get<double>();
    }
    m_lambda = state.at("lambda").get<double>();
    m_lambdaMax = state.at("lambda_max").get<double>();
    m_cvError = state.at("cv_mse").get<double>();
    m_intercept = state.at("intercept").get<double>();
    m_fitted = true;
}

std::unique_ptr<Regressor> PenalizedLinear::clone() const
{
    return std::make_unique<PenalizedLinear>(*this);
}

} // namespace iolens::core

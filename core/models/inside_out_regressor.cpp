// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/inside_out_regressor.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <chrono>

namespace iolens::core {

namespace {

// The design without its intercept column (the lasso fits its own intercept).
Eigen::MatrixXd featureColumns(const InteractionDesign& design, const Eigen::MatrixXd& x)
{
    const Eigen::MatrixXd full = design.expand(x);
    return full.rightCols(full.cols() - 1);
}

std::vector<std::string> featureNames(const InteractionDesign& design)
{
    return {design.names().begin() + 1, design.names().end()};
}

} // namespace

std::vector<ParamSpec> InsideOutRegressor::paramSpecs() const
{
    return {
        {"filter",
            "level-1 filter: 0 = ridge (Inside-Out), 1 = decision tree (Auto-DTL), "
            "2 = random forest (Auto-RFL)",
            "m1 (Algorithm 1)", true, 0, 2, 0, false},
        {"threshold_max", "largest threshold alpha of the grid (x median importance)",
            "alpha_N (Algorithm 1)", false, 0, 100, 2, false},
        {"threshold_steps", "thresholds in the grid, evenly spaced from 0", "N (Algorithm 1)", true,
            1, 100, 9, false},
        {"degree", "design: 1 = main effects, 2 = plus pairwise products", "y ~ .^degree", true, 1,
            4, 2, false, 1, 2},
        {"folds", "cross-validation folds (thresholds and lambdas)", "k (Algorithm 1)", true, 3,
            100, 10, false},
        {"seed", "seed of the cross-validation folds", "", true, 0, 2147483647.0, 1, false},
        {"nlambda", "number of lambda values on each path", "glmnet nlambda", true, 1, 1000, 100,
            false},
        {"lambda_min_ratio", "smallest lambda / lambda_max (0 = glmnet default)",
            "glmnet lambda.min.ratio", false, 0, 0.99, 0, false},
        {"one_se", "lasso lambda rule: 0 = minimum CV error, 1 = within one standard error",
            "lambda.min / lambda.1se", true, 0, 1, 0, false},
        {"thresh", "coordinate-descent convergence threshold", "glmnet thresh", false, 1e-30, 1e-2,
            1e-7, true},
    };
}

ParamValues InsideOutRegressor::parameters() const
{
    return {{"filter", static_cast<double>(m_params.filter)},
        {"threshold_max", m_params.thresholdMax}, {"threshold_steps", m_params.thresholdSteps},
        {"degree", m_degree}, {"folds", m_params.folds},
        {"seed", static_cast<double>(m_params.seed)}, {"nlambda", m_params.path.nlambda},
        {"lambda_min_ratio", m_params.path.lambdaMinRatio},
        {"one_se", m_params.rule == LambdaRule::OneStdError ? 1.0 : 0.0},
        {"thresh", m_params.path.thresh}};
}

void InsideOutRegressor::setParameters(const ParamValues& values)
{
    const ParamValues r = resolveParameters(kTechnique, paramSpecs(), values);
    m_params.filter = static_cast<FeatureFilter>(static_cast<int>(r.at("filter")));
    m_params.thresholdMax = r.at("threshold_max");
    m_params.thresholdSteps = static_cast<int>(r.at("threshold_steps"));
    m_degree = static_cast<int>(r.at("degree"));
    m_params.folds = static_cast<int>(r.at("folds"));
    m_params.seed = static_cast<std::uint64_t>(r.at("seed"));
    m_params.path.nlambda = static_cast<int>(r.at("nlambda"));
    m_params.path.lambdaMinRatio = r.at("lambda_min_ratio");
    m_params.rule = r.at("one_se") == 1.0 ? LambdaRule::OneStdError : LambdaRule::Minimum;
    m_params.path.thresh = r.at("thresh");
    m_model.reset();
}

FitReport InsideOutRegressor::fit(const Dataset& data)
{
    const auto start = std::chrono::steady_clock::now();
    if (data.rows() < 3)
        throw DataError(
            "insideout: at least 3 rows are needed to fit, have " + std::to_string(data.rows()));
    m_design = InteractionDesign(data.schema, m_degree);
    InsideOutParams params = m_params;
    params.folds = static_cast<int>(std::min<Eigen::Index>(params.folds, data.rows()));
    m_model = InsideOutModel::fit(
        featureColumns(m_design, data.x), data.y, featureNames(m_design), params);

    FitReport report;
    setTrainingFit(report, (predict(data.x) - data.y).squaredNorm(), data.y);
    if (m_model->kept().empty())
        report.warnings.push_back("no feature passed the filter: the model is the mean");
    report.seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

Eigen::VectorXd InsideOutRegressor::predict(const Eigen::MatrixXd& x) const
{
    if (!m_model)
        throw StateError("insideout::predict: the model is not fitted");
    return m_model->predict(featureColumns(m_design, x));
}

std::string InsideOutRegressor::describe() const
{
    if (!m_model)
        return "Inside-Out two-level learner (not fitted)";
    return "Design "
        + (m_degree == 1 ? std::string("main effects") : "y ~ .^" + std::to_string(m_degree)) + "\n"
        + m_model->describe();
}

nlohmann::json InsideOutRegressor::saveState() const
{
    if (!m_model)
        throw StateError("insideout::saveState: the model is not fitted");
    return m_model->toJson();
}

void InsideOutRegressor::loadState(const nlohmann::json& state, const FeatureSchema& schema)
{
    m_design = InteractionDesign(schema, m_degree);
    InsideOutModel model = InsideOutModel::fromJson(state);
    if (model.names() != featureNames(m_design))
        throw DataError("model file: the Inside-Out features do not match the design of the "
                        "model's schema and degree");
    m_model = std::move(model);
}

std::unique_ptr<Regressor> InsideOutRegressor::clone() const
{
    return std::make_unique<InsideOutRegressor>(*this);
}

} // namespace iolens::core

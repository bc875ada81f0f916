// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/linear_model.hpp"

#include "common/counted_noun.hpp"
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "models/pivoted_qr.hpp"

#include <chrono>
#include <cstdio>

namespace iolens::core {

std::vector<ParamSpec> LinearModel::paramSpecs() const
{
    return {{"degree", "highest interaction order (1 = main effects only)", "y ~ .^degree", true, 1,
        4, 2, false}};
}

ParamValues LinearModel::parameters() const
{
    return {{"degree", m_params.degree}};
}

void LinearModel::setParameters(const ParamValues& values)
{
    const ParamValues resolved = resolveParameters(kTechnique, paramSpecs(), values);
    m_params.degree = static_cast<int>(resolved.at("degree"));
    m_fitted = false;
}

FitReport LinearModel::fit(const Dataset& data)
{
    const auto start = std::chrono::steady_clock::now();
    m_design = InteractionDesign(data.schema, m_params.degree);
    const Eigen::MatrixXd design = m_design.expand(data.x);
    const LeastSquaresFit ls = fitLeastSquares(design, data.y);
    m_coefficients = ls.coefficients;
    m_aliased = ls.aliased;
    m_fitted = true;

    FitReport report;
    setTrainingFit(report, ls.residuals.squaredNorm(), data.y);
    const int aliasedCount = static_cast<int>(design.cols()) - ls.rank;
    if (aliasedCount > 0)
        report.warnings.push_back(countedNoun(static_cast<std::size_t>(aliasedCount), "term")
            + " not estimable (aliased with earlier terms)");
    if (ls.rank >= data.rows())
        report.warnings.push_back("as many terms as training rows: the fit is exact and will not "
                                  "generalise");
    report.seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

Eigen::VectorXd LinearModel::predict(const Eigen::MatrixXd& x) const
{
    if (!m_fitted)
        throw StateError("LinearModel::predict: the model is not fitted");
    return m_design.expand(x) * m_coefficients;
}

std::string LinearModel::describe() const
{
    if (!m_fitted)
        return "linear regression (not fitted)";
    std::string text
        = "Linear regression, interactions up to degree " + std::to_string(m_params.degree) + "\n";
    char line[160];
    for (std::size_t i = 0; i < m_design.names().size(); ++i) {
        const std::string value = m_aliased[i]
            ? std::string("NA (aliased)")
            : formatNumber(m_coefficients(static_cast<Eigen::Index>(i)));
        std::snprintf(
            line, sizeof line, "  %-40s %s\n", m_design.names()[i].c_str(), value.c_str());
        text += line;
    }
    return text;
}

nlohmann::json LinearModel::saveState() const
{
    if (!m_fitted)
        throw StateError("LinearModel::saveState: the model is not fitted");
    nlohmann::json terms = nlohmann::json::array();
    for (std::size_t i = 0; i < m_design.names().size(); ++i)
        terms.push_back({{"name", m_design.names()[i]},
            {"coefficient", m_coefficients(static_cast<Eigen::Index>(i))},
            {"aliased", static_cast<bool>(m_aliased[i])}});
    return {{"terms", terms}};
}

void LinearModel::loadState(const nlohmann::json& state, const FeatureSchema& schema)
{
    m_design = InteractionDesign(schema, m_params.degree);
    const auto& terms = state.at("terms");
    if (terms.size() != static_cast<std::size_t>(m_design.size()))
        throw DataError("model file: linear model has " + std::to_string(terms.size())
            + " terms, its features imply " + std::to_string(m_design.size()));
    m_coefficients.resize(m_design.size());
    m_aliased.assign(terms.size(), false);
    for (std::size_t i = 0; i < terms.size(); ++i) {
        if (terms[i].at("name").get<std::string>() != m_design.names()[i])
            throw DataError("model file: term " + std::to_string(i) + " is '"
                + terms[i].at("name").get<std::string>() + "', expected '" + m_design.names()[i]
                + "'");
        m_coefficients(static_cast<Eigen::Index>(i)) = terms[i].at("coefficient").get<double>();
        m_aliased[i] = terms[i].at("aliased").get<bool>();
    }
    m_fitted = true;
}

std::unique_ptr<Regressor> LinearModel::clone() const
{
    return std::make_unique<LinearModel>(*this);
}

} // namespace iolens::core

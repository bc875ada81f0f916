// SPDX-License-Identifier: GPL-3.0-or-later
// Mars: the description for a person and the versioned model state.
#include "models/mars.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <set>

namespace iolens::core {

std::string Mars::describe() const
{
    if (!m_fitted)
        return "MARS (not fitted)";
    std::string text = "MARS (as R earth), interactions up to degree "
        + std::to_string(m_params.degree) + ", GCV penalty "
        + formatNumber(penalty(m_params.degree)) + " per knot\n";
    std::set<int> predictors;
    for (const MarsTerm& term : m_terms)
        for (const MarsFactor& f : term.factors)
            predictors.insert(f.predictor);
    text += "Selected " + std::to_string(m_terms.size()) + " of "
        + std::to_string(m_stats.forwardTerms) + " terms, and " + std::to_string(predictors.size())
        + " of " + std::to_string(m_names.names.size()) + " predictors\n";
    if (m_stats.forwardTerms > 1 || m_terms.size() > 1)
        text += "Forward pass: "
            + describeStopReason(
                m_stats.stopReason, m_params.thresh, m_stats.nk, m_stats.forwardTerms)
            + "\n";
    // earth's summary lists terms by interaction order; within an order, in forward-pass order.
    std::vector<std::size_t> order(m_terms.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
        [this](std::size_t a, std::size_t b) { return m_terms[a].degree() < m_terms[b].degree(); });
    char line[200];
    std::snprintf(line, sizeof line, "  %-44s %14s\n", "term", "coefficient");
    text += line;
    for (std::size_t m : order) {
        std::snprintf(line, sizeof line, "  %-44s %14.6g\n",
            marsTermName(m_terms[m], m_names).c_str(),
            m_coefficients(static_cast<Eigen::Index>(m)));
        text += line;
    }
    std::snprintf(line, sizeof line, "GCV %.6g  RSS %.6g  GRSq %.4f  RSq %.4f\n", m_stats.gcv,
        m_stats.rss, grsq(), rSquared());
    return text + line;
}

nlohmann::json Mars::saveState() const
{
    if (!m_fitted)
        throw StateError("Mars::saveState: the model is not fitted");
    nlohmann::json terms = nlohmann::json::array();
    for (std::size_t m = 0; m < m_terms.size(); ++m)
        terms.push_back({{"factors", marsTermToJson(m_terms[m])},
            {"coefficient", m_coefficients(static_cast<Eigen::Index>(m))}});
    return {{"version", kStateVersion}, {"predictors", m_names.names},
        {"count_like", m_names.countLike}, {"terms", terms}, {"gcv", m_stats.gcv},
        {"rss", m_stats.rss}, {"gcv_null", m_stats.gcvNull}, {"rss_null", m_stats.rssNull},
        {"forward_terms", m_stats.forwardTerms}, {"nk", m_stats.nk}, {"rows", m_stats.rows},
        {"stop_reason", static_cast<int>(m_stats.stopReason)}};
}

void Mars::loadState(const nlohmann::json& state, const FeatureSchema& schema)
{
    const int version = state.at("version").get<int>();
    if (version < 1 || version > kStateVersion)
        throw DataError("model file: MARS state version " + std::to_string(version)
            + " is not supported (this build reads 1.." + std::to_string(kStateVersion) + ")");
    prepareDesign(schema);
    const auto names = state.at("predictors").get<std::vector<std::string>>();
    if (names != m_names.names)
        throw DataError("model file: the MARS model has " + std::to_string(names.size())
            + " predictor columns, its features give " + std::to_string(m_names.names.size())
            + " (or their names differ)");
    m_names.countLike = state.at("count_like").get<std::vector<bool>>();
    if (m_names.countLike.size() != names.size())
        throw DataError("model file: MARS count_like has "
            + std::to_string(m_names.countLike.size()) + " entries for "
            + std::to_string(names.size()) + " predictors");
    const auto& terms = state.at("terms");
    if (terms.empty())
        throw DataError("model file: MARS model without terms");
    m_terms.clear();
    m_coefficients.resize(static_cast<Eigen::Index>(terms.size()));
    for (std::size_t m = 0; m < terms.size(); ++m) {
        m_terms.push_back(marsTermFromJson(terms[m].at("factors"), static_cast<int>(names.size())));
        m_coefficients(static_cast<Eigen::Index>(m)) = terms[m].at("coefficient").get<double>();
    }
    m_stats.gcv = state.at("gcv").get<double>();
    m_stats.rss = state.at("rss").get<double>();
    m_stats.gcvNull = state.at("gcv_null").get<double>();
    m_stats.rssNull = state.at("rss_null").get<double>();
    m_stats.forwardTerms = state.at("forward_terms").get<int>();
    m_stats.nk = state.at("nk").get<int>();
    m_stats.rows = state.at("rows").get<int>();
    const int stop = state.at("stop_reason").get<int>();
    if (stop < static_cast<int>(MarsStopReason::GrsqTooLow)
        || stop > static_cast<int>(MarsStopReason::ReachedMaxTerms))
        throw DataError("model file: unknown MARS stop reason " + std::to_string(stop));
    m_stats.stopReason = static_cast<MarsStopReason>(stop);
    m_training.reset(); // the forward pass is not stored in model files
    m_fitted = true;
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/residual_smoothing.hpp"

#include "common/error.hpp"
#include "models/measured_levels.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace iolens::core {

namespace {

std::string number(double v)
{
    std::ostringstream out;
    out << v;
    return out.str();
}

} // namespace

std::string SmoothingSpec::label() const
{
    if (!on())
        return "off";
    return "residuals within " + number(lengthSteps) + (lengthSteps == 1.0 ? " step" : " steps")
        + ", other labels x" + number(otherLabel) + ", prior " + number(prior);
}

nlohmann::json SmoothingSpec::toJson() const
{
    return {{"length_steps", lengthSteps}, {"other_label", otherLabel}, {"prior", prior}};
}

SmoothingSpec SmoothingSpec::fromJson(const nlohmann::json& json)
{
    SmoothingSpec spec {json.at("length_steps").get<double>(), json.at("other_label").get<double>(),
        json.at("prior").get<double>()};
    if (!(spec.lengthSteps >= 0.0) || !(spec.otherLabel >= 0.0 && spec.otherLabel <= 1.0)
        || !(spec.prior > 0.0))
        throw DataError("residual smoothing: length_steps must be >= 0, other_label in [0, 1] "
                        "and prior > 0");
    return spec;
}

std::vector<SmoothingSpec> smoothingCandidates()
{
    std::vector<SmoothingSpec> specs {SmoothingSpec {}};
    for (double length : {0.5, 1.0, 2.0})
        for (double other : {0.0, 0.25})
            for (double prior : {0.25, 1.0})
                specs.push_back({length, other, prior});
    return specs;
}

SmoothingScale SmoothingScale::of(
    const FeatureSchema& schema, const Eigen::MatrixXd& x, const std::vector<Factor>& across)
{
    if (x.cols() != static_cast<Eigen::Index>(schema.size()))
        throw DataError("SmoothingScale: " + std::to_string(x.cols()) + " features for "
            + std::to_string(schema.size()) + " schema columns");
    return of(schema, measuredRanges(schema, x), across);
}

SmoothingScale SmoothingScale::of(const FeatureSchema& schema,
    const std::vector<MeasuredRange>& ranges, const std::vector<Factor>& across)
{
    SmoothingScale scale;
    for (std::size_t j = 0; j < schema.size(); ++j) {
        const FeatureColumn& column = schema.columns()[j];
        if (column.derived())
            throw DataError("SmoothingScale: derived column " + column.name());
        const auto range = std::find_if(ranges.begin(), ranges.end(),
            [&](const MeasuredRange& r) { return r.column == static_cast<Eigen::Index>(j); });
        const bool exact = range != ranges.end()
            && std::find(across.begin(), across.end(), column.factor) == across.end();
        const bool smoothed = range != ranges.end() && !exact;
        scale.label.push_back(column.categorical() ? 1 : 0);
        scale.exact.push_back(exact ? 1 : 0);
        scale.log2.push_back(smoothed && range->log2 ? 1 : 0);
        scale.step.push_back(smoothed && range->step > 0.0 ? range->step : 1.0);
    }
    return scale;
}

Eigen::MatrixXd SmoothingScale::scaled(const Eigen::MatrixXd& x) const
{
    if (x.cols() != static_cast<Eigen::Index>(size()))
        throw DataError("SmoothingScale::scaled: " + std::to_string(x.cols())
            + " features, expected " + std::to_string(size()));
    Eigen::MatrixXd out(x.rows(), x.cols());
    for (Eigen::Index j = 0; j < x.cols(); ++j) {
        const auto c = static_cast<std::size_t>(j);
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            const double v = x(i, j);
            out(i, j) = label[c] || exact[c] ? v : (log2[c] ? log2Size(v) : v) / step[c];
        }
    }
    return out;
}

ResidualSmoother::ResidualSmoother(const SmoothingSpec& spec, SmoothingScale scale,
    const Eigen::MatrixXd& x, Eigen::VectorXd residuals)
    : m_spec(spec)
    , m_scale(std::move(scale))
    , m_residuals(std::move(residuals))
{
    if (x.rows() != m_residuals.size())
        throw DataError("ResidualSmoother: " + std::to_string(x.rows()) + " rows for "
            + std::to_string(m_residuals.size()) + " residuals");
    m_points = m_scale.scaled(x);
}

Eigen::VectorXd ResidualSmoother::correction(const Eigen::MatrixXd& x) const
{
    if (!m_spec.on() || m_points.rows() == 0)
        return Eigen::VectorXd::Zero(x.rows());
    // One slider step asks for the same sweep several times: the curve, its interval, and the
    // rates composed from this time.
    return m_last.get(x, [&] { return computeCorrection(x); });
}

Eigen::ArrayXd ResidualSmoother::columnWeights(
    std::size_t c, const Eigen::ArrayXd& points, double value) const
{
    if (m_scale.exact[c]) {
        // Equal up to the last bits a unit conversion may change.
        const double tolerance = 1e-9 * std::max(1.0, std::abs(value));
        return ((points - value).abs() <= tolerance).cast<double>();
    }
    if (m_scale.label[c])
        return (points == value)
            .select(1.0, Eigen::ArrayXd::Constant(points.size(), m_spec.otherLabel));
    const double inverseLength2 = 1.0 / (m_spec.lengthSteps * m_spec.lengthSteps);
    return (-(points - value).square() * inverseLength2).exp();
}

Eigen::VectorXd ResidualSmoother::computeCorrection(const Eigen::MatrixXd& x) const
{
    const Eigen::MatrixXd q = m_scale.scaled(x);
    // The window's profiler sweeps one factor with the others fixed: the weights of the fixed
    // columns are the same for every row of x, so they are computed once, and the training rows
    // they rule out (another label, another value of an exact column) are not visited again.
    std::vector<std::size_t> varying;
    Eigen::ArrayXd base = Eigen::ArrayXd::Ones(m_points.rows());
    for (std::size_t c = 0; c < m_scale.size(); ++c) {
        const auto j = static_cast<Eigen::Index>(c);
        if (q.rows() > 0 && (q.col(j).array() == q(0, j)).all())
            base *= columnWeights(c, m_points.col(j).array(), q(0, j));
        else
            varying.push_back(c);
    }
    // The rows still weighed, gathered by their values in the varying columns: a grid has few
    // levels per factor, and rows of one level weigh alike for every row of x, so the sums run
    // over the distinct levels (5 request sizes, say) instead of every training row. A slider
    // step on fio-local spent a seventh of its time in these weights before.
    std::map<std::vector<double>, Eigen::Index> groupOf;
    std::vector<double> groupWeight;
    std::vector<double> groupWeighted;
    std::vector<double> key(varying.size());
    for (Eigen::Index r = 0; r < base.size(); ++r) {
        if (base(r) <= 0.0)
            continue;
        for (std::size_t k = 0; k < varying.size(); ++k)
            key[k] = m_points(r, static_cast<Eigen::Index>(varying[k]));
        const auto [it, added]
            = groupOf.try_emplace(key, static_cast<Eigen::Index>(groupWeight.size()));
        if (added) {
            groupWeight.push_back(0.0);
            groupWeighted.push_back(0.0);
        }
        groupWeight[static_cast<std::size_t>(it->second)] += base(r);
        groupWeighted[static_cast<std::size_t>(it->second)] += base(r) * m_residuals(r);
    }
    const auto groups = static_cast<Eigen::Index>(groupWeight.size());
    const Eigen::ArrayXd weights = Eigen::Map<const Eigen::ArrayXd>(groupWeight.data(), groups);
    const Eigen::ArrayXd weighted = Eigen::Map<const Eigen::ArrayXd>(groupWeighted.data(), groups);
    std::vector<Eigen::ArrayXd> groupColumns(varying.size(), Eigen::ArrayXd(groups));
    for (const auto& [values, g] : groupOf)
        for (std::size_t k = 0; k < varying.size(); ++k)
            groupColumns[k](g) = values[k];
    Eigen::VectorXd out(x.rows());
    for (Eigen::Index i = 0; i < q.rows(); ++i) {
        Eigen::ArrayXd factor = Eigen::ArrayXd::Ones(groups);
        for (std::size_t k = 0; k < varying.size(); ++k)
            factor *= columnWeights(
                varying[k], groupColumns[k], q(i, static_cast<Eigen::Index>(varying[k])));
        out(i) = (factor * weighted).sum() / ((factor * weights).sum() + m_spec.prior);
    }
    return out;
}

nlohmann::json ResidualSmoother::toJson() const
{
    nlohmann::json points = nlohmann::json::array();
    for (Eigen::Index i = 0; i < m_points.rows(); ++i) {
        std::vector<double> row(static_cast<std::size_t>(m_points.cols()));
        for (Eigen::Index j = 0; j < m_points.cols(); ++j)
            row[static_cast<std::size_t>(j)] = m_points(i, j);
        points.push_back(row);
    }
    return {{"spec", m_spec.toJson()}, {"log2", m_scale.log2}, {"label", m_scale.label},
        {"exact", m_scale.exact}, {"step", m_scale.step}, {"points", points},
        {"residuals", std::vector<double>(m_residuals.begin(), m_residuals.end())}};
}

ResidualSmoother ResidualSmoother::fromJson(const nlohmann::json& json)
{
    ResidualSmoother s;
    s.m_spec = SmoothingSpec::fromJson(json.at("spec"));
    s.m_scale.log2 = json.at("log2").get<std::vector<char>>();
    s.m_scale.label = json.at("label").get<std::vector<char>>();
    s.m_scale.exact = json.at("exact").get<std::vector<char>>();
    s.m_scale.step = json.at("step").get<std::vector<double>>();
    const auto residuals = json.at("residuals").get<std::vector<double>>();
    const auto& points = json.at("points");
    const std::size_t columns = s.m_scale.size();
    if (s.m_scale.log2.size() != columns || s.m_scale.label.size() != columns
        || s.m_scale.exact.size() != columns || points.size() != residuals.size()
        || std::any_of(s.m_scale.step.begin(), s.m_scale.step.end(),
            [](double step) { return !(step > 0.0); }))
        throw DataError("residual smoothing: the stored columns or rows do not agree, or a "
                        "step is not positive");
    s.m_points.resize(static_cast<Eigen::Index>(points.size()), static_cast<Eigen::Index>(columns));
    for (std::size_t i = 0; i < points.size(); ++i) {
        const auto row = points[i].get<std::vector<double>>();
        if (row.size() != columns)
            throw DataError("residual smoothing: stored row " + std::to_string(i) + " has "
                + std::to_string(row.size()) + " values, expected " + std::to_string(columns));
        for (std::size_t j = 0; j < columns; ++j)
            s.m_points(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = row[j];
    }
    s.m_residuals = Eigen::Map<const Eigen::VectorXd>(
        residuals.data(), static_cast<Eigen::Index>(residuals.size()));
    return s;
}

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
// AutoModel's prediction intervals: the calibrations from held-out levels, the scale of a
// configuration's band, and the band itself with the request bound's laws and the measured span.
#include "models/auto_model.hpp"

#include "common/error.hpp"
#include "common/median.hpp"
#include "models/auto_composition.hpp"

#include <algorithm>
#include <iterator>

namespace iolens::core {

AutoModel::Calibrations AutoModel::calibrationsOf(
    const GroupedCvResult& cv, const RepeatNoise& noise)
{
    // Interpolated and extrapolated levels calibrate apart; a kind with too few points to
    // calibrate on (no inner level: a first measurement of two levels per factor) takes all.
    const auto partOf = [&](bool extrapolation) {
        GroupedCvResult part = pointsOfKind(cv, extrapolation);
        return part.points.size() < kMinKindPoints ? cv : part;
    };
    const GroupedCvResult inside = partOf(false);
    // The span rule's calibration asks what the model itself knows, so no noise there.
    return {LevelCalibration::fromGroupedCv(scaledResiduals(inside), noise),
        LevelCalibration::fromGroupedCv(scaledResiduals(partOf(true)), noise),
        LevelCalibration::fromGroupedCv(inside)};
}

MeasuredSpan AutoModel::spanOfTrained(
    const Eigen::VectorXd& y, const LevelCalibration& inside) const
{
    if (!m_params.measuredSpan)
        return {};
    // Without a calibrated interval the width is 0: held only where every value trained on is
    // the same. The unscaled band: the span rule asks whether the model knows less than the
    // values' own spread, the same question at every configuration.
    const ConformalBounds bounds
        = inside.size() > 0 ? inside.bounds(kDefaultLevel) : ConformalBounds {0.0, 0.0};
    return MeasuredSpan::of(y, bounds.upper - bounds.lower);
}

double AutoModel::medianScaleAt(const Eigen::MatrixXd& x) const
{
    const Eigen::VectorXd scale = intervalScaleAt(x);
    if (scale.size() == 0)
        return 1.0;
    return median(std::vector<double>(scale.data(), scale.data() + scale.size()));
}

Eigen::VectorXd AutoModel::intervalScaleAt(const Eigen::MatrixXd& x) const
{
    if (!composed())
        return m_scale.at(x);
    Eigen::VectorXd scale;
    requestRange(x, &scale);
    return scale;
}

std::optional<std::pair<Eigen::VectorXd, Eigen::VectorXd>> AutoModel::predictInterval(
    const Eigen::MatrixXd& x, double level, const std::vector<char>& unlearned) const
{
    Eigen::VectorXd y;
    std::pair<Eigen::VectorXd, Eigen::VectorXd> bounds = modelInterval(x, level, unlearned, y);
    // A run of any configuration strays from its mean as the repeated runs did: narrower than
    // that, a band misses the runs it was trained on (repeat_noise.hpp).
    m_repeatNoise.widen(y, level, bounds.first, bounds.second);
    // Residuals of one sign (a model biased on every held-out level) put both bounds on one
    // side of the answer; an interval is read as "the answer, give or take", so it holds it.
    bounds.first = bounds.first.cwiseMin(y);
    bounds.second = bounds.second.cwiseMax(y);
    return bounds;
}

std::pair<Eigen::VectorXd, Eigen::VectorXd> AutoModel::modelInterval(const Eigen::MatrixXd& x,
    double level, const std::vector<char>& unlearned, Eigen::VectorXd& answer) const
{
    if (composed() && m_inside.size() == 0) {
        // Too few held-out points to calibrate on: a longer time means a lower rate: the rate's
        // lower bound takes both times' upper ones. Taking the two directions' bounds together is
        // conservative for a mix. The times' own bands, not their repeated runs' spread: a
        // closed mix's threads may split between the directions at random, each run's times
        // far apart and its rates within 3 % (the 4,000-IOPS volume), and the rate has its own.
        using Bounds = std::pair<Eigen::VectorXd, Eigen::VectorXd>;
        const auto boundsOf = [&](const AutoModel* model) {
            Eigen::VectorXd unused;
            return model ? model->modelInterval(x, level, unlearned, unused) : Bounds {};
        };
        const Bounds reads = boundsOf(m_readTimes.get()), writes = boundsOf(m_writeTimes.get());
        Eigen::VectorXd lower = composedRate(x, reads.second, writes.second),
                        upper = composedRate(x, reads.first, writes.first);
        m_span.widenUnlearned(lower, upper, unlearned);
        answer = predict(x);
        return {std::move(lower), std::move(upper)};
    }
    // The answers, the request bound's laws and the scales from one prediction (predict(x) is
    // range.answer).
    Eigen::VectorXd scale;
    const RequestBound::Answers range = requestRange(x, &scale);
    const Eigen::VectorXd& y = range.answer;
    const ConformalBounds inside = m_inside.bounds(level), beyond = boundsBeyond(level);
    // The beyond calibration comes from levels held out one measured step outside the rest, so
    // it holds one step out; between the edge and there the bounds move from the inside ones in
    // proportion (the band does not jump at the edge of the data), and farther out they stay.
    std::vector<double> steps = stepsBeyondMeasured(x, m_ranges);
    for (std::size_t i = 0; i < unlearned.size() && i < steps.size(); ++i)
        if (unlearned[i] != 0)
            steps[i] = std::max(steps[i], 1.0);
    Eigen::VectorXd lower(y.size()), upper(y.size());
    for (Eigen::Index i = 0; i < y.size(); ++i) {
        const double t = std::min(1.0, steps[static_cast<std::size_t>(i)]);
        lower(i) = y(i) + scale(i) * (inside.lower + t * (beyond.lower - inside.lower));
        upper(i) = y(i) + scale(i) * (inside.upper + t * (beyond.upper - inside.upper));
    }
    // Beyond the largest request size the residuals of held-out levels say little: a device's
    // bandwidth can run out one size past the data or ten, and nothing measured tells which. So
    // there the band spans at least what the request bound's laws allow (fio-local's stack
    // measured to 1 MiB: the calibrated band alone covered none of its 256 KiB-1 MiB runs).
    for (const Eigen::Index i : range.beyond) {
        lower(i) = std::min(lower(i), range.low(i) + scale(i) * beyond.lower);
        upper(i) = std::max(upper(i), range.high(i) + scale(i) * beyond.upper);
    }
    m_span.widenUnlearned(lower, upper, unlearned);
    answer = y;
    return {std::move(lower), std::move(upper)};
}

RequestBound::Answers AutoModel::requestRange(
    const Eigen::MatrixXd& x, Eigen::VectorXd* scale) const
{
    if (!isFitted())
        throw StateError("AutoModel::predictInterval: the model is not fitted");
    if (!composed()) {
        if (scale)
            *scale = m_scale.at(x);
        return m_requestBound.answers(
            x, [this](const Eigen::MatrixXd& asked) { return predictChosen(asked); });
    }
    const auto rangeOf = [&](const AutoModel* model) {
        return model ? model->requestRange(x) : RequestBound::Answers {};
    };
    const RequestBound::Answers reads = rangeOf(m_readTimes.get()),
                                writes = rangeOf(m_writeTimes.get());
    RequestBound::Answers rates;
    rates.answer = m_span.hold(composedRate(x, reads.answer, writes.answer), x, m_ranges);
    // A longer time means a lower rate.
    rates.low = composedRate(x, reads.high, writes.high);
    rates.high = composedRate(x, reads.low, writes.low);
    std::set_union(reads.beyond.begin(), reads.beyond.end(), writes.beyond.begin(),
        writes.beyond.end(), std::back_inserter(rates.beyond));
    // From the times' answers at hand: asking the time models again for them cost a slider step
    // two more predictions per composed rate.
    if (scale)
        *scale = composeScale(x, m_rateSchema, reads.answer, writes.answer,
            m_readTimes ? m_readTimes->intervalScaleAt(x) : Eigen::VectorXd {},
            m_writeTimes ? m_writeTimes->intervalScaleAt(x) : Eigen::VectorXd {});
    return rates;
}

ConformalBounds AutoModel::boundsBeyond(double level) const
{
    // Never narrower than inside: fewer extrapolated residuals can happen to be smaller
    // (fio-tiered's interpolated levels include the 1 GiB file set, whose reads swing with the
    // cache's history), but leaving the data does not make an answer surer, and a band that
    // narrows there reads as a contradiction.
    const ConformalBounds inside = m_inside.bounds(level), outer = m_beyond.bounds(level);
    return {std::min(inside.lower, outer.lower), std::max(inside.upper, outer.upper)};
}

} // namespace iolens::core

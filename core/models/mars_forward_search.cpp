// SPDX-License-Identifier: GPL-3.0-or-later
// The MARS forward search (ALGORITHMS.md 2.3-2.4; earth ForwardPass, FindTerm,
// FindPredGivenParent, AddCandidateLinearTerm, AddTermPair, GetSpanParams, GetNewFormFlag).
// Sums are formed in earth's order (one accumulator, left to right) so that candidates whose
// gains tie exactly on designed-experiment data are chosen as earth chooses them.
#include "models/mars_forward_search.hpp"

#include "models/mars_knot_search.hpp"
#include "models/mars_parent_queue.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace iolens::core::detail {

namespace {

constexpr double kMinCandidateSumOfSquares = 0.01; // earth MIN_BX_SOS (absolute, raw x scale)
constexpr double kAlmostZero = 1e-10;              // earth ALMOST_ZERO
constexpr int kUnusableDegree = 101;               // earth MAX_DEGREE + 1: never a parent
constexpr Eigen::Index kResidualCacheValues = Eigen::Index(1) << 22; // 32 MB of cached residuals

double maybeZero(double x)
{
    return (x > -kAlmostZero && x < kAlmostZero) ? 0.0 : x;
}

// earth GetGcv: terms include the intercept, (terms - 1) / 2 knots.
double forwardGcv(int terms, Eigen::Index rows, double rss, double penalty)
{
    const double n = static_cast<double>(rows);
    const double cost = (terms + penalty * (terms - 1) / 2.0) / n;
    return cost >= 1.0 ? std::numeric_limits<double>::infinity()
                       : rss / (n * (1.0 - cost) * (1.0 - cost));
}

// R's scale(): centre by the mean, divide by the sample standard deviation (sums in long
// double, as R's sum and colMeans). Returns false for a constant y.
bool standardise(const Eigen::VectorXd& y, Eigen::VectorXd& scaled)
{
    long double sum = 0.0L;
    for (double v : y)
        sum += v;
    const double mean = static_cast<double>(sum / static_cast<long double>(y.size()));
    scaled = y.array() - mean;
    long double squares = 0.0L;
    for (double v : scaled)
        squares += v * v; // squared in double, summed in long double, as R's sum(v^2)
    const double sd = std::sqrt(static_cast<double>(squares) / static_cast<double>(y.size() - 1));
    if (!(sd > 0.0))
        return false;
    scaled /= sd;
    return true;
}

struct Slot {
    std::vector<char> uses; // per predictor: does the term contain it?
    int degree = 0;
    bool valid = false;   // earth FullSet
    int positiveRows = 0; // N_m, rows with B_m > 0 (Friedman's minspan, eq. 43)
};

struct Candidate {
    double gain = 0.0;
    int parent = -1, predictor = -1;
    int sortedCase = -1; // position in the predictor's sort order; 0 for a linear term
    bool linear = false, newForm = false;
};

// The search state of one forward pass; it lives only inside searchForward().
class ForwardSearch {
public:
    ForwardSearch(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
        const MarsForwardSettings& settings, ForwardRecord& out);
    void run();

private:
    Candidate findTerm(int slot, double maxLegal);
    void searchPair(int parent, int predictor, int slot, const KnotSpans& spans, double maxLegal,
        Candidate& best, double& parentBest);
    double linearCandidate(int parent, int predictor, int slot);
    void residualize(Eigen::VectorXd& v, int slot) const;
    bool isNewForm(int parent, int predictor, int slot) const;
    void addTerms(const Candidate& best); // fills the next two slots
    void addSlot(MarsTerm term, Eigen::VectorXd column, const Slot& parent, int v);

    const Eigen::MatrixXd& m_x;
    const MarsForwardSettings m_settings;
    ForwardRecord& m_out;
    const Eigen::Index m_n;
    const int m_p;
    const int m_fastK;
    Eigen::VectorXd m_y, m_yCentred;
    double m_rssNull = 0.0;
    bool m_constantY = false;
    std::vector<std::vector<int>> m_order; // per predictor: rows by ascending x, stable
    std::vector<Slot> m_slots;
    OrthogonalBasis m_basis;
    ParentQueue m_queue;
    KnotSearchScratch m_scratch;
    Eigen::VectorXd m_yProjections, m_candidate;
    // Partly residualised B_m x_v per (parent, predictor): the basis only grows, so the next
    // search continues the Gram-Schmidt sweep where the last one stopped, with the same
    // operations (earth caches the coefficients instead; both give identical bits).
    struct CachedResidual {
        Eigen::VectorXd residual;
        int columns = 0; // basis columns already projected out
    };
    std::vector<CachedResidual> m_residuals; // index parent * p + predictor
    Eigen::Index m_cachedValues = 0;
};

ForwardSearch::ForwardSearch(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const MarsForwardSettings& settings, ForwardRecord& out)
    : m_x(x)
    , m_settings(settings)
    , m_out(out)
    , m_n(x.rows())
    , m_p(static_cast<int>(x.cols()))
    , m_fastK(settings.fastK <= 0 ? 10001 : std::max(3, settings.fastK))
    , m_basis(x.rows())
{
    // glibc's qsort (what earth uses) is a merge sort, so ties keep row order: sort stably.
    m_order.resize(static_cast<std::size_t>(m_p));
    for (int v = 0; v < m_p; ++v) {
        auto& order = m_order[static_cast<std::size_t>(v)];
        order.resize(static_cast<std::size_t>(m_n));
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(
            order.begin(), order.end(), [&](int a, int b) { return x(a, v) < x(b, v); });
    }
    Slot intercept;
    intercept.uses.assign(static_cast<std::size_t>(m_p), 0);
    intercept.valid = true;
    intercept.positiveRows = static_cast<int>(m_n);
    m_slots.push_back(intercept);
    m_out.slotTerms.push_back({});
    m_out.slotColumns.push_back(Eigen::VectorXd::Ones(m_n));

    Eigen::VectorXd scaled;
    m_constantY = !standardise(y, scaled);
    if (m_constantY)
        scaled = y; // earth keeps a constant y unscaled; run() adds nothing
    m_y = scaled;
    m_yCentred = m_y.array() - earthMean(m_y);
    // earth's null RSS uses the plain mean (sum / n), its other sums the mean of x_i / n.
    double sum = 0.0;
    for (double v : m_y)
        sum += v;
    const double plainMean = sum / static_cast<double>(m_n);
    const Eigen::VectorXd deviations = m_y.array() - plainMean;
    const double rssNull = sequentialDot(deviations.data(), deviations.data(), m_n);
    m_rssNull = std::max(rssNull, 1e-8 * static_cast<double>(m_n));
}

void ForwardSearch::run()
{
    double rss = m_rssNull, lastGain = m_rssNull, rSquared = 0.0;
    int usedTerms = 1;
    const double gcvNull = forwardGcv(1, m_n, m_rssNull, m_settings.penalty);
    m_queue.append(1, m_rssNull, true, m_settings.fastBeta);
    const double threshold = m_settings.threshold;
    int slot = 1;
    m_out.stopReason = MarsStopReason::ReachedMaxTerms;
    if (m_constantY) {
        m_out.stopReason = MarsStopReason::NoImprovingTerm;
        return;
    }
    while (m_settings.maxTerms >= 3) {
        // A knot may not gain more than the RSS (plus rounding) nor 10x the previous gain:
        // larger gains are numerical artefacts (earth MaxLegalRssDelta).
        const double maxLegal = std::min(1.01 * rss, 10.0 * lastGain);
        const Candidate best = findTerm(slot, maxLegal);
        if (best.sortedCase < 0) {
            m_out.stopReason = MarsStopReason::NoImprovingTerm;
            break;
        }
        const bool pair = !best.linear && best.newForm;
        usedTerms += pair ? 2 : 1;
        rss = maybeZero(rss - best.gain);
        const double previousRSquared = rSquared;
        rSquared = 1.0 - rss / m_rssNull;
        MarsForwardStep step;
        step.slot = slot;
        step.parent = best.parent;
        step.predictor = best.predictor;
        step.cut = m_x(m_order[static_cast<std::size_t>(best.predictor)]
                              [static_cast<std::size_t>(best.sortedCase)],
            best.predictor);
        step.linear = best.linear;
        step.pair = pair;
        step.gain = best.gain;
        step.rSquared = rSquared;
        step.rSquaredGain = maybeZero(rSquared - previousRSquared);
        step.grsq = 1.0 - forwardGcv(usedTerms, m_n, rss, m_settings.penalty) / gcvNull;
        // Both threshold stops discard the step, so they are checked before adding it.
        if (threshold != 0.0 && step.rSquaredGain < threshold) {
            m_out.stopReason = MarsStopReason::SmallRsqGain;
            break;
        }
        if (threshold != 0.0 && step.grsq < kMinGrsq) {
            m_out.stopReason = MarsStopReason::GrsqTooLow;
            break;
        }
        addTerms(best);
        m_out.steps.push_back(step);
        lastGain = best.gain;
        if (pair)
            m_queue.append(
                slot, std::numeric_limits<double>::infinity(), false, m_settings.fastBeta);
        m_queue.append(slot, std::numeric_limits<double>::infinity(), true, m_settings.fastBeta);
        slot += 2;
        if (rSquared >= 1.0 - threshold) {
            m_out.stopReason = MarsStopReason::RsqReachedMax;
            break;
        }
        if (slot >= m_settings.maxTerms - 1)
            break; // ReachedMaxTerms
    }
}

Candidate ForwardSearch::findTerm(int slot, double maxLegal)
{
    Candidate best;
    m_yProjections.resize(m_basis.size() + 1);
    for (int k = 0; k < m_basis.size(); ++k)
        m_yProjections(k) = sequentialDot(m_yCentred.data(), m_basis.column(k).data(), m_n);
    for (int parent : m_queue.parents(m_fastK)) {
        const Slot& p = m_slots[static_cast<std::size_t>(parent)];
        if (p.degree >= m_settings.degree)
            continue;             // earth leaves such parents' queue entries as they are
        double parentBest = -1.0; // parents without a usable predictor sink in the queue
        const KnotSpans spans = knotSpans(m_n, m_p, p.degree + 1, p.positiveRows);
        for (int v = 0; v < m_p; ++v)
            if (!p.uses[static_cast<std::size_t>(v)])
                searchPair(parent, v, slot, spans, maxLegal, best, parentBest);
        m_queue.update(parent, slot, parentBest);
    }
    return best;
}

void ForwardSearch::searchPair(int parent, int predictor, int slot, const KnotSpans& spans,
    double maxLegal, Candidate& best, double& parentBest)
{
    bool newForm = isNewForm(parent, predictor, slot);
    double linearGain = 0.0;
    int columns = m_basis.size();
    if (newForm) {
        linearGain = linearCandidate(parent, predictor, slot);
        if (linearGain < 0.0) { // B_m x_v lies (almost) in the current basis
            newForm = false;
            linearGain = 0.0;
        } else {
            ++columns;
        }
        parentBest = std::max(parentBest, linearGain);
        if (linearGain > best.gain)
            best = {linearGain, parent, predictor, 0, true, newForm};
    }
    KnotSearch search;
    const auto v = static_cast<std::size_t>(predictor);
    search.x = m_x.col(predictor).data();
    search.order = m_order[v].data();
    search.parent = m_out.slotColumns[static_cast<std::size_t>(parent)].data();
    search.yCentred = m_yCentred.data();
    search.yProjections = m_yProjections.data();
    search.columns = columns;
    search.linearGain = linearGain;
    search.maxLegalGain = maxLegal;
    // earth loosens the hinge's tolerance once the model is large (by the new hinge's slot).
    search.tolerance = (newForm ? slot + 1 : slot) < 15 ? 0.01 : 1e-5;
    search.spans = spans;
    double pairGain = linearGain;
    const int knot = findBestKnot(search, m_basis, m_scratch, pairGain);
    parentBest = std::max(parentBest, pairGain);
    if (knot >= 0 && pairGain > best.gain)
        best = {pairGain, parent, predictor, knot, false, newForm};
}

// Puts the residualised, normalised B_m x_v into the candidate slot of the basis and returns the
// RSS drop of adding it, or -1 if its residual sum of squares is below earth's MIN_BX_SOS.
double ForwardSearch::linearCandidate(int parent, int predictor, int slot)
{
    const Eigen::VectorXd& parentColumn = m_out.slotColumns[static_cast<std::size_t>(parent)];
    const auto key = static_cast<std::size_t>(parent) * static_cast<std::size_t>(m_p)
        + static_cast<std::size_t>(predictor);
    if (m_residuals.size() <= key)
        m_residuals.resize(key + 1);
    CachedResidual& cached = m_residuals[key];
    if (slot == 1) {
        m_candidate = m_x.col(predictor).cwiseProduct(parentColumn);
        residualize(m_candidate, slot);
    } else if (cached.residual.size() > 0) {
        m_basis.residualize(cached.residual, cached.columns);
        cached.columns = m_basis.size();
        m_candidate = cached.residual;
    } else {
        m_candidate = m_x.col(predictor).cwiseProduct(parentColumn);
        m_basis.residualize(m_candidate);
        if (m_cachedValues + m_n <= kResidualCacheValues) {
            cached.residual = m_candidate;
            cached.columns = m_basis.size();
            m_cachedValues += m_n;
        }
    }
    const double sumOfSquares = sequentialDot(m_candidate.data(), m_candidate.data(), m_n);
    if (!(sumOfSquares > kMinCandidateSumOfSquares))
        return -1.0;
    const double mean = earthMean(m_candidate);
    m_candidate /= std::sqrt(sumOfSquares);
    m_basis.setCandidate(m_candidate, mean);
    m_yProjections(m_basis.size()) = sequentialDot(m_yCentred.data(), m_candidate.data(), m_n);
    const double projection = sequentialDot(m_y.data(), m_candidate.data(), m_n);
    return projection * projection;
}

// Residual of v on the basis for a column going into `slot`. earth centres the first column after
// the intercept directly and runs modified Gram-Schmidt for all later ones; the rounding differs,
// so do the same.
void ForwardSearch::residualize(Eigen::VectorXd& v, int slot) const
{
    if (slot == 1)
        v.array() -= earthMean(v);
    else
        m_basis.residualize(v);
}

// earth GetNewFormFlag: a pair is "not new form" (only the right hinge may be added) when every
// used term contains v and has exactly the parent's other predictors.
bool ForwardSearch::isNewForm(int parent, int predictor, int slot) const
{
    const auto& parentUses = m_slots[static_cast<std::size_t>(parent)].uses;
    bool newForm = true;
    for (int i = 1; i < slot; ++i) {
        const Slot& term = m_slots[static_cast<std::size_t>(i)];
        if (!term.valid)
            continue;
        newForm = false;
        if (!term.uses[static_cast<std::size_t>(predictor)])
            return true;
        for (int j = 0; j < m_p; ++j)
            if (j != predictor
                && term.uses[static_cast<std::size_t>(j)]
                    != parentUses[static_cast<std::size_t>(j)])
                return true;
    }
    return newForm;
}

void ForwardSearch::addTerms(const Candidate& best)
{
    // Copies: adding slots below may reallocate the slot vectors.
    const auto parentSlot = static_cast<std::size_t>(best.parent);
    const Slot parent = m_slots[parentSlot];
    const Eigen::VectorXd parentColumn = m_out.slotColumns[parentSlot];
    const MarsTerm parentTerm = m_out.slotTerms[parentSlot];
    const int v = best.predictor;
    const auto& order = m_order[static_cast<std::size_t>(v)];
    const double cut = m_x(order[static_cast<std::size_t>(best.sortedCase)], v);
    Eigen::VectorXd right = Eigen::VectorXd::Zero(m_n), left = Eigen::VectorXd::Zero(m_n);
    if (best.linear) {
        right = parentColumn.cwiseProduct(m_x.col(v));
    } else {
        // Rows above the knot's sorted position get the right hinge, the others the left one.
        for (Eigen::Index i = 0; i < m_n; ++i) {
            const int row = order[static_cast<std::size_t>(i)];
            if (i > best.sortedCase)
                right(row) = parentColumn(row) * (m_x(row, v) - cut);
            else
                left(row) = parentColumn(row) * (cut - m_x(row, v));
        }
    }
    const int direction = best.linear ? MarsFactor::kLinear : 1;
    addSlot(parentTerm.extended({v, direction, cut}), std::move(right), parent, v);
    if (!best.linear && best.newForm) {
        addSlot(parentTerm.extended({v, -1, cut}), std::move(left), parent, v);
    } else {
        Slot unused;
        unused.degree = kUnusableDegree;
        m_slots.push_back(unused);
        m_out.slotTerms.push_back(parentTerm.extended({v, -1, cut}));
        m_out.slotColumns.emplace_back();
    }
}

void ForwardSearch::addSlot(MarsTerm term, Eigen::VectorXd column, const Slot& parent, int v)
{
    Slot added;
    added.uses = parent.uses;
    added.uses[static_cast<std::size_t>(v)] = 1;
    added.degree = parent.degree + 1;
    added.valid = true;
    added.positiveRows = static_cast<int>((column.array() > 0.0).count());
    m_slots.push_back(added);
    Eigen::VectorXd residual = column;
    residualize(residual, static_cast<int>(m_slots.size()) - 1);
    m_basis.append(residual, 0.0); // an all-zero column stays a (useless) term, as in earth
    m_out.slotTerms.push_back(std::move(term));
    m_out.slotColumns.push_back(std::move(column));
}

} // namespace

ForwardRecord searchForward(const Eigen::MatrixXd& predictors, const Eigen::VectorXd& y,
    const MarsForwardSettings& settings)
{
    ForwardRecord record;
    ForwardSearch search(predictors, y, settings, record);
    search.run();
    return record;
}

} // namespace iolens::core::detail

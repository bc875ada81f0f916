// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cubist_data.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace iolens::core::cubist {

namespace {

constexpr float kUnknown = std::numeric_limits<float>::quiet_NaN();

/// RuleQuest FracBase: the largest decimal denominator among the known values of a column.
double fracBase(const std::vector<float>& values)
{
    double denominator = 0.0;
    for (float v : values) {
        denominator = std::max(denominator, decimalDenominator(v));
        if (denominator >= 1e6)
            break;
    }
    return denominator;
}

/// Mean, sd and unknown-value replacement for one continuous column (RuleQuest GetData).
Attribute describeContinuous(const std::vector<float>& known)
{
    Attribute att;
    if (known.size() < 2) {
        att.kind = AttKind::Skipped; // RuleQuest marks such attributes SKIP, mean 0, sd 1
        return att;
    }
    double sum = 0.0, sumSq = 0.0;
    for (float v : known) {
        sum += v;
        sumSq += v * v; // float product, as in RuleQuest
    }
    const double count = static_cast<double>(known.size());
    const double precision = 10.0 * fracBase(known);
    att.mean = static_cast<float>(std::floor(sum / count * precision + 0.1) / precision);
    // RuleQuest takes sqrt directly; float rounding can make a constant column's variance a tiny
    // negative number and its sd NaN, which would poison distances. Clamp at 0.
    const double var = std::max(0.0, (sumSq - sum * sum / count) / (count - 1.0));
    att.sd = static_cast<float>(std::sqrt(var) + 1e-6);
    return att;
}

/// Mode of a discrete column: the first level with the highest count (RuleQuest Modal).
Attribute describeDiscrete(const std::vector<float>& known, int levels)
{
    Attribute att;
    att.kind = AttKind::Discrete;
    att.levels = levels;
    std::vector<int> freq(static_cast<std::size_t>(levels), 0);
    for (float v : known)
        ++freq[static_cast<std::size_t>(v)];
    int modal = -1;
    for (int v = 0; v < levels; ++v)
        if (freq[static_cast<std::size_t>(v)]
            > (modal < 0 ? 0 : freq[static_cast<std::size_t>(modal)]))
            modal = v;
    if (modal < 0)
        att.kind = AttKind::Skipped;
    att.modal = std::max(modal, 0);
    return att;
}

/// Reads one value: float, NaN for unknown; checks level indices of discrete columns.
float readValue(double value, int levels, const char* where, Eigen::Index row, int col)
{
    const float v = static_cast<float>(value);
    if (!std::isfinite(v))
        return kUnknown;
    if (levels > 0 && (value != std::floor(value) || value < 0 || value >= levels))
        throw DataError(std::string(where) + ": row " + std::to_string(row + 1) + ", column "
            + std::to_string(col + 1) + " holds " + std::to_string(value)
            + ", not a level index 0.." + std::to_string(levels - 1));
    return v;
}

/// Replaces unknown values by the column mean or mode; returns how many there were.
int replaceUnknowns(CaseTable& cases, const std::vector<Attribute>& atts)
{
    int replaced = 0;
    for (int i = 0; i < cases.rows; ++i)
        for (int a = 0; a < cases.cols; ++a) {
            float& v = cases.at(i, a);
            if (!std::isnan(v))
                continue;
            const Attribute& att = atts[static_cast<std::size_t>(a)];
            v = att.kind == AttKind::Discrete ? static_cast<float>(att.modal) : att.mean;
            ++replaced;
        }
    return replaced;
}

/// Globals' growth aids: distinct values and ranks per continuous column, and the Fisher-z
/// bound of EvalContinuousAtt for every side size (|R| < tanh(1.96 / sqrt(n - 3)), none below 6).
void indexValues(const CaseTable& x, Globals& g)
{
    const auto cols = static_cast<std::size_t>(x.cols);
    g.distinctValues.assign(cols, {});
    g.valueRank.assign(cols, {});
    for (std::size_t a = 0; a < cols; ++a) {
        if (g.atts[a].kind != AttKind::Continuous)
            continue;
        std::vector<float>& values = g.distinctValues[a];
        for (int i = 0; i < x.rows; ++i)
            values.push_back(x.at(i, static_cast<int>(a)));
        std::sort(values.begin(), values.end());
        values.erase(std::unique(values.begin(), values.end()), values.end());
        std::vector<int>& rank = g.valueRank[a];
        rank.resize(static_cast<std::size_t>(x.rows));
        for (int i = 0; i < x.rows; ++i)
            rank[static_cast<std::size_t>(i)] = static_cast<int>(
                std::lower_bound(values.begin(), values.end(), x.at(i, static_cast<int>(a)))
                - values.begin());
    }
    g.insignificantR.assign(static_cast<std::size_t>(x.rows) + 1, 0.0);
    for (int n = 0; n <= x.rows; ++n) {
        const double exp2z = n < 6 ? 1e38 : std::exp(2 * 1.96 * std::sqrt(1.0 / (n - 3)));
        g.insignificantR[static_cast<std::size_t>(n)] = (exp2z - 1) / (exp2z + 1);
    }
}

} // namespace

TrainingSet makeTrainingSet(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const std::vector<int>& levels, std::vector<Attribute>& atts)
{
    const int p = static_cast<int>(levels.size());
    if (x.cols() != p || x.rows() != y.size())
        throw DataError("Cubist::fit: x is " + std::to_string(x.rows()) + " x "
            + std::to_string(x.cols()) + ", y has " + std::to_string(y.size())
            + " entries and the schema " + std::to_string(p) + " features");
    TrainingSet data;
    data.x.cols = p;
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const float target = static_cast<float>(y(i));
        if (!std::isfinite(target)) { // RuleQuest ignores cases with an unknown target
            ++data.droppedRows;
            continue;
        }
        data.y.push_back(target);
        for (int a = 0; a < p; ++a)
            data.x.values.push_back(
                readValue(x(i, a), levels[static_cast<std::size_t>(a)], "Cubist::fit", i, a));
    }
    data.x.rows = static_cast<int>(data.y.size());
    if (data.x.rows < 2)
        throw DataError("Cubist::fit: needs at least 2 rows with a finite target, got "
            + std::to_string(data.x.rows));
    atts.clear();
    for (int a = 0; a < p; ++a) {
        std::vector<float> known;
        for (int i = 0; i < data.x.rows; ++i)
            if (!std::isnan(data.x.at(i, a)))
                known.push_back(data.x.at(i, a));
        const int k = levels[static_cast<std::size_t>(a)];
        atts.push_back(k > 0 ? describeDiscrete(known, k) : describeContinuous(known));
    }
    data.replacedValues = replaceUnknowns(data.x, atts);
    return data;
}

// RuleQuest GetData (target precision, limits) and FindGlobalProperties (preferences, units).
Globals findGlobalProperties(
    const TrainingSet& data, std::vector<Attribute> atts, const Settings& settings)
{
    Globals g;
    g.settings = settings;
    g.atts = std::move(atts);
    const int n = data.x.rows, p = data.x.cols;
    const Attribute target = describeContinuous(data.y);
    g.targetMean = target.mean;
    g.targetUnit = 1.0 / (10.0 * fracBase(data.y));

    // Preference: how often the signs of x - mean(x) and y - mean(y) agree (FindGlobalProperties).
    std::vector<int> count(static_cast<std::size_t>(p), 0), same(static_cast<std::size_t>(p), 0);
    double sum = 0.0, sumSq = 0.0;
    for (int i = 0; i < n; ++i) {
        const float val = data.y[static_cast<std::size_t>(i)];
        sum += val;
        sumSq += 1.0 * val * val;
        const bool aboveAv = val > g.targetMean;
        for (int a = 0; a < p; ++a) {
            const Attribute& att = g.atts[static_cast<std::size_t>(a)];
            const float v = data.x.at(i, a);
            if (att.kind == AttKind::Continuous && v != att.mean) {
                ++count[static_cast<std::size_t>(a)];
                same[static_cast<std::size_t>(a)] += (v > att.mean) == aboveAv;
            }
        }
    }
    g.globalMean = static_cast<float>(sum / n);
    g.globalSd = static_cast<float>(sdOf(n, sum, sumSq, 0.0));
    g.attPref.assign(static_cast<std::size_t>(p), 0.f);
    g.attUnit.assign(static_cast<std::size_t>(p), 0.0);
    for (std::size_t a = 0; a < static_cast<std::size_t>(p); ++a) {
        if (g.atts[a].kind != AttKind::Continuous || count[a] == 0)
            continue;
        g.attPref[a] = static_cast<float>(
            (2 * std::max(same[a], count[a] - same[a]) - count[a]) / static_cast<double>(n));
        // Coefficient unit: the largest power of ten (<= 1) not above 0.01 GlobalSD / AttSD.
        g.attUnit[a] = 1.0;
        const double minCoeff = 0.01 * g.globalSd / g.atts[a].sd;
        if (minCoeff > 0)
            while (g.attUnit[a] > minCoeff)
                g.attUnit[a] /= 10;
    }
    const auto [lo, hi] = std::minmax_element(data.y.begin(), data.y.end());
    predictionLimits(*lo, *hi, settings.extrap, g.floor, g.ceiling);
    g.minItems = minItemsFor(n, settings.maxRules);
    indexValues(data.x, g);
    return g;
}

int minItemsFor(int rows, int maxRules)
{
    // MINITEMS: 1% of the cases, at most 20, at most n / MAXRULES, at least MINSPLIT = 3.
    const double n = rows;
    int minItems = static_cast<int>(std::min(20.0, std::nearbyint(n / 100.0)));
    if (minItems > n / maxRules)
        minItems = static_cast<int>(n / maxRules);
    return std::max(minItems, 3);
}

CaseTable makeCases(const Eigen::MatrixXd& x, const std::vector<Attribute>& atts)
{
    if (x.cols() != static_cast<Eigen::Index>(atts.size()))
        throw DataError("Cubist::predict: x has " + std::to_string(x.cols())
            + " columns, the model was fitted on " + std::to_string(atts.size()));
    CaseTable cases;
    cases.rows = static_cast<int>(x.rows());
    cases.cols = static_cast<int>(x.cols());
    cases.values.resize(static_cast<std::size_t>(x.size()));
    // Column by column (x is column-major), reading and replacing unknowns in one pass: a
    // profiler sweep asks Cubist for 200 rows many times per slider step, and reading them row
    // by row through readValue and replaceUnknowns took longer than predicting them (perf,
    // session 59). Same values as readValue then replaceUnknowns.
    for (int a = 0; a < cases.cols; ++a) {
        const Attribute& att = atts[static_cast<std::size_t>(a)];
        const int levels = att.kind == AttKind::Continuous ? 0 : att.levels;
        const float unknownAs
            = att.kind == AttKind::Discrete ? static_cast<float>(att.modal) : att.mean;
        const double* column = x.col(a).data();
        float* out = cases.values.data() + a;
        for (int i = 0; i < cases.rows; ++i, out += cases.cols) {
            const double value = column[i];
            const auto v = static_cast<float>(value);
            if (!std::isfinite(v))
                *out = unknownAs;
            else if (levels > 0 && (value != std::floor(value) || value < 0 || value >= levels))
                *out = readValue(value, levels, "Cubist::predict", i, a); // throws
            else
                *out = v;
        }
    }
    return cases;
}

double decimalDenominator(float value)
{
    double resid = std::fabs(static_cast<double>(value));
    if (resid == 0)
        return 1;
    double mult = 1, maxMult = 1e6; // RuleQuest uses int; powers of ten are exact in double
    while (resid < 0.1) {           // skip leading zeros
        resid *= 10;
        mult *= 10;
    }
    double intPart = 0;
    resid = std::modf(resid, &intPart);
    while (intPart >= 1 && maxMult >= 10) { // integral digits use up significant digits
        intPart /= 10;
        maxMult /= 10;
    }
    for (; mult < maxMult; mult *= 10) {
        if (resid < 0.005 || resid > 0.995)
            return mult;
        resid = std::modf(resid * 10, &intPart);
    }
    return maxMult;
}

float rawValue(const Coefficients& model, const float* x)
{
    double sum = model[0];
    for (std::size_t a = 1; a < model.size(); ++a)
        if (model[a] != 0.0)
            sum += model[a] * x[a - 1];
    return static_cast<float>(sum);
}

void LinearTerms::assign(const Coefficients& model)
{
    m_intercept = model[0];
    m_terms.clear();
    for (std::size_t a = 1; a < model.size(); ++a)
        if (model[a] != 0.0)
            m_terms.emplace_back(static_cast<int>(a) - 1, model[a]);
}

int countCoefficients(const Coefficients& model)
{
    return 1 + static_cast<int>(std::count_if(model.begin() + 1, model.end(), [](double c) {
        return std::fabs(c) > 0;
    }));
}

double sdOf(double n, double sum, double sumSq, double fallback)
{
    return n < 2 ? fallback : std::sqrt((sumSq - sum * sum / n + 1e-3) / (n - 1));
}

double estimateErr(double err, double n, float params)
{
    if (params >= n)
        params = static_cast<float>(n - 1);
    return err * (n + params) / (n - params);
}

KRandom::KRandom()
{
    // Knuth's initialisation as in RuleQuest's KRandom (utility.c), fixed start values.
    double v1 = 1.0, v2 = 0.314159285;
    for (int i = 1; i <= 55; ++i) {
        const std::size_t j = static_cast<std::size_t>((i * 21) % 55);
        m_urd[j] = v1;
        v1 = v2 - v1;
        if (v1 < 0)
            v1 += 1.0;
        v2 = m_urd[j];
    }
    for (int round = 0; round <= 5; ++round)
        for (std::size_t i = 0; i < 55; ++i)
            if ((m_urd[i] -= m_urd[(i + 30) % 55]) < 0)
                m_urd[i] += 1.0;
}

double KRandom::next()
{
    m_fp = (m_fp + 1) % 55;
    m_sp = (m_sp + 1) % 55;
    double& f = m_urd[static_cast<std::size_t>(m_fp)];
    if ((f -= m_urd[static_cast<std::size_t>(m_sp)]) < 0)
        f += 1.0;
    return f;
}

std::string formatNumberAs(double value, std::chars_format format, int precision)
{
    char text[64];
    const auto result = std::to_chars(text, text + sizeof text, value, format, precision);
    return std::string(text, result.ptr);
}

double viaText(double value, std::chars_format format, int precision)
{
    const std::string text = formatNumberAs(value, format, precision);
    double parsed = 0;
    std::from_chars(text.data(), text.data() + text.size(), parsed);
    return parsed;
}

float viaTextFloat(double value, std::chars_format format, int precision)
{
    const std::string text = formatNumberAs(value, format, precision);
    float parsed = 0;
    std::from_chars(text.data(), text.data() + text.size(), parsed);
    return parsed;
}

void predictionLimits(float minValue, float maxValue, float extrap, float& floor, float& ceiling)
{
    const float range = maxValue - minValue;
    ceiling = maxValue + extrap * range;
    if (maxValue <= 0 && ceiling > 0)
        ceiling = 0;
    floor = minValue - extrap * range;
    if (minValue >= 0 && floor < 0)
        floor = 0;
}

} // namespace iolens::core::cubist

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>

#include <array>
#include <charconv>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

/// Building blocks of the Cubist / M5 rules learner (ALGORITHMS.md section 4), after RuleQuest's
/// Cubist 2.07 GPL edition as used by the R package Cubist. RuleQuest keeps everything in file
/// globals; here the same quantities live in plain structs that one fit owns, so clones can be
/// fitted in parallel. Numbers are stored the way RuleQuest stores them (attribute values, targets,
/// residuals and limits as float, sums as double) so that the arithmetic rounds the same way.
namespace iolens::core::cubist {

/// How an attribute takes part (RuleQuest: continuous, discrete, or SKIP status).
enum class AttKind {
    Continuous, ///< numeric: thresholds, linear models, distance |dx| / (5 sd)
    Discrete,   ///< categorical level index: value or subset tests, distance 2 / levels
    Skipped     ///< no usable training values (RuleQuest SKIP): ignored everywhere
};

/// A discrete column's value as the index of the level it holds (RuleQuest DVal). Levels are
/// small non-negative integers, so the conversion goes through int: the index a size_t
/// conversion gives, without the branches x86-64 needs to turn a float into an unsigned 64-bit
/// integer (they were a third of the batched rule predictions' time).
inline std::size_t levelOf(float value)
{
    return static_cast<unsigned>(static_cast<int>(value));
}

/// The cases as RuleQuest holds them: one row per case, values as float (ContValue).
/// Shape rows x cols, row-major, so a case is a contiguous float[cols].
struct CaseTable {
    int rows = 0;
    int cols = 0;
    std::vector<float> values;

    const float* row(int i) const { return values.data() + static_cast<std::size_t>(i) * cols; }
    float at(int i, int a) const { return values[static_cast<std::size_t>(i) * cols + a]; }
    float& at(int i, int a) { return values[static_cast<std::size_t>(i) * cols + a]; }
};

/// What prediction needs to know about one predictor column.
struct Attribute {
    AttKind kind = AttKind::Continuous;
    int levels = 0;   ///< discrete: number of levels k (values 0..k-1); 0 for continuous
    float mean = 0.f; ///< continuous: AttMean, training mean rounded to the data precision;
                      ///< replaces unknown values
    float sd = 1.f;   ///< continuous: AttSD, sample sd + 1e-6 (distance unit 5 sd)
    int modal = 0;    ///< discrete: most frequent training level; replaces unknown values
};

/// Options of the learner that RuleQuest reads from its command line (cubistControl in R).
struct Settings {
    int maxRules = 100;    ///< MAXRULES, R `rules`: cap on the leaves / rules per member, >= 1
    float extrap = 1.f;    ///< EXTRAP, R `extrapolation`/100: allowed range extension, 0..1
    bool unbiased = false; ///< UNBIASED, R `unbiased`: shift rule intercepts to zero mean error
};

/// Training-set properties computed once per fit (RuleQuest GetData + FindGlobalProperties).
struct Globals {
    std::vector<Attribute> atts; ///< one per predictor column
    std::vector<double> attUnit; ///< AttUnit: coefficient rounding unit per column (power of 10)
    std::vector<float> attPref;  ///< AttPref: tie-break preference of continuous columns
    double targetUnit = 1.0;     ///< AttUnit[0] = u0: precision unit of the target, 1/(10 D)
    float targetMean = 0.f;      ///< AttMean of the target (precision-rounded)
    float floor = 0.f;           ///< lowest allowed prediction: min y - extrap * range
    float ceiling = 0.f;         ///< highest allowed prediction: max y + extrap * range
    float globalMean = 0.f;      ///< mean of y; the prediction where no rule applies
    float globalSd = 0.f;        ///< SD(n, sum y, sum y^2)
    int minItems = 3;            ///< MINITEMS: smallest branch a pruned tree keeps
    Settings settings;
    // Not RuleQuest's globals but what every member's tree growth would otherwise recompute at
    // each node: per continuous column its sorted distinct values and each row's index among
    // them (empty for discrete columns), so a node buckets its cases by value instead of sorting
    // them (growth sorts where they are empty; adjustThresholds needs them); and, per side size
    // n, the correlation below which a cut's line is not significant.
    std::vector<std::vector<float>> distinctValues;
    std::vector<std::vector<int>> valueRank;
    std::vector<double> insignificantR;
};

/// Training data after RuleQuest's input stage: rows with an unknown target removed, unknown
/// predictor values replaced by the training mean (continuous) or mode (discrete).
struct TrainingSet {
    CaseTable x;
    std::vector<float> y;   ///< the original target, float
    int droppedRows = 0;    ///< rows ignored because the target was NaN or infinite
    int replacedValues = 0; ///< predictor values that were unknown (NaN, infinite)
};

/// Converts and cleans training data. `levels[a]` > 0 marks column a as discrete with that many
/// levels. Preconditions: x is n x levels.size(), y has n entries. Throws DataError for a
/// discrete value that is not a level index, or fewer than 2 rows with a finite target.
TrainingSet makeTrainingSet(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const std::vector<int>& levels, std::vector<Attribute>& atts);

/// MINITEMS, the smallest branch a pruned tree keeps, for `rows` training cases and a limit of
/// `maxRules` rules: 1 % of the cases, at most 20, at most rows / maxRules, at least 3. The
/// only way besides the final leaf limit in which the rules limit shapes a member.
int minItemsFor(int rows, int maxRules);

/// Sets up Globals for a training set whose attributes are already described. O(n p).
Globals findGlobalProperties(
    const TrainingSet& data, std::vector<Attribute> atts, const Settings& settings);

/// Converts prediction cases as RuleQuest reads them: float values, unknown (NaN, infinite)
/// values replaced like in training. Throws DataError for a column count or level mismatch.
CaseTable makeCases(const Eigen::MatrixXd& x, const std::vector<Attribute>& atts);

/// RuleQuest's Denominator: the decimal denominator (1, 10, ..., 10^6) that represents |v| with
/// at most six significant digits.
double decimalDenominator(float value);

/// A linear model as RuleQuest stores it: entry 0 is the intercept, entry a+1 the coefficient
/// of column a (always 0 for discrete columns).
using Coefficients = std::vector<double>;

/// RawLinModel: the model's value for a case, rounded to float as RuleQuest returns it.
float rawValue(const Coefficients& model, const float* x);
/// A linear model prepared for evaluating many cases: rawValue's value, summed in rawValue's
/// order, without visiting the zero coefficients on every case.
class LinearTerms {
public:
    LinearTerms() = default;
    explicit LinearTerms(const Coefficients& model) { assign(model); }
    void assign(const Coefficients& model);
    /// Equals rawValue(model, x) bit for bit.
    float rawValue(const float* x) const { return static_cast<float>(sum(x)); }
    /// The same sum before rounding to float (a rule's value is summed as double).
    double sum(const float* x) const
    {
        double total = m_intercept;
        for (const auto& [att, coefficient] : m_terms)
            total += coefficient * x[att];
        return total;
    }
    double intercept() const { return m_intercept; }
    /// The nonzero terms: (column, coefficient), ascending column, in sum()'s order.
    const std::vector<std::pair<int, double>>& list() const { return m_terms; }

private:
    double m_intercept = 0;
    std::vector<std::pair<int, double>> m_terms; ///< (column, coefficient), ascending column
};

/// LinModel: rawValue limited to [lo, hi].
inline float clampTo(float value, float lo, float hi)
{
    return value < lo ? lo : value > hi ? hi : value;
}
/// Number of coefficients incl. the intercept (RuleQuest CountCoeffs).
int countCoefficients(const Coefficients& model);

/// RuleQuest SD: sqrt((sumSq - sum^2/n + 1e-3) / (n-1)), or `fallback` (GlobalSD) if n < 2.
double sdOf(double n, double sum, double sumSq, double fallback);
/// RuleQuest EstimateErr: err * (n + v) / (n - v) with v capped at n - 1 (M5's complexity term).
double estimateErr(double err, double n, float params);

/// RuleQuest's KRandom: Knuth's subtractive generator with a fixed start, so the "random" pairs
/// that set MAXD are the same in every run. One object per fit (RuleQuest keeps it static).
class KRandom {
public:
    KRandom();
    /// Next value in [0, 1).
    double next();

private:
    std::array<double, 55> m_urd {};
    int m_fp = 0;
    int m_sp = 31;
};

/// What a value becomes after RuleQuest printed it into the model text as printf would with
/// `format` and `precision` ("%.7g" = general, 7) and R's Cubist read it back with strtod
/// (sscanf "%lf"). Locale-independent (std::to_chars / std::from_chars).
double viaText(double value, std::chars_format format, int precision);
/// The same for values read back into a float (sscanf "%f").
float viaTextFloat(double value, std::chars_format format, int precision);
/// printf-style text of a number in the "C" locale ("%.{precision}g" for general).
std::string formatNumberAs(double value, std::chars_format format, int precision);

/// RuleQuest's prediction limits from the target range: [min - extrap range, max + extrap range],
/// not crossing 0 when the data do not.
void predictionLimits(float minValue, float maxValue, float extrap, float& floor, float& ceiling);

} // namespace iolens::core::cubist

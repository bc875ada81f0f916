// SPDX-License-Identifier: GPL-3.0-or-later
// The auto model's description and state file (describe, saveState, loadState).
#include "models/auto_model.hpp"

#include "common/error.hpp"
#include "common/json_text.hpp"
#include "models/auto_selection.hpp"
#include "validation/conformal.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace iolens::core {

namespace {

/// The typical interval scale a state keeps (absent before version 9, and where the intervals
/// are not scaled: 1). Throws DataError for one that is not positive.
double typicalScaleOf(const nlohmann::json& state)
{
    const double scale = state.value("typical_scale", 1.0);
    if (!(scale > 0.0))
        throw DataError("model file: an auto model's typical interval scale is not positive");
    return scale;
}

/// What describe() says of a model's measured span (measured_span.hpp): where it holds the
/// answers, or only bounds the intervals of values never trained on; empty when it is off.
std::string spanParagraph(const MeasuredSpan& span)
{
    if (!span.on())
        return {};
    char paragraph[480];
    std::snprintf(paragraph, sizeof paragraph,
        "  %s\n    %.3g .. %.3g, the smallest and largest value trained on; a value of a\n"
        "    factor never trained on (answered as at the trained one) takes an interval\n"
        "    spanning them at least.\n",
        span.holds ? "Inside the measured range of every factor, answers held within:"
                   : "Values trained on:",
        std::exp(span.low), std::exp(span.high));
    return paragraph;
}

/// What describe() says of the least interval the repeated runs allow (repeat_noise.hpp);
/// empty without repeats.
std::string repeatNoiseParagraph(const RepeatNoise& noise, double level)
{
    if (noise.empty())
        return {};
    const ConformalBounds b = noise.bounds(level);
    char paragraph[400];
    std::snprintf(paragraph, sizeof paragraph,
        "  No %.0f %% interval is narrower than x%.3g .. x%.3g of the prediction: one run's\n"
        "    spread about its configuration's mean (log sd %.3g pooled over %d configurations\n"
        "    measured more than once, Student's t with %d degrees of freedom).\n",
        level * 100.0, std::exp(b.lower), std::exp(b.upper), noise.logSd(), noise.configurations(),
        noise.degreesOfFreedom());
    return paragraph;
}

std::string percent(double value)
{
    if (std::isnan(value))
        return "–";
    // A log-scale linear model extrapolated far can miss by e^50; the digits say nothing then.
    if (value >= 100.0)
        return "> 9999 %";
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %%", value * 100.0);
    return text;
}

nlohmann::json scoreJson(const CandidateScore& s)
{
    return {{"spec", s.spec.toJson()}, {"interpolation", jsonNumber(s.interpolation)},
        {"extrapolation", jsonNumber(s.extrapolation)}, {"overall", jsonNumber(s.overall)},
        {"log_ratio", jsonNumber(s.logRatio)}, {"failure", s.failure}};
}

CandidateScore scoreFromJson(const nlohmann::json& json)
{
    CandidateScore s;
    s.spec = CandidateSpec::fromJson(json.at("spec"));
    s.interpolation = numberOfJson(json.at("interpolation"));
    s.extrapolation = numberOfJson(json.at("extrapolation"));
    s.overall = numberOfJson(json.at("overall"));
    // Absent in files written before the log ratio became the criterion.
    s.logRatio = json.contains("log_ratio") ? numberOfJson(json.at("log_ratio"))
                                            : std::numeric_limits<double>::quiet_NaN();
    s.failure = json.at("failure").get<std::string>();
    return s;
}

nlohmann::json rangesJson(const std::vector<MeasuredRange>& ranges)
{
    nlohmann::json json = nlohmann::json::array();
    for (const MeasuredRange& r : ranges)
        json.push_back({r.column, r.low, r.high, r.step, r.log2});
    return json;
}

std::vector<MeasuredRange> rangesFromJson(const nlohmann::json& json)
{
    std::vector<MeasuredRange> ranges;
    for (const auto& r : json) {
        // The step and its scale: absent in files written before intervals blended beyond a
        // range (then any distance beyond is one step).
        const double step = r.size() > 3 ? r.at(3).get<double>() : 0.0;
        if (!(step >= 0.0))
            throw DataError("model file: a measured range's step must be >= 0");
        ranges.push_back({r.at(0).get<Eigen::Index>(), r.at(1).get<double>(), r.at(2).get<double>(),
            step, r.size() > 4 && r.at(4).get<bool>()});
    }
    return ranges;
}

} // namespace

std::string AutoModel::describe() const
{
    if (!isFitted())
        return "auto model (not fitted)";
    if (composed()) {
        char line[512];
        std::snprintf(line, sizeof line,
            "auto: %s composed by Little's law from the response times, not modelled on its\n"
            "  own. The data shows a closed workload (median IOPS x response time / threads = "
            "%.3f):\n  each thread issues its next request when one completes, so the rate is "
            "threads x\n  its direction's share (x request size) / (r RT_read + (1 - r) "
            "RT_write), r the read share.\n  The four predictions of a configuration agree, and "
            "a mix's rate follows the time\n  that limits it.\n",
            std::string(metricName(*m_rateMetric)).c_str(), m_littleRatio);
        std::string text = line;
        if (m_inside.size() > 0) {
            std::snprintf(line, sizeof line,
                "  Composed from the times predicted with each level left out: interpolation "
                "%s,\n    extrapolation %s, overall %s, log ratio %.3f.\n  %.0f %% prediction "
                "interval: x%.3g .. x%.3g of the prediction inside the measured\n    ranges, "
                "x%.3g .. x%.3g from one measured step beyond them (nearer, in proportion\n    to "
                "the distance), calibrated on those %zu + %zu held-out points.\n",
                percent(m_selectionScore.interpolation).c_str(),
                percent(m_selectionScore.extrapolation).c_str(),
                percent(m_selectionScore.overall).c_str(), m_selectionScore.logRatio,
                kDefaultLevel * 100.0,
                std::exp(m_typicalScale * m_inside.bounds(kDefaultLevel).lower),
                std::exp(m_typicalScale * m_inside.bounds(kDefaultLevel).upper),
                std::exp(m_typicalScale * boundsBeyond(kDefaultLevel).lower),
                std::exp(m_typicalScale * boundsBeyond(kDefaultLevel).upper), m_inside.size(),
                m_beyond.size());
            text += line;
            if (m_typicalScale != 1.0)
                text += "    Those bands are at the median scale of the configurations trained on; "
                        "each\n    configuration's is its times' scales, weighted by their "
                        "shares of the time\n    per request.\n";
        } else {
            text += "  Its interval is composed from theirs (too few held-out points to "
                    "calibrate it on).\n";
        }
        text += spanParagraph(m_span);
        text += repeatNoiseParagraph(m_repeatNoise, kDefaultLevel);
        if (m_readTimes)
            text += "\nRead response time model:\n" + m_readTimes->describe() + "\n";
        if (m_writeTimes)
            text += "\nWrite response time model:\n" + m_writeTimes->describe() + "\n";
        return text;
    }
    std::string factors;
    for (const std::string& f : m_factors)
        factors += (factors.empty() ? "" : ", ") + f;
    // The choice first, the table of every candidate after it, best first: a person reads the
    // answer before the evidence, and the Models tab shows the top of the text.
    char line[320];
    // Lines are broken by hand to about 90 columns, so the Models tab's pane shows them whole;
    // the candidate table below is as wide. A sentence's further lines hang by two spaces, as
    // the Models tab indents the lines it wraps itself.
    std::string text = "Auto model: the candidate (or average of candidates) that best predicted "
                       "levels left out\n  of training in grouped cross-validation (each level of "
        + factors + " in turn)\n";
    if (m_rankedRows > 0 && m_rankedRows < m_trainingRows) {
        std::snprintf(line, sizeof line,
            "Ranked on a seeded sample of %lld of the %lld configurations (the budget of a "
            "large dataset);\n  the chosen candidates were fitted on all of them.\n",
            static_cast<long long>(m_rankedRows), static_cast<long long>(m_trainingRows));
        text += line;
    }
    if (m_screened)
        text += "Feature sets screened first: lm tried every one, the other techniques only "
                "lm's best\n  (the budget of a large dataset).\n";
    text += "Chosen:\n";
    bool anyTied = false;
    for (const Member& m : m_chosen) {
        if (m.tied > 1)
            std::snprintf(line, sizeof line, "  %s (weight %.3f, tied with %zu others)\n",
                m.model->spec().label().c_str(), m.weight, m.tied - 1);
        else
            std::snprintf(line, sizeof line, "  %s (weight %.3f)\n",
                m.model->spec().label().c_str(), m.weight);
        text += line;
        anyTied = anyTied || m.tied > 1;
    }
    if (anyTied) {
        std::snprintf(line, sizeof line,
            "  Tied candidates predicted every held-out level the same: the data cannot choose\n"
            "  among them, so they count as one, averaged (at most %zu of them, evenly spread).\n",
            kMaxTiedMembers);
        text += line;
    }
    std::snprintf(line, sizeof line,
        "  grouped CV of the chosen model:\n    interpolation %s, extrapolation %s, overall %s, "
        "log ratio %.3f\n",
        percent(m_chosenScore.interpolation).c_str(), percent(m_chosenScore.extrapolation).c_str(),
        percent(m_chosenScore.overall).c_str(), m_chosenScore.logRatio);
    text += line;
    if (!std::isnan(m_selectionScore.logRatio)) {
        std::snprintf(line, sizeof line,
            "  the choice itself, re-made without each level (to expect on an unmeasured "
            "level):\n    interpolation %s, extrapolation %s, overall %s, log ratio %.3f\n",
            percent(m_selectionScore.interpolation).c_str(),
            percent(m_selectionScore.extrapolation).c_str(),
            percent(m_selectionScore.overall).c_str(), m_selectionScore.logRatio);
        text += line;
    }
    if (!std::isnan(m_smoothingLogRatios.first)) {
        std::snprintf(line, sizeof line,
            "  residual smoothing: %s\n    (held-out log ratio %.3f without, %.3f with the best "
            "setting%s)\n",
            smoothing().label().c_str(), m_smoothingLogRatios.first, m_smoothingLogRatios.second,
            m_smoother ? ";\n    the chosen model's figures above include it; the choice's and the "
                         "intervals do not"
                       : ";\n    not taken: its gain per held-out level is within one standard "
                         "error");
        text += line;
    }
    // The first chosen member whose spec has `option`, or null: each option is explained once.
    const auto firstWith = [&](bool (*option)(const CandidateSpec&)) -> const CandidateSpec* {
        const auto it = std::find_if(m_chosen.begin(), m_chosen.end(),
            [&](const Member& m) { return option(m.model->spec()); });
        return it == m_chosen.end() ? nullptr : &it->model->spec();
    };
    if (firstWith([](const CandidateSpec& s) { return s.littleView; })) {
        text += "  Little's law: candidates marked 'little' model the metric as threads x "
                "share of requests\n    in its direction (x request size for throughput) / "
                "mean time per request, the workload\n    being closed; they predict that "
                "time.\n";
        if (std::abs(m_littleRatio - 1.0) <= kClosedWorkloadTolerance) {
            std::snprintf(line, sizeof line,
                "  The data shows a closed workload (median IOPS x response time / threads "
                "= %.3f), so only\n    such candidates were tried.\n",
                m_littleRatio);
            text += line;
        }
    }
    if (const CandidateSpec* spec
        = firstWith([](const CandidateSpec& s) { return !s.log2Only.empty(); })) {
        std::string names;
        for (Factor f : spec->log2Only)
            names += (names.empty() ? "" : ", ") + std::string(featureName(f));
        text += "  Measured at two levels, " + names
            + " entered as log2 alone: a power law beyond them\n    (two levels cannot tell "
              "it from exponential growth, which no storage metric shows).\n";
    }
    // A thread share's paragraph: whose share (the label's mark), its formula, and the other
    // direction's model it is solved with (auto's first choice for those times).
    const auto shareLine = [&](const CandidateSpec& spec, const std::string& whose,
                               const std::string& doing, const std::string& formula,
                               const std::string& other, const std::string& why) {
        const auto initial = static_cast<char>(std::toupper(static_cast<unsigned char>(whose[0])));
        text += "  " + std::string(1, initial) + whose.substr(1) + "' share: candidates marked '"
            + whose + "' also take the share of threads " + doing + ",\n    " + formula
            + ", solved with a " + other + "-time model,\n    "
            + (spec.otherTimes ? spec.otherTimes->label() + " (auto's first choice for the " + other
                        + " times)"
                               : std::string("of their own spec"))
            + "\n    (Little's law per direction; " + why + ").\n";
    };
    if (const CandidateSpec* spec = firstWith([](const CandidateSpec& s) { return s.writerShare; }))
        shareLine(*spec, "writers", "writing", "(1 - r) RT_write / (r RT_read + (1 - r) RT_write)",
            "read", "a write-back cache absorbs writes that arrive slowly");
    if (const CandidateSpec* spec = firstWith([](const CandidateSpec& s) { return s.readerShare; }))
        shareLine(*spec, "readers", "reading", "r RT_read / (r RT_read + (1 - r) RT_write)",
            "write", "the fewer threads read, the less reads queue");
    if (const ThreadSaturation& saturation = m_chosen.front().model->saturation();
        saturation.on()) {
        char paragraph[640];
        std::snprintf(paragraph, sizeof paragraph,
            "  Beyond %g threads, the most trained on: time(N) = time(%g) x (N / %g)^((1 + s) "
            "/ 2),\n    s the model's slope of log time in log threads from %g to %g threads "
            "(0..1): the\n"
            "    middle of the operational bounds of a closed workload, a throughput that stops\n"
            "    growing (slope 1) and one that grows on as it did (slope s).\n",
            saturation.top, saturation.top, saturation.top, saturation.base, saturation.top);
        text += paragraph;
    }
    if (m_requestBound.on()) {
        const double top = m_requestBound.top, below = m_requestBound.below;
        char paragraph[640];
        if (below > 0.0)
            std::snprintf(paragraph, sizeof paragraph,
                "  Beyond %g KiB, the largest request trained on: at least time(%g KiB) +\n"
                "    (request - %g KiB) x the time per KiB from %g to %g KiB (a fixed cost\n"
                "    plus a transfer time), at most time(%g KiB) x (request / %g KiB) (a\n"
                "    device's bandwidth not falling as its requests grow); the model's own\n"
                "    answer between them, and the interval spans both.\n",
                top, top, top, below, top, top, top);
        else
            std::snprintf(paragraph, sizeof paragraph,
                "  Beyond %g KiB, the largest request trained on: at most time(%g KiB) x\n"
                "    (request / %g KiB), a device's bandwidth not falling as its requests\n"
                "    grow; the model's own answer where it grows less.\n",
                top, top, top);
        text += paragraph;
    }
    text += spanParagraph(m_span);
    const auto intervalLine = [&](const std::string& where, const LevelCalibration& interval,
                                  const ConformalBounds& b) {
        std::snprintf(line, sizeof line,
            "  %.0f %% prediction interval%s:\n    x%.3g .. x%.3g of the prediction, the %.3f "
            "conformal quantiles of %zu held-out residuals\n",
            kDefaultLevel * 100.0, where.c_str(), std::exp(m_typicalScale * b.lower),
            std::exp(m_typicalScale * b.upper), interval.calibratedLevel(kDefaultLevel),
            interval.size());
        text += line;
        if (std::isnan(interval.coverage())) {
            text += "    (their coverage could not be judged: no two such levels of one factor)\n";
        } else {
            std::snprintf(line, sizeof line,
                "    (at %.0f %% they covered %s of held-out levels)\n", kDefaultLevel * 100.0,
                percent(interval.coverage()).c_str());
            text += line;
        }
    };
    if (m_scale.on()) {
        std::snprintf(line, sizeof line,
            "  Interval widths follow how far %zu of the best-ranked candidates of different\n"
            "    techniques and scales disagree at the configuration (their mean deviation from "
            "their\n    median, log scale) plus %.3g, the held-out levels' typical error; ",
            m_scale.panelSize(), m_scale.floor());
        text += line;
        std::snprintf(line, sizeof line,
            "each held-out\n    residual was divided by the same at its own point. The bands "
            "below are at the\n    median of the configurations trained on (%.3g); where the "
            "candidates part ways,\n    wider.\n",
            m_typicalScale);
        text += line;
    }
    if (m_ranges.empty()) {
        intervalLine("", m_inside, m_inside.bounds(kDefaultLevel));
    } else {
        intervalLine(" inside the measured ranges", m_inside, m_inside.bounds(kDefaultLevel));
        intervalLine(" from one measured step beyond them (calibrated one level out,\n    never "
                     "narrower than inside; nearer, in proportion to the distance)",
            m_beyond, boundsBeyond(kDefaultLevel));
    }
    text += repeatNoiseParagraph(m_repeatNoise, kDefaultLevel);

    text += "Candidates, best first by the mean |log(predicted / measured)| of held-out levels "
            "(the\n  choice's criterion), with their mean relative errors:\n";
    const int labelWidth = candidateLabelWidth(m_scores);
    std::snprintf(line, sizeof line, "  %-*s %13s %13s %9s %9s\n", labelWidth, "candidate",
        "interpolation", "extrapolation", "overall", "log ratio");
    text += line;
    std::vector<const CandidateScore*> ranked;
    ranked.reserve(m_scores.size());
    for (const CandidateScore& s : m_scores)
        ranked.push_back(&s);
    // NaN (failed) last; stable, so ties keep the order tried.
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto* a, const auto* b) {
        return !std::isnan(a->logRatio) && (std::isnan(b->logRatio) || a->logRatio < b->logRatio);
    });
    for (const CandidateScore* s : ranked) {
        // Why the choice refused a candidate is worth saying; other failures (a feature set the
        // data has no column for, say) are only marked.
        const std::string note = s->failure.empty()    ? ""
            : s->failure.rfind(kNotKeptPrefix, 0) == 0 ? "  (" + s->failure + ")"
                                                       : "  (failed)";
        std::snprintf(line, sizeof line, "  %-*s %13s %13s %9s %9.3f%s\n", labelWidth,
            s->spec.label().c_str(), percent(s->interpolation).c_str(),
            percent(s->extrapolation).c_str(), percent(s->overall).c_str(), s->logRatio,
            note.c_str());
        text += line;
    }
    return text + "Chosen model (first):\n" + m_chosen.front().model->describe();
}

nlohmann::json AutoModel::saveState() const
{
    // The scores of every candidate travel with the model, so describe() after loading still
    // explains the choice; the residuals are kept whole so any interval level can be asked for.
    if (!isFitted())
        throw StateError("AutoModel::saveState: the model is not fitted");
    if (composed()) {
        // The response-time models were fitted on x encoded by the same schema, so they load
        // with it.
        const auto stateOf = [](const std::shared_ptr<const AutoModel>& model) {
            return model ? model->saveState() : nlohmann::json(nullptr);
        };
        nlohmann::json state {{"version", kStateVersion},
            {"composed",
                {{"metric", metricName(*m_rateMetric)}, {"read_times", stateOf(m_readTimes)},
                    {"write_times", stateOf(m_writeTimes)}}},
            {"ranges", rangesJson(m_ranges)}, {"little_ratio", jsonNumber(m_littleRatio)},
            {"training_rows", m_trainingRows}};
        if (m_span.on())
            state["measured_span"] = m_span.toJson();
        if (m_typicalScale != 1.0)
            state["typical_scale"] = m_typicalScale;
        if (!m_repeatNoise.empty())
            state["repeat_noise"] = m_repeatNoise.toJson();
        if (m_inside.size() > 0) {
            state["interval_inside"] = m_inside.toJson();
            state["interval_beyond"] = m_beyond.toJson();
            state["selection_score"] = scoreJson(m_selectionScore);
        }
        return state;
    }
    nlohmann::json scores = nlohmann::json::array();
    for (const CandidateScore& s : m_scores)
        scores.push_back(scoreJson(s));
    const nlohmann::json ranges = rangesJson(m_ranges);
    nlohmann::json chosen = nlohmann::json::array();
    for (const Member& m : m_chosen)
        chosen.push_back({{"weight", m.weight}, {"tied", m.tied}, {"model", m.model->saveState()}});
    nlohmann::json state {{"version", kStateVersion}, {"candidates", scores}, {"chosen", chosen},
        {"chosen_score", scoreJson(m_chosenScore)},
        {"selection_score", scoreJson(m_selectionScore)}, {"interval_inside", m_inside.toJson()},
        {"interval_beyond", m_beyond.toJson()}, {"ranges", ranges}, {"factors", m_factors},
        {"little_ratio", jsonNumber(m_littleRatio)}, {"ranked_rows", m_rankedRows},
        {"training_rows", m_trainingRows}, {"screened", m_screened}};
    if (m_requestBound.on())
        state["request_bound"] = m_requestBound.toJson();
    if (m_span.on())
        state["measured_span"] = m_span.toJson();
    if (!std::isnan(m_smoothingLogRatios.first))
        state["smoothing_log_ratios"]
            = {jsonNumber(m_smoothingLogRatios.first), jsonNumber(m_smoothingLogRatios.second)};
    if (m_smoother)
        state["smoothing"] = m_smoother->toJson();
    if (m_scale.on())
        state["interval_scale"] = m_scale.toJson();
    if (m_typicalScale != 1.0)
        state["typical_scale"] = m_typicalScale;
    if (!m_repeatNoise.empty())
        state["repeat_noise"] = m_repeatNoise.toJson();
    return state;
}

void AutoModel::loadState(const nlohmann::json& state, const FeatureSchema& schema)
{
    const int version = state.at("version").get<int>();
    if (version > kStateVersion)
        throw DataError("model file: auto model state version " + std::to_string(version)
            + " is newer than this build understands");
    // Everything is parsed before a member changes, so a malformed state leaves this model as it
    // was.
    if (state.contains("composed")) {
        const nlohmann::json& parts = state.at("composed");
        const auto metric = parseMetric(parts.at("metric").get<std::string>());
        if (!metric || !isRateMetric(*metric))
            throw DataError("model file: auto model composes '"
                + parts.at("metric").get<std::string>() + "', which is not a rate metric");
        const auto modelOf = [&](const char* key) -> std::shared_ptr<const AutoModel> {
            if (parts.at(key).is_null())
                return nullptr;
            auto model = std::make_shared<AutoModel>();
            model->loadState(parts.at(key), schema);
            return model;
        };
        auto reads = modelOf("read_times");
        auto writes = modelOf("write_times");
        if (!reads && !writes)
            throw DataError("model file: composed auto model without a response-time model");
        const bool calibrated = state.contains("interval_inside");
        LevelCalibration inside = calibrated
            ? LevelCalibration::fromJson(state.at("interval_inside"))
            : LevelCalibration {};
        LevelCalibration beyond = calibrated
            ? LevelCalibration::fromJson(state.at("interval_beyond"))
            : LevelCalibration {};
        const CandidateScore selection
            = calibrated ? scoreFromJson(state.at("selection_score")) : CandidateScore {};
        std::vector<MeasuredRange> ranges = rangesFromJson(state.at("ranges"));
        const double littleRatio = numberOfJson(state.at("little_ratio"));
        const MeasuredSpan span
            = MeasuredSpan::fromJson(state.value("measured_span", nlohmann::json()));
        const double typicalScale = typicalScaleOf(state);
        // Absent in files before version 10, and where no configuration was run twice.
        const RepeatNoise repeatNoise
            = RepeatNoise::fromJson(state.value("repeat_noise", nlohmann::json()));
        becomeComposed(*metric, schema, std::move(reads), std::move(writes),
            state.value("training_rows", Eigen::Index {0}), littleRatio);
        m_inside = std::move(inside);
        m_beyond = std::move(beyond);
        m_selectionScore = selection;
        m_ranges = std::move(ranges);
        m_span = span;
        m_repeatNoise = repeatNoise;
        m_typicalScale = typicalScale;
        m_params.threadSaturation = m_params.threadSaturation && version >= 5;
        m_params.requestBound = m_params.requestBound && version >= 6;
        m_params.measuredSpan = m_params.measuredSpan && version >= 8;
        m_params.intervalScale = m_params.intervalScale && version >= 9;
        m_params.repeatNoise = m_params.repeatNoise && version >= 10;
        return;
    }
    std::vector<CandidateScore> scores;
    for (const auto& s : state.at("candidates"))
        scores.push_back(scoreFromJson(s));
    std::vector<Member> chosen;
    for (const auto& m : state.at("chosen")) {
        auto model
            = std::make_shared<AutoCandidate>(CandidateSpec::fromJson(m.at("model").at("spec")));
        model->loadState(m.at("model"), schema);
        // "tied" is absent in files written before tied candidates were averaged.
        chosen.push_back(
            {std::move(model), m.at("weight").get<double>(), m.value("tied", std::size_t {1})});
    }
    if (chosen.empty())
        throw DataError("model file: auto model without a chosen candidate");
    LevelCalibration inside, beyond;
    std::vector<MeasuredRange> ranges;
    if (state.contains("interval_inside")) {
        inside = LevelCalibration::fromJson(state.at("interval_inside"));
        beyond = LevelCalibration::fromJson(state.at("interval_beyond"));
        ranges = rangesFromJson(state.at("ranges"));
    } else {
        // Version 1: one calibration for every configuration.
        inside = LevelCalibration::fromStored(state.at("residuals").get<std::vector<double>>(),
            numberOfJson(state.at("coverage")),
            state.at("level_map").get<std::vector<std::pair<double, double>>>());
        beyond = inside;
    }
    const CandidateScore chosenScore = scoreFromJson(state.at("chosen_score"));
    // Absent in files written before the selection was scored on its own.
    const CandidateScore selection = state.contains("selection_score")
        ? scoreFromJson(state.at("selection_score"))
        : CandidateScore {};
    auto factors = state.at("factors").get<std::vector<std::string>>();
    // Absent in files written before the closed-workload check.
    const double littleRatio = state.contains("little_ratio")
        ? numberOfJson(state.at("little_ratio"))
        : std::numeric_limits<double>::quiet_NaN();
    // Absent in files written before the ranking budget: ranked on every row.
    const auto rankedRows = state.value("ranked_rows", Eigen::Index {0});
    const auto trainingRows = state.value("training_rows", Eigen::Index {0});
    const bool screened = state.value("screened", false);
    // Absent in files before version 6, and where the data allowed no bound.
    const RequestBound requestBound = RequestBound::fromJson(
        state.value("request_bound", nlohmann::json()), static_cast<Eigen::Index>(schema.size()));
    // Absent in files before version 8, and where it is off.
    const MeasuredSpan span
        = MeasuredSpan::fromJson(state.value("measured_span", nlohmann::json()));
    // Absent in files written before residual smoothing, and where none was chosen.
    std::shared_ptr<const ResidualSmoother> smoother = state.contains("smoothing")
        ? std::make_shared<const ResidualSmoother>(
            ResidualSmoother::fromJson(state.at("smoothing")))
        : nullptr;
    if (smoother && smoother->columns() != schema.size())
        throw DataError("model file: the auto model's residual smoothing has "
            + std::to_string(smoother->columns()) + " feature columns, its schema "
            + std::to_string(schema.size()));
    // Absent in files before version 9, and where it is off.
    IntervalScale scale
        = IntervalScale::fromJson(state.value("interval_scale", nlohmann::json()), schema);
    const double typicalScale = typicalScaleOf(state);
    // Absent in files before version 10, and where no configuration was run twice.
    const RepeatNoise repeatNoise
        = RepeatNoise::fromJson(state.value("repeat_noise", nlohmann::json()));
    std::pair<double, double> smoothingRatios {
        std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
    if (state.contains("smoothing_log_ratios"))
        smoothingRatios = {numberOfJson(state.at("smoothing_log_ratios").at(0)),
            numberOfJson(state.at("smoothing_log_ratios").at(1))};

    m_readTimes.reset();
    m_writeTimes.reset();
    m_rateMetric.reset();
    m_inside = std::move(inside);
    m_beyond = std::move(beyond);
    m_ranges = std::move(ranges);
    m_scores = std::move(scores);
    m_chosen = std::move(chosen);
    m_smoother = std::move(smoother);
    m_scale = std::move(scale);
    m_typicalScale = typicalScale;
    m_smoothingLogRatios = smoothingRatios;
    m_chosenScore = chosenScore;
    m_selectionScore = selection;
    m_factors = std::move(factors);
    m_littleRatio = littleRatio;
    m_rankedRows = rankedRows;
    m_trainingRows = trainingRows;
    m_screened = screened;
    m_requestBound = requestBound;
    m_span = span;
    m_repeatNoise = repeatNoise;
    // Its parameters say what the file's candidates do: before version 5 none bounded the
    // threads, before version 6 no answer was bounded beyond the request sizes, before version
    // 8 none held within the measured values.
    m_params.threadSaturation = m_params.threadSaturation && version >= 5;
    m_params.requestBound = m_params.requestBound && version >= 6;
    m_params.measuredSpan = m_params.measuredSpan && version >= 8;
    m_params.intervalScale = m_params.intervalScale && version >= 9;
    m_params.repeatNoise = m_params.repeatNoise && version >= 10;
}

} // namespace iolens::core

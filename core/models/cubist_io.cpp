// SPDX-License-Identifier: GPL-3.0-or-later
// JSON state and the text description of a fitted Cubist model (declared in cubist_model.hpp).
#include "models/cubist_model.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace iolens::core::cubist {

namespace {

using nlohmann::json;

constexpr int kStateVersion = 1;

const char* kindName(AttKind kind)
{
    switch (kind) {
    case AttKind::Continuous:
        return "continuous";
    case AttKind::Discrete:
        return "discrete";
    case AttKind::Skipped:
        return "skipped";
    }
    return "skipped";
}

AttKind parseKind(const std::string& name)
{
    if (name == "continuous")
        return AttKind::Continuous;
    if (name == "discrete")
        return AttKind::Discrete;
    if (name == "skipped")
        return AttKind::Skipped;
    throw DataError("model file: unknown Cubist attribute kind '" + name + "'");
}

json conditionToJson(const Condition& c)
{
    if (c.type == TestType::Threshold)
        return {{"type", "threshold"}, {"column", c.att}, {"cut", c.cut}, {"above", c.above}};
    std::vector<int> levels;
    for (std::size_t v = 0; v < c.levels.size(); ++v)
        if (c.levels[v])
            levels.push_back(static_cast<int>(v));
    return {{"type", c.type == TestType::Value ? "value" : "subset"}, {"column", c.att},
        {"levels", levels}};
}

Condition conditionFromJson(const json& j, const std::vector<Attribute>& atts)
{
    Condition c;
    const auto type = j.at("type").get<std::string>();
    c.att = j.at("column").get<int>();
    if (c.att < 0 || c.att >= static_cast<int>(atts.size()))
        throw DataError("model file: Cubist condition on column " + std::to_string(c.att)
            + ", the model has " + std::to_string(atts.size()));
    if (type == "threshold") {
        c.type = TestType::Threshold;
        c.cut = static_cast<float>(j.at("cut").get<double>());
        c.above = j.at("above").get<bool>();
        return c;
    }
    if (type != "value" && type != "subset")
        throw DataError("model file: unknown Cubist condition type '" + type + "'");
    c.type = type == "value" ? TestType::Value : TestType::Subset;
    const int k = atts[static_cast<std::size_t>(c.att)].levels;
    c.levels.assign(static_cast<std::size_t>(k), 0);
    for (int v : j.at("levels").get<std::vector<int>>()) {
        if (v < 0 || v >= k)
            throw DataError("model file: Cubist condition level " + std::to_string(v)
                + " outside 0.." + std::to_string(k - 1));
        c.levels[static_cast<std::size_t>(v)] = 1;
    }
    return c;
}

json ruleToJson(const Rule& r)
{
    json conditions = json::array();
    for (const Condition& c : r.conditions)
        conditions.push_back(conditionToJson(c));
    return {{"conditions", conditions}, {"coefficients", r.model}, {"cover", r.cover},
        {"mean", r.mean}, {"lo_val", r.loVal}, {"hi_val", r.hiVal}, {"lo_lim", r.loLim},
        {"hi_lim", r.hiLim}, {"est_err", r.estErr}};
}

float getFloat(const json& j, const char* key)
{
    return static_cast<float>(j.at(key).get<double>());
}

Rule ruleFromJson(const json& j, const std::vector<Attribute>& atts)
{
    Rule r;
    for (const json& c : j.at("conditions"))
        r.conditions.push_back(conditionFromJson(c, atts));
    r.model = j.at("coefficients").get<Coefficients>();
    if (r.model.size() != atts.size() + 1)
        throw DataError("model file: Cubist rule has " + std::to_string(r.model.size())
            + " coefficients, expected " + std::to_string(atts.size() + 1));
    r.cover = j.at("cover").get<int>();
    r.mean = getFloat(j, "mean");
    r.loVal = getFloat(j, "lo_val");
    r.hiVal = getFloat(j, "hi_val");
    r.loLim = getFloat(j, "lo_lim");
    r.hiLim = getFloat(j, "hi_lim");
    r.estErr = getFloat(j, "est_err");
    return r;
}

std::string general(double value, int precision = 6)
{
    return formatNumberAs(value, std::chars_format::general, precision);
}

std::string describeCondition(const Condition& c, const ColumnNames& columns)
{
    const auto a = static_cast<std::size_t>(c.att);
    std::string text = "\t" + columns.names[a];
    if (c.type == TestType::Threshold)
        return text + (c.above ? " > " : " <= ") + general(c.cut, 8) + "\n";
    std::vector<std::string> labels;
    for (std::size_t v = 0; v < c.levels.size(); ++v)
        if (c.levels[v])
            labels.push_back(
                v < columns.levels[a].size() ? columns.levels[a][v] : std::to_string(v));
    if (labels.size() == 1)
        return text + " = " + labels.front() + "\n";
    text += " in {";
    for (std::size_t i = 0; i < labels.size(); ++i)
        text += (i ? ", " : "") + labels[i];
    return text + "}\n";
}

std::string describeRule(
    const Rule& r, const std::string& label, const Model& model, const ColumnNames& columns)
{
    std::string text = "\n  Rule " + label + ": [" + std::to_string(r.cover) + " cases, mean "
        + general(r.mean) + ", range " + general(r.loVal) + " to " + general(r.hiVal) + ", est err "
        + general(r.estErr) + "]\n\n";
    if (!r.conditions.empty()) {
        std::vector<const Condition*> sorted;
        for (const Condition& c : r.conditions)
            sorted.push_back(&c);
        std::stable_sort(sorted.begin(), sorted.end(), [](const Condition* x, const Condition* y) {
            return x->att < y->att || (x->att == y->att && x->cut < y->cut);
        });
        text += "    if\n";
        for (const Condition* c : sorted)
            text += describeCondition(*c, columns);
        text += "    then\n";
    }
    // Terms in order of importance |coefficient| x sd of the column.
    std::vector<std::size_t> terms;
    for (std::size_t a = 1; a < r.model.size(); ++a)
        if (r.model[a] != 0)
            terms.push_back(a);
    std::stable_sort(terms.begin(), terms.end(), [&](std::size_t x, std::size_t y) {
        return std::fabs(r.model[x]) * model.atts[x - 1].sd
            > std::fabs(r.model[y]) * model.atts[y - 1].sd;
    });
    text += "\toutcome = " + general(r.model[0], 14);
    for (std::size_t a : terms)
        text += std::string(r.model[a] > 0 ? " + " : " - ") + general(std::fabs(r.model[a]), 14)
            + " " + columns.names[a - 1];
    return text + "\n";
}

} // namespace

json modelToJson(const Model& model)
{
    json atts = json::array();
    for (const Attribute& a : model.atts)
        atts.push_back({{"kind", kindName(a.kind)}, {"levels", a.levels}, {"mean", a.mean},
            {"sd", a.sd}, {"modal", a.modal}});
    json members = json::array();
    for (const RuleSet& rs : model.members) {
        json rules = json::array();
        for (const Rule& r : rs.rules)
            rules.push_back(ruleToJson(r));
        members.push_back({{"rules", rules}});
    }
    const Instances& inst = model.instances;
    return {{"version", kStateVersion}, {"attributes", atts}, {"global_mean", model.globalMean},
        {"floor", model.floor}, {"ceiling", model.ceiling}, {"extrapolation", model.extrap},
        {"committee", members},
        {"instances",
            {{"maxd", inst.maxd}, {"rows", inst.x.rows}, {"x", inst.x.values}, {"y", inst.y}}}};
}

Model modelFromJson(const json& j, int columns)
{
    if (j.at("version").get<int>() > kStateVersion)
        throw DataError("model file: Cubist state version "
            + std::to_string(j.at("version").get<int>()) + " is newer than this build understands");
    Model model;
    for (const json& a : j.at("attributes")) {
        Attribute att;
        att.kind = parseKind(a.at("kind").get<std::string>());
        att.levels = a.at("levels").get<int>();
        att.mean = getFloat(a, "mean");
        att.sd = getFloat(a, "sd");
        att.modal = a.at("modal").get<int>();
        model.atts.push_back(att);
    }
    if (static_cast<int>(model.atts.size()) != columns)
        throw DataError("model file: Cubist model has " + std::to_string(model.atts.size())
            + " columns, its features imply " + std::to_string(columns));
    model.globalMean = getFloat(j, "global_mean");
    model.floor = getFloat(j, "floor");
    model.ceiling = getFloat(j, "ceiling");
    model.extrap = getFloat(j, "extrapolation");
    for (const json& member : j.at("committee")) {
        RuleSet rs;
        for (const json& r : member.at("rules"))
            rs.rules.push_back(ruleFromJson(r, model.atts));
        model.members.push_back(std::move(rs));
    }
    if (model.members.empty())
        throw DataError("model file: Cubist model without committee members");
    const json& inst = j.at("instances");
    model.instances.maxd = getFloat(inst, "maxd");
    model.instances.x.rows = inst.at("rows").get<int>();
    model.instances.x.cols = columns;
    for (double v : inst.at("x").get<std::vector<double>>())
        model.instances.x.values.push_back(static_cast<float>(v));
    for (double v : inst.at("y").get<std::vector<double>>())
        model.instances.y.push_back(static_cast<float>(v));
    if (model.instances.x.rows < 2
        || model.instances.x.values.size()
            != static_cast<std::size_t>(model.instances.x.rows) * static_cast<std::size_t>(columns)
        || model.instances.y.size() != static_cast<std::size_t>(model.instances.x.rows))
        throw DataError("model file: Cubist instances do not match " + std::to_string(columns)
            + " columns and " + std::to_string(model.instances.x.rows) + " rows");
    model.computeInstancePredictions();
    return model;
}

std::string describeModel(const Model& model, const ColumnNames& columns)
{
    std::string text;
    const std::size_t count = model.members.size();
    for (std::size_t m = 0; m < count; ++m) {
        text += count > 1 ? "\nModel " + std::to_string(m + 1) + ":\n" : std::string("\nModel:\n");
        const auto& rules = model.members[m].rules;
        for (std::size_t r = 0; r < rules.size(); ++r) {
            const std::string label = count > 1
                ? std::to_string(m + 1) + "/" + std::to_string(r + 1)
                : std::to_string(r + 1);
            text += describeRule(rules[r], label, model, columns);
        }
    }
    return text;
}

} // namespace iolens::core::cubist

// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/plan_field_reader.hpp"

#include "common/closest_name.hpp"
#include "common/error.hpp"
#include "common/units.hpp"
#include "data/fio_json_reader.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace iolens::core {

namespace {

using nlohmann::json;

} // namespace

void PlanFieldReader::fail(const std::string& field, const std::string& what) const
{
    throw ConfigError(m_source + ": field '" + field + "': " + what);
}

std::string PlanFieldReader::text(const json& object, const std::string& key,
    const std::string& path, const std::string& fallback) const
{
    if (!object.contains(key))
        return fallback;
    if (!object.at(key).is_string())
        fail(path + key, "not a string");
    return object.at(key).get<std::string>();
}

double PlanFieldReader::number(const json& value, const std::string& field) const
{
    if (!value.is_number())
        fail(field, "'" + value.dump() + "' is not a number");
    return value.get<double>();
}

double PlanFieldReader::number(
    const json& object, const std::string& key, const std::string& path, double fallback) const
{
    return object.contains(key) ? number(object.at(key), path + key) : fallback;
}

std::int64_t PlanFieldReader::size(const json& value, const std::string& field) const
{
    std::optional<long long> bytes;
    if (value.is_number_integer())
        bytes = value.get<long long>();
    else if (value.is_string())
        bytes = parseFioSize(value.get<std::string>());
    if (!bytes || *bytes <= 0)
        fail(field, "'" + value.dump() + "' is not a size (bytes, or fio's 4k, 16M, 1G)");
    return *bytes;
}

int PlanFieldReader::count(const json& value, const std::string& field, int minimum) const
{
    const double v = number(value, field);
    if (v != std::floor(v) || v < minimum || v > 1e6)
        fail(field, value.dump() + " is not a whole number >= " + std::to_string(minimum));
    return static_cast<int>(v);
}

void PlanFieldReader::onlyKeys(const json& object, const std::string& path,
    std::initializer_list<std::string_view> known, const std::string& what) const
{
    for (const auto& [key, value] : object.items()) {
        if (std::find(known.begin(), known.end(), key) != known.end())
            continue;
        std::string keys;
        for (std::string_view name : known)
            keys += (keys.empty() ? "" : ", ") + std::string(name);
        const auto nearest = closestName(key, std::vector<std::string>(known.begin(), known.end()));
        fail(path + key,
            "unknown key" + (nearest ? "; did you mean '" + *nearest + "'?" : std::string()) + " ("
                + what + ": " + keys + ")");
    }
}

const json& PlanFieldReader::array(
    const json& object, const std::string& key, const std::string& path) const
{
    const json& value = object.at(key);
    if (!value.is_array() || value.empty())
        fail(path + key, "expected a non-empty list");
    return value;
}

void PlanFieldReader::setFactor(Configuration& config, const std::string& factor, const json& value,
    const std::string& field) const
{
    if (factor == "scheduler") {
        if (!value.is_string() || value.get<std::string>().empty())
            fail(field, "expected a scheduler name such as \"none\" or \"current\"");
        config.scheduler = value.get<std::string>();
    } else if (factor == "fileset") {
        config.filesetBytes = size(value, field);
    } else if (factor == "request") {
        config.requestBytes = size(value, field);
    } else if (factor == "pattern") {
        if (!value.is_string() || !parsePattern(value.get<std::string>(), config.pattern))
            fail(field, "'" + value.dump() + "' is not \"random\" or \"sequential\"");
    } else if (factor == "read_pct") {
        config.readPct = number(value, field);
        if (config.readPct < 0.0 || config.readPct > 100.0)
            fail(field, value.dump() + " is not a percentage from 0 to 100");
    } else if (factor == "threads") {
        config.threads = count(value, field, 1);
    } else if (factor == "vms") {
        config.vms = count(value, field, 1);
    } else {
        fail(field,
            "unknown factor (scheduler, fileset, request, pattern, read_pct, "
            "threads, vms)");
    }
}

void PlanFieldReader::check(const Configuration& config, const std::string& field) const
{
    if (config.filesetBytes <= 0)
        fail(field, "no file-set size (factor 'fileset')");
    if (config.requestBytes <= 0)
        fail(field, "no request size (factor 'request')");
    if (config.threads % config.vms != 0)
        fail(field,
            std::to_string(config.threads) + " threads cannot be split evenly over "
                + std::to_string(config.vms) + " VMs");
    if (config.filesetBytes % (config.vms * kMiB) != 0)
        fail(field,
            "the file set of " + std::to_string(config.filesetBytes)
                + " bytes is not a whole number of MiB per VM");
    if (config.filesetBytes / config.vms < config.requestBytes)
        fail(field, "the file set per VM is smaller than one request");
}

} // namespace iolens::core

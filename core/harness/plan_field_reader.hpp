// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace iolens::core {

/// Reads the fields of one measurement plan's JSON (parsePlan): typed values, fio sizes, the
/// factors of a configuration, and whether a configuration can be laid out and run. Every
/// error is a ConfigError naming the plan file and the JSON path of the field
/// ("plan.json: field 'factors.request[1]': '4q' is not a size ..."), so a plan section
/// (workload, designs, hosts) reads its fields through one of these and never builds a
/// message itself. `path` arguments are the JSON path of the enclosing object with a trailing
/// dot ("workload.") or "" at the top level.
class PlanFieldReader {
public:
    /// `source` names the plan file in every message.
    explicit PlanFieldReader(std::string source)
        : m_source(std::move(source))
    {
    }

    /// Throws ConfigError "SOURCE: field 'FIELD': WHAT".
    [[noreturn]] void fail(const std::string& field, const std::string& what) const;

    /// object[key] as a string, `fallback` when absent; fails if it is not a string.
    std::string text(const nlohmann::json& object, const std::string& key, const std::string& path,
        const std::string& fallback) const;
    /// `value` as a number; fails if it is not a JSON number.
    double number(const nlohmann::json& value, const std::string& field) const;
    /// object[key] as a number, `fallback` when absent.
    double number(const nlohmann::json& object, const std::string& key, const std::string& path,
        double fallback) const;
    /// A size in bytes (> 0): a JSON integer or fio's size string ("4k", "16M", "1G").
    std::int64_t size(const nlohmann::json& value, const std::string& field) const;
    /// A whole number from `minimum` to 1e6.
    int count(const nlohmann::json& value, const std::string& field, int minimum) const;
    /// Fails for the first key of the JSON object `object` that is not in `known`: a misspelt
    /// key would otherwise leave its field at the default without a word. The message names
    /// the key, the nearest known key where one is close ("think_tim_ms" -> "think_time_ms")
    /// and `what`'s keys ("an application's keys: name, ...").
    void onlyKeys(const nlohmann::json& object, const std::string& path,
        std::initializer_list<std::string_view> known, const std::string& what) const;
    /// object[key] as a non-empty JSON array. Precondition: object contains key.
    const nlohmann::json& array(
        const nlohmann::json& object, const std::string& key, const std::string& path) const;

    /// Sets factor `factor` (scheduler, fileset, request, pattern, read_pct, threads, vms) of
    /// `config` from `value`; fails for an unknown factor or a value it cannot take.
    void setFactor(Configuration& config, const std::string& factor, const nlohmann::json& value,
        const std::string& field) const;
    /// Fails unless iolens can lay out and run `config`: a file set and a request size, threads
    /// divisible by vms, a per-VM file set of whole MiB holding at least one request.
    void check(const Configuration& config, const std::string& field) const;

private:
    std::string m_source;
};

} // namespace iolens::core

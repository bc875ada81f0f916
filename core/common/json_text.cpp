// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/json_text.hpp"

#include "common/error.hpp"
#include "common/text_file.hpp"

#include <cmath>
#include <limits>
#include <vector>

namespace iolens::core {

namespace {

// A SAX pass that only tracks where it is, run after a failed parse to name the field: nlohmann's
// own message gives a byte offset, which says little in a 2,000-line fio result.
class FieldTracker final : public nlohmann::json_sax<nlohmann::json> {
public:
    std::string path() const
    {
        std::string text;
        for (const Level& level : m_levels)
            text += level.array ? "[" + std::to_string(level.index) + "]"
                                : (text.empty() ? "" : ".") + level.key;
        return text.empty() ? "(top level)" : text;
    }
    std::string reason;

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override
    {
        m_levels.push_back({false, 0, {}});
        return true;
    }
    bool key(string_t& name) override
    {
        m_levels.back().key = name;
        return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override
    {
        m_levels.push_back({true, 0, {}});
        return true;
    }
    bool end_array() override { return close(); }
    bool parse_error(
        std::size_t, const std::string&, const nlohmann::json::exception& error) override
    {
        reason = error.what();
        return false;
    }

private:
    struct Level {
        bool array = false;
        std::size_t index = 0;
        std::string key;
    };
    bool value()
    {
        if (!m_levels.empty() && m_levels.back().array)
            ++m_levels.back().index;
        return true;
    }
    bool close()
    {
        m_levels.pop_back();
        return value();
    }
    std::vector<Level> m_levels;
};

} // namespace

nlohmann::json parseJsonText(std::string_view text, const std::string& source)
{
    text = withoutByteOrderMark(text, source);
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& error) {
        FieldTracker tracker;
        nlohmann::json::sax_parse(text, &tracker);
        const std::string reason = tracker.reason.empty() ? error.what() : tracker.reason;
        throw DataError(
            source + ": not valid JSON at field " + tracker.path() + " (" + reason + ")");
    }
}

nlohmann::json jsonNumber(double value)
{
    if (std::isnan(value))
        return nullptr;
    return std::isinf(value) ? nlohmann::json(value > 0 ? "inf" : "-inf") : nlohmann::json(value);
}

double numberOfJson(const nlohmann::json& json)
{
    if (json.is_null())
        return std::numeric_limits<double>::quiet_NaN();
    if (json.is_string()) {
        const auto text = json.get<std::string>();
        if (text != "inf" && text != "-inf")
            throw DataError("model file: '" + text + "' is not a number");
        return text == "inf" ? std::numeric_limits<double>::infinity()
                             : -std::numeric_limits<double>::infinity();
    }
    return json.get<double>();
}

} // namespace iolens::core

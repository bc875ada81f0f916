// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/closest_name.hpp"

#include <algorithm>
#include <cctype>

namespace iolens::core {

namespace {

char folded(char c)
{
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

std::size_t allowedEdits(std::size_t length)
{
    if (length <= 4)
        return 1;
    return length <= 8 ? 2 : 3;
}

bool startsWith(std::string_view name, std::string_view prefix)
{
    return name.size() >= prefix.size()
        && std::equal(prefix.begin(), prefix.end(), name.begin(),
            [](char a, char b) { return folded(a) == folded(b); });
}

} // namespace

// Debian 12 packages no edit-distance library for C++ (rapidfuzz-cpp came with Debian 13), and
// the names compared here are option and command names of a few letters: the textbook dynamic
// programme (Damerau's transposition as an optimal string alignment) is all it takes.
std::size_t editDistance(std::string_view a, std::string_view b)
{
    const std::size_t n = a.size();
    const std::size_t m = b.size();
    // Three rows of the (n + 1) x (m + 1) table: a transposition looks two rows back.
    std::vector<std::size_t> twoBack(m + 1), previous(m + 1), current(m + 1);
    for (std::size_t j = 0; j <= m; ++j)
        previous[j] = j;
    for (std::size_t i = 1; i <= n; ++i) {
        current[0] = i;
        for (std::size_t j = 1; j <= m; ++j) {
            const std::size_t substitution = folded(a[i - 1]) == folded(b[j - 1]) ? 0 : 1;
            current[j]
                = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution});
            if (i > 1 && j > 1 && folded(a[i - 1]) == folded(b[j - 2])
                && folded(a[i - 2]) == folded(b[j - 1]))
                current[j] = std::min(current[j], twoBack[j - 2] + 1);
        }
        std::swap(twoBack, previous);
        std::swap(previous, current);
    }
    return previous[m];
}

std::optional<std::string> closestName(
    std::string_view typed, const std::vector<std::string>& candidates)
{
    if (typed.empty())
        return std::nullopt;
    std::vector<const std::string*> prefixed;
    for (const std::string& candidate : candidates)
        if (startsWith(candidate, typed))
            prefixed.push_back(&candidate);
    if (prefixed.size() == 1)
        return *prefixed.front();

    const std::size_t allowed = allowedEdits(typed.size());
    const std::string* best = nullptr;
    std::size_t bestDistance = allowed + 1;
    bool tied = false;
    for (const std::string& candidate : candidates) {
        const std::size_t distance = editDistance(typed, candidate);
        if (distance < bestDistance) {
            best = &candidate;
            bestDistance = distance;
            tied = false;
        } else if (distance == bestDistance && best != nullptr && *best != candidate) {
            tied = true;
        }
    }
    if (best == nullptr || tied)
        return std::nullopt;
    return *best;
}

std::string listOfNames(const std::vector<std::string>& names)
{
    std::string list;
    for (const std::string& name : names)
        list += (list.empty() ? "" : ", ") + name;
    return list;
}

std::string didYouMean(std::string_view typed, const std::vector<std::string>& candidates)
{
    const auto meant = closestName(typed, candidates);
    return meant ? "did you mean '" + *meant + "'? " : std::string();
}

} // namespace iolens::core

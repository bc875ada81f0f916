// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iolens::core {

/// The candidate a mistyped name most likely meant ("techniqe" → "technique", "predikt" →
/// "predict"), for a "did you mean" in a usage message: the nearest by edit distance
/// (insertions, deletions, substitutions and swaps of neighbouring letters, ignoring case), if
/// it is near enough to be a slip of the keyboard: 1 edit for names of up to 4 letters, 2 up to
/// 8, 3 beyond. A name that is a prefix of exactly one candidate ("--config" of "--configs")
/// also counts. None if nothing is that near, or if two candidates are equally near: a guess
/// between two would mislead as often as it helps.
std::optional<std::string> closestName(
    std::string_view typed, const std::vector<std::string>& candidates);

/// "did you mean 'X'? " when closestName finds X among `candidates`, else "": for the start of
/// a message's parenthesis that then lists the candidates ("(did you mean 'lm'? known: ...)").
std::string didYouMean(std::string_view typed, const std::vector<std::string>& candidates);

/// The names separated by ", ": the list such a message ends with.
std::string listOfNames(const std::vector<std::string>& names);

/// The optimal string alignment distance between two names, ignoring ASCII case.
std::size_t editDistance(std::string_view a, std::string_view b);

} // namespace iolens::core

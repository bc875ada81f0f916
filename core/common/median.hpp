// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace iolens::core {

/// The median of `values`: the middle one, or the mean of the middle two for an even count.
/// Throws StateError for no values (every caller has some: an empty list is a bug there).
/// O(n): nth_element on the copy it takes.
double median(std::vector<double> values);

} // namespace iolens::core

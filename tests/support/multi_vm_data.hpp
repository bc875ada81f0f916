// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"

#include <vector>

namespace iolens::test {

/// `runs` (one VM, e.g. the tiered example) and, on top, a synthetic second VM for every run: the
/// same configuration with vms = 2 and split "multivm", a little slower per VM (response times
/// x 1.1) and 1.8x the throughput in all. Data with one-VM and multi-VM rows (ICPE'13 6.3).
std::vector<core::Measurement> withTwoVms(const std::vector<core::Measurement>& runs);

} // namespace iolens::test

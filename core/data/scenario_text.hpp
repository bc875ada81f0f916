// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"

#include <string>
#include <string_view>

namespace iolens::core {

/// Reads a scenario written as `key=value` pairs joined by commas, as on the command line of
/// `iolens-cli render --scenario`:
///
///     request=16KiB,read=70,fileset=4GiB,scheduler=bfq,pattern=random,vms=2,threads=16
///
/// Keys: request (request size), fileset (file-set size), read (share of reads in %, 0..100),
/// scheduler (free text), pattern (random|sequential), threads and vms (whole numbers >= 1).
/// Sizes take fio's units ("16k", "16KiB", "4GiB"); a bare number is in the factor's modelling
/// unit (KiB for requests, MiB for file sets), like the sliders. Keys not given keep their value
/// from `base`, so a partial scenario changes only what it names. Spaces around items are
/// ignored; an empty text returns `base`.
/// Throws ConfigError naming the item and the key that is not understood or out of range.
Configuration parseScenarioText(std::string_view text, Configuration base);

/// The text form parseScenarioText() reads, every factor given, sizes in binary units
/// ("request=16KiB,read=70,fileset=4GiB,scheduler=bfq,pattern=random,threads=16,vms=2").
std::string scenarioText(const Configuration& config);

} // namespace iolens::core

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/csv_mapping.hpp"
#include "data/csv_table.hpp"

#include <string>
#include <vector>

namespace iolens::core {

/// A first guess at a user's CSV: which column is which iolens field, in which unit.
struct MappingProposal {
    /// May lack configuration fields no column names: the user adds a column or a constant.
    CsvMapping mapping;
    /// What the guess assumed or could not decide, one sentence each ("'lat' names no unit: ms
    /// assumed"), and which required fields nothing gives.
    std::vector<std::string> notes;
    std::vector<std::string> unrecognisedColumns;
};

/// Proposes a mapping from the header's words and units ("bs", "blocksize", "iodepth",
/// "lat_us", "bw_read_MB/s", "rwmixread") and, where a name gives no unit, from the first rows'
/// values (a share whose values are all <= 1 is a fraction). Each field goes to the column that
/// names it best; vms and scheduler, which single-host tools rarely write, become constants 1 and
/// "none". The core of the window's import dialog and of `import --propose-mapping`.
MappingProposal proposeCsvMapping(const CsvTable& table);

} // namespace iolens::core

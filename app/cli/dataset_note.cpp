// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/dataset_note.hpp"

#include <iostream>

namespace iolens::cli {

void notePooledDatasets(
    core::MeasurementDatabase& db, const std::optional<std::string>& dataset, const char* command)
{
    if (dataset)
        return;
    const std::vector<core::DatasetInfo> datasets = db.datasets();
    if (datasets.size() < 2)
        return;
    std::string names;
    for (const core::DatasetInfo& d : datasets)
        names += (names.empty() ? "" : ", ") + d.name;
    std::cerr << "iolens-cli " << command << ": note: no --dataset: the " << datasets.size()
              << " datasets of " << db.path() << " (" << names
              << ") are pooled, the runs of a configuration measured in several averaged as "
                 "its repeats; --dataset NAME reads one\n";
}

} // namespace iolens::cli

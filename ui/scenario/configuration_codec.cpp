// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/configuration_codec.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "data/measurement_csv.hpp"

namespace iolens::ui {

QString encodeConfiguration(const core::Configuration& config)
{
    const auto& required = core::requiredMeasurementColumns();
    // The first seven required columns are the configuration (measurement_csv.hpp).
    const std::vector<std::string> header(required.begin(), required.begin() + 7);
    return QString::fromStdString(
        core::formatCsvLine(header) + core::formatCsvLine(core::configurationFields(config)));
}

std::optional<core::Configuration> decodeConfiguration(const QString& text)
{
    try {
        const auto configs
            = core::configurationsFromCsv(core::parseCsv(text.toStdString(), "settings"));
        if (configs.size() == 1)
            return configs.front();
    } catch (const core::Error&) {
        // A damaged or outdated setting is as good as none.
    }
    return std::nullopt;
}

} // namespace iolens::ui

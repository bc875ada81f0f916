// SPDX-License-Identifier: GPL-3.0-or-later
// Writes tests/data/models/v<format>/<technique>.json: every registered technique trained on the
// contract rows, saved in today's model format, with its predictions for those rows. Run it once
// per model format version, before the format changes; the contract test then checks that each
// frozen file still loads and predicts the same values.
//   freeze_model_files            writes the files of TrainedModel::kFormatVersion
#include "models/regressor_registry.hpp"
#include "support/model_contract_data.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>

int main()
{
    using namespace iolens;
    const std::string directory = test::frozenModelDirectory(core::TrainedModel::kFormatVersion);
    std::filesystem::create_directories(directory);
    const auto configs = test::contractConfigurations();
    for (const std::string& technique : core::techniqueNames()) {
        const core::TrainedModel model = test::trainContractModel(technique, test::contractRows());
        const Eigen::VectorXd predicted = model.predict(configs);
        nlohmann::json file {{"model", model.toJson()},
            {"predictions", std::vector<double>(predicted.begin(), predicted.end())}};
        const std::string path = directory + "/" + technique + ".json";
        std::ofstream(path) << file.dump() << '\n';
        std::cout << path << '\n';
    }
    return 0;
}

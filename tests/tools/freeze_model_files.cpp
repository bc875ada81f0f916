// SPDX-License-Identifier: GPL-3.0-or-later
// Writes tests/data/models/v<format>/<technique>.json: every registered technique trained on the
// contract rows, saved in today's model format, with its predictions for those rows. Run it once
// per model format version, before the format changes; the contract test then checks that each
// frozen file still loads and predicts the same values.
//   freeze_model_files            writes the files of TrainedModel::kFormatVersion
//   freeze_model_files TECHNIQUE NAME
//                                 writes TECHNIQUE's file alone, as NAME.json beside them: a
//                                 technique's own state version frozen after the format's (the
//                                 auto model's state changes more often than the file format)
#include "models/regressor_registry.hpp"
#include "support/model_contract_data.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>

int main(int argc, char** argv)
{
    using namespace iolens;
    if (argc != 1 && argc != 3) {
        std::cerr << "usage: freeze_model_files [TECHNIQUE NAME]\n";
        return 2;
    }
    const std::string directory = test::frozenModelDirectory(core::TrainedModel::kFormatVersion);
    std::filesystem::create_directories(directory);
    const auto configs = test::contractConfigurations();
    const auto freeze = [&](const std::string& technique, const std::string& name) {
        const core::TrainedModel model = test::trainContractModel(technique, test::contractRows());
        const Eigen::VectorXd predicted = model.predict(configs);
        nlohmann::json file {{"model", model.toJson()},
            {"predictions", std::vector<double>(predicted.begin(), predicted.end())}};
        const std::string path = directory + "/" + name + ".json";
        std::ofstream(path) << file.dump() << '\n';
        std::cout << path << '\n';
    };
    if (argc == 3) {
        freeze(argv[1], argv[2]);
        return 0;
    }
    for (const std::string& technique : core::techniqueNames())
        freeze(technique, technique);
    return 0;
}

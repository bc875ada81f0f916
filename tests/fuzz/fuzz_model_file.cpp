// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: a serialized model (the JSON the database and model files hold). Any input must
// give a result or one of iolens's own errors (a message naming the file and the field); anything
// else is a bug.
#include "common/error.hpp"
#include "common/json_text.hpp"
#include "data/configuration.hpp"
#include "models/trained_model.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        nlohmann::json json = iolens::core::parseJsonText(text, "fuzz-model.json");
        // The frozen model files (the seed corpus) hold the model beside its predictions.
        if (json.is_object() && json.contains("model"))
            json = json["model"];
        const auto model = iolens::core::TrainedModel::fromJson(json);
        iolens::core::Configuration config;
        config.filesetBytes = 1LL << 30;
        config.requestBytes = 16384;
        model.predict(config); // a model that loads must answer, or refuse with a clear error
    } catch (const iolens::core::Error&) {
        // Refused with a clear message: what bad input must get.
    }
    return 0;
}

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/param_spec.hpp"

#include <QString>

#include <string>

namespace iolens::ui {

/// Where a model of the window comes from: trained by the window with the technique's default
/// parameters, or handed in from elsewhere (the optimizer's best point, ICPE'13 Algorithm 1).
/// Where a model of the window comes from: trained by it with default parameters, the Parameter
/// search tab's best point, or the open database's stored models (`iolens-cli train`, `optimize`,
/// `model import`).
enum class ModelOrigin { Default, Optimized, Stored };

/// Translated texts about models for column headers, tooltips and the Models tab. Core keeps
/// its English keys ("mars") for the command line and files.

/// "MARS (multivariate adaptive regression splines)"; the key itself for an unknown technique.
QString techniqueTitle(const std::string& technique);
/// "default" / "optimized" / "stored"
QString originText(ModelOrigin origin);
/// Compact "name=value" list in the technique's parameter order: "nk=0 thresh=0.001 nprune=800
/// degree=2". "log_response" is left out at its default (1) and named when it is 0, since
/// every model of the window fits the log scale unless told otherwise. Locale-independent, as
/// `iolens-cli --param` takes it.
QString parametersText(const std::string& technique, const core::ParamValues& values);

} // namespace iolens::ui

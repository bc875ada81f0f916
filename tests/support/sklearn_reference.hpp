// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "support/reference_tools.hpp"

#include <Eigen/Dense>

#include <vector>

namespace iolens::test {

/// Runs a python3 script with scikit-learn available: the first python3 on PATH that can import
/// sklearn, else the system interpreter /usr/bin/python3 (Debian's python3-sklearn lives there
/// even when a pyenv or venv python3 comes first on PATH). available = false, with the reason, when
/// no interpreter has sklearn; use IOLENS_REQUIRE_TOOL on the result.
ToolRun runPythonWithSklearn(const QString& script, const QStringList& arguments = {});

/// Python code defining read_matrix(path) -> (X, y or None) for numericCsv files
/// (ensemble_test_data.hpp: header x0..x{p-1}[,y], exact hex floats), to paste at the top of a
/// reference script.
extern const char* const kReadMatrixPython;

/// Parses tool output: one line per row, numbers separated by white space (Python repr gives
/// exact doubles). Lines starting with '#' are skipped.
std::vector<std::vector<double>> parseNumberLines(const QString& output);

} // namespace iolens::test

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails on any C++ file that the committed .clang-format would change. The formatter is pinned to
# Debian 12's clang-format 14: another version formats some constructs differently.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=$(clang-format --version)
case "$version" in
  *"version 14."*) ;;
  *) echo "check_format: needs Debian 12's clang-format 14, found: $version" >&2; exit 1 ;;
esac
git ls-files -z '*.cpp' '*.hpp' '*.h' | xargs -0 clang-format --dry-run --Werror
echo "check_format: $(git ls-files '*.cpp' '*.hpp' '*.h' | wc -l) files formatted"

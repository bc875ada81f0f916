#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages iolens needs, only those missing.
#   packaging/install-deps.sh app    build and run the window (every preset compiles with clang,
#                                    which compiles iolens a fifth faster than g++ 12; g++
#                                    brings the C++ standard library it uses)
#   packaging/install-deps.sh test   also the test references (R, scikit-learn, fio), the
#                                    packaging checks (dpkg-dev, desktop-file-utils, appstream)
#                                    and the checks' tools, clang-format and clang-tidy
#                                    (Debian 12: version 14)
set -euo pipefail

build_packages=(
  cmake g++ clang libomp-14-dev ninja-build ccache mold pkg-config libbenchmark-dev
  qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev libgl-dev
  libqcustomplot-dev libeigen3-dev libsqlite3-dev nlohmann-json3-dev libboost-math-dev
  fonts-dejavu-core
)
test_packages=(
  r-base-core r-cran-earth r-cran-rpart r-cran-randomforest python3 python3-sklearn fio
  dpkg-dev desktop-file-utils appstream clang-format clang-tidy
)

case "${1:-app}" in
  app) wanted=("${build_packages[@]}") ;;
  test) wanted=("${build_packages[@]}" "${test_packages[@]}") ;;
  *) echo "usage: $0 app|test" >&2; exit 2 ;;
esac

missing=()
for package in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
  "${missing[@]}"

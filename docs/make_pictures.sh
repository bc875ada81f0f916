#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Redraws the README's pictures of the window and of every `iolens-cli render` view from a build:
#   docs/make_pictures.sh [BUILD_DIR]     (default build/release)
# All come from the embedded examples and the command line alone (render and --screenshot read no
# saved settings), so they are the same on every machine. Not redrawn here: measure-dialog.png
# and measured-own.png (they need a measurement run on a real disk) and
# render-insideout-density.png (it needs measured low-level runs, see the README).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
export QT_QPA_PLATFORM=offscreen
window() { "$build/app/iolens" "$@" >/dev/null 2>&1; }
render() { "$build/app/iolens-cli" render "$@" >/dev/null; }
limits=(--limit "rt_read_ms<=5" --limit "tp_write_mbs>=10")

window --example tiered --size 1280x800 --screenshot docs/screenshot.png
window --example local --tab error-cdf --size 1280x800 --screenshot docs/error-cdf.png
window --example tiered --tab profiler --size 1280x800 --screenshot docs/profiler.png
window --example local --tab application --size 1280x800 --screenshot docs/application.png

for view in measurements models predictions cdf surface conservation; do
  render --view "$view" --size 1600x1000 --out "docs/render-$view.png"
done
render --view profiler "${limits[@]}" --size 1600x1000 --out docs/render-profiler-limits.png
render --view capacity "${limits[@]}" --size 1000x300 --out docs/capacity.png
render --view surface --metric rt_read_ms --size 900x600 --out docs/search-surface.png
echo "pictures redrawn in docs/"

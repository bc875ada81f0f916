#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Times iolens and R (earth, rpart) on the same data in one run and prints the ratios.
#   tests/bench/compare_with_r.sh BUILD_DIR
set -euo pipefail
build=${1:-build/release}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$build/tests/bench_models" --export-data "$work"
"$build/tests/bench_models" --benchmark_format=csv --benchmark_min_time=0.5 \
  --benchmark_filter='(mars|cart)' 2>/dev/null > "$work/iolens.csv"
Rscript "$here/r_reference.R" "$work" > "$work/r.csv"
python3 - "$work/iolens.csv" "$work/r.csv" <<'PY'
import csv, sys
ours = {}
for row in csv.DictReader(open(sys.argv[1])):
    ours[row["name"]] = float(row["real_time"])  # ms
print(f"{'benchmark':38} {'iolens ms':>10} {'R ms':>10} {'R / iolens':>10}")
for row in csv.DictReader(open(sys.argv[2])):
    name, r_ms = row["name"], float(row["ms"])
    if name in ours:
        print(f"{name:38} {ours[name]:10.2f} {r_ms:10.2f} {r_ms / ours[name]:10.1f}")
PY

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <string>

namespace iolens::test {

/// Writes a synthetic measurement run as the harness does (`KEY.nodes.csv`, `KEY.target.csv`):
/// three nodes sampled every second for `seconds`, metrics disk_mbs (a random walk), cpu_pct and
/// mem_mb (independent noise). The target throughput_mbs is exactly 10 + 2 x the summed disk
/// rate when `linear`, else noise only (uniform 1..100, unrelated to every metric), so the
/// Inside-Out accuracy is near 1 for a linear run and low for a noise run.
void writeLowLevelRun(
    const QString& directory, const std::string& key, int seconds, bool linear, unsigned seed);

} // namespace iolens::test

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineParser>

namespace iolens::cli {

/// `iolens-cli predict --db DB --model NAME --configs FILE --out FILE [--interval LEVEL]`: the
/// stored model's prediction for every configuration of the CSV (a one-VM model spread over
/// each row's VMs, ICPE'13 6.3), with `lower` and `upper` at LEVEL for an auto model, written
/// atomically; notes on stderr where a row asks what the model never learned or lies beyond its
/// ranges. Throws InputError (exit status 2) for a bad option, file, row or label.
int runPredict(const QCommandLineParser& parser);

} // namespace iolens::cli

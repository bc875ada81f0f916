// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <vector>

namespace iolens::cli {

/// Options of `iolens-cli simulate --app APP.json|fileserver|varmail|webserver
/// (--db DB [--model MODEL]... | --storage-delay-ms X [--db DB]) [--clients 1,2,4,8] [--seed 1]
/// [--precision 0.03] [--memory-length 100] [--scenario TEXT] [--dataset NAME]
/// [--calibrate-clients N] [--cpu-cores N] [--request-size own|mean] [--sla-ms X] [--out CSV]`.
std::vector<QCommandLineOption> simulateOptions();

/// The application-level what-if (CBSE'14): simulates the application per client count with
/// the storage delayed by the stored models (or, without --model, by `auto` models trained on
/// the database for read and write response time) or by a constant. Prints one line per client
/// count; --out writes the CSV (clients, throughput_per_s, throughput_ci_per_s,
/// response_time_ms, response_time_ci_ms, io_response_time_ms, cpu_utilization, then
/// delay_busy, storage_busy, loops, simulated_s, precision_reached, the measured run's
/// measured_throughput_per_s and measured_response_time_ms with CBSE'14's err_io and err_e2e
/// where the database holds a loadgen run of the application at that client count, and one
/// op_N_NAME_ms column per operation, then queue_N_utilization per queue of the definition). With
/// --calibrate-clients N the CPU and delay demands and the memory length are first fitted to the
/// run at N clients; --sla-ms prints how many clients keep the loop's response time within the
/// limit (core::clientHeadroom). Throws InputError (exit status 2) for bad input.
int runSimulate(const QCommandLineParser& parser);

} // namespace iolens::cli

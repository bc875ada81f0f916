// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/multi_host_run.hpp"

#include "harness/file_set_layout.hpp"
#include "harness/fio_client.hpp"
#include "harness/fio_job.hpp"
#include "harness/multi_vm.hpp"

#include <chrono>

namespace iolens::core {

MultiHostRun runOnHosts(const MultiHostRunRequest& request)
{
    const MeasurementPlan& plan = *request.plan;
    const Configuration& c = request.config;
    const TargetDirectory& target = *request.target;
    // Host h runs VM h's share, at the path the local layout would use: the target path is the
    // same on every host (MeasurementPlan), and on hosts sharing a file system (loopback) the
    // shares do not overlap. fio creates the folders and files on the host.
    const auto shares = planFileSet(target.fileSetsDirectory(), c.filesetBytes, c.vms);
    std::vector<FioClientHost> hosts;
    for (std::size_t h = 0; h < plan.hosts.size(); ++h)
        hosts.push_back({plan.hosts[h].address, plan.hosts[h].port,
            fioJobFileText(FioJob {c, plan.workload, shares[h], {}})});
    FioClientOptions options;
    options.fioProgram = request.fioProgram;
    options.workDirectory = target.inside(target.rawDirectory() / (request.name + ".hosts"));
    options.cancel = request.cancel;
    options.import.scheduler = c.scheduler;
    const auto start = std::chrono::steady_clock::now();
    const FioClientResult result = runFioClient(hosts, options);
    MultiHostRun run;
    if (result.cancelled) {
        run.cancelled = true;
        return run;
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::vector<Measurement> perHost;
    for (std::size_t h = 0; h < result.hosts.size(); ++h) {
        Measurement own = result.hosts[h].measurement;
        own.config = c;
        own.config.threads = c.threads / c.vms;
        own.config.filesetBytes = c.filesetBytes / c.vms;
        own.config.vms = 1;
        perHost.push_back(own);
        run.hosts.push_back({plan.hosts[h].name, fioClientAddress(hosts[h]), own});
    }
    run.row = combineVmResults(perHost, c);
    return run;
}

} // namespace iolens::core

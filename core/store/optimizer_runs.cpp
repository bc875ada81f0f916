// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/optimizer_runs.hpp"

#include "store/sqlite_connection.hpp"

namespace iolens::core {

namespace {

std::vector<StoredOptimizerRun> selectRuns(
    MeasurementDatabase& db, const std::optional<std::int64_t>& id)
{
    // Points without a score were cut off by a failure; they count neither as points nor as best.
    Statement select(db.connection(),
        "SELECT r.id, r.technique, r.metric, COALESCE(d.name, ''), r.settings, r.status, "
        "r.created, COUNT(p.score), MIN(p.score) FROM optimizer_runs r "
        "LEFT JOIN datasets d ON d.id = r.dataset_id "
        "LEFT JOIN optimizer_points p ON p.run_id = r.id "
        "WHERE ? IS NULL OR r.id = ? GROUP BY r.id ORDER BY r.id");
    if (id)
        select.bind(1, *id).bind(2, *id);
    else
        select.bindNull(1).bindNull(2);
    std::vector<StoredOptimizerRun> runs;
    while (select.step()) {
        StoredOptimizerRun run;
        run.id = select.int64(0);
        run.technique = select.text(1);
        run.metric = select.text(2);
        run.dataset = select.text(3);
        run.settings = select.text(4);
        run.status = select.text(5);
        run.created = select.text(6);
        run.points = static_cast<int>(select.int64(7));
        run.bestCost = select.optionalReal(8);
        runs.push_back(std::move(run));
    }
    return runs;
}

} // namespace

std::vector<StoredOptimizerRun> optimizerRuns(MeasurementDatabase& db)
{
    return selectRuns(db, std::nullopt);
}

std::optional<StoredOptimizerRun> optimizerRun(MeasurementDatabase& db, std::int64_t id)
{
    auto runs = selectRuns(db, id);
    if (runs.empty())
        return std::nullopt;
    return std::move(runs.front());
}

} // namespace iolens::core

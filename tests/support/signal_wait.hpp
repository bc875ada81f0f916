// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDeadlineTimer>
#include <QSignalSpy>

#include <algorithm>

namespace iolens::test {

// QSignalSpy::wait() waits for a *new* emission. A background job's signal that arrived
// while an earlier wait spun the event loop, or before the spy existed, would be missed
// and the test would time out although the job had finished (a CI failure on 2 cores).
// This waits until the spy holds `count` emissions in all, counting those already there.
inline bool waitForEmissions(QSignalSpy& spy, int count, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    while (spy.count() < count && !deadline.hasExpired())
        spy.wait(static_cast<int>(std::max<qint64>(1, deadline.remainingTime())));
    return spy.count() >= count;
}

inline bool waitForEmission(QSignalSpy& spy, int timeoutMs)
{
    return waitForEmissions(spy, 1, timeoutMs);
}

} // namespace iolens::test

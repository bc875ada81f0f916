// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/background_pool.hpp"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>

#include <cstdio>
#include <cstdlib>

namespace iolens::ui {

namespace {

void waitForBackgroundWork();

struct LowPriorityPool : QThreadPool {
    LowPriorityPool()
    {
        setMaxThreadCount(QThread::idealThreadCount());
        setThreadPriority(QThread::LowPriority);
        // Running tasks use function-local statics of core (the technique registry). Waited
        // for only when this pool is destroyed, among the statics, a task outlived them (ASan:
        // heap-use-after-free in createRegressor after a test's last function). The
        // application's destructor runs post routines before any static is destroyed, as it
        // waits for Qt's global pool.
        qAddPostRoutine(waitForBackgroundWork);
    }
};

Q_GLOBAL_STATIC(LowPriorityPool, pool)

void waitForBackgroundWork()
{
    if (pool.exists())
        pool()->waitForDone();
}

} // namespace

QThreadPool* backgroundPool()
{
    return pool();
}

int endBackgroundWork(int status)
{
    if (!pool.exists() || pool()->activeThreadCount() == 0)
        return status;
    std::fflush(stdout);
    std::fflush(stderr);
    std::_Exit(status);
}

} // namespace iolens::ui

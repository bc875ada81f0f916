// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/background_pool.hpp"

#include <QThread>
#include <QThreadPool>

namespace iolens::ui {

namespace {

struct LowPriorityPool : QThreadPool {
    LowPriorityPool()
    {
        setMaxThreadCount(QThread::idealThreadCount());
        setThreadPriority(QThread::LowPriority);
    }
};

Q_GLOBAL_STATIC(LowPriorityPool, pool)

} // namespace

QThreadPool* backgroundPool()
{
    return pool();
}

} // namespace iolens::ui

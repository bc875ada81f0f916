// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QThreadPool;

namespace iolens::ui {

/// The threads the window's heavy work runs on: training and cross-validating models, parameter
/// searches, simulations, trace analyses. Not QThreadPool::globalInstance(): Qt 6.4's raster
/// paint engine splits large fills over the global pool and waits for them on the UI thread, so
/// with every global thread busy training (24 models on a database of 100,000 configurations)
/// the window stopped painting, and answering, until a model finished: the UI thread was found
/// waiting in QRasterPaintEngine::fill. This pool's threads run at low priority, so the sliders
/// keep the CPU they need. It is as wide as the machine (QThread::idealThreadCount()) and lives
/// until the application ends: the application object's destructor waits for its running
/// tasks, as it does for the global pool's.
QThreadPool* backgroundPool();

/// The application's last step, after its windows are gone: returns `status` when no background
/// task runs; otherwise ends the process at once with it (stdio flushed, std::_Exit). The tasks
/// only compute (training, cross-validation: nothing off the UI thread writes a file or the
/// database), so nothing is lost, whereas waiting for them could keep a closed window's process
/// alive for minutes (`auto`'s cross-validation on a large database).
int endBackgroundWork(int status);

} // namespace iolens::ui

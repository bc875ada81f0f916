// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "harness/child_process.hpp"

#include <QString>

#include <memory>

namespace iolens::test {

/// A TCP port the kernel just had free on 127.0.0.1 (bound to port 0, then released): nothing
/// listens there until someone takes it. 0 if no socket could be bound.
int freeLoopbackPort();

/// Starts `fio --server` on 127.0.0.1 at a port the kernel just had free, trying a few ports
/// (another program may take one between the probe and fio's bind), and waits until it listens.
/// Returns null (port 0) if no server came up. The ChildProcess stops the server when it goes
/// out of scope, on a failed check too, and the server dies with the test process. Its
/// messages go to DIR/server-PORT.log.
std::unique_ptr<core::ChildProcess> startFioServer(
    const QString& fioProgram, const QString& dir, int& port);

} // namespace iolens::test

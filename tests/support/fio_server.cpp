// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/fio_server.hpp"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>

namespace iolens::test {

namespace {

// True once 127.0.0.1:port is in LISTEN state (/proc/net/tcp: local address, state 0A).
bool listening(int port)
{
    char wanted[32];
    std::snprintf(wanted, sizeof wanted, "0100007F:%04X", port);
    std::ifstream tcp("/proc/net/tcp");
    for (std::string line; std::getline(tcp, line);)
        if (line.find(wanted) != std::string::npos && line.find(" 0A ") != std::string::npos)
            return true;
    return false;
}

} // namespace

int freeLoopbackPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    int port = 0;
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    if (fd >= 0)
        ::close(fd);
    return port;
}

std::unique_ptr<core::ChildProcess> startFioServer(
    const QString& fioProgram, const QString& dir, int& port)
{
    for (int attempt = 0; attempt < 5; ++attempt) {
        port = freeLoopbackPort();
        const QString log = dir + QStringLiteral("/server-%1.log").arg(port);
        auto server = std::make_unique<core::ChildProcess>(fioProgram.toStdString(),
            std::vector<std::string> {"--server=ip:127.0.0.1," + std::to_string(port)},
            log.toStdString(), log.toStdString() + ".err");
        for (int wait = 0; wait < 150 && !server->poll(); ++wait) {
            if (listening(port))
                return server;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
    port = 0;
    return nullptr;
}

} // namespace iolens::test
